/**
 * Several log files read at once: the files are dealt to worker threads (one per core, the
 * largest first to the least loaded), each reads its share into a collector of its own and sends
 * back its state; the main thread absorbs them and verifies and reports once. This module is also
 * the workers' entry: a worker runs the job it was started with.
 */
import { RobotsError, type RobotsErrorDetails } from '@robots-kit/core';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Collector, collectLog } from './collector.js';
import { loadRobotsInForce } from './robots-in-force.js';
import { type CollectedState, isCollectedState } from './state.js';
import type { LogFormat, RobotsVersion } from './types.js';

const KIND = 'robots-kit-logs';
/** What a worker is asked to do (structured-clone safe). */
interface Job {
  kind: typeof KIND;
  inputs: string[];
  robots?: RobotsVersion[];
  format?: LogFormat;
  sampleLines: number;
  now: number;
}
type Answer = { state: CollectedState } | { error: { message: string; details?: RobotsErrorDetails } };

/** The compiled module, also when this runs from `src/` (tests): workers run JavaScript. */
const WORKER_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/parallel.js');

/** Threads to use for `files` inputs: one per core, at most one per file. */
export function threadsFor(files: number, wanted: number | boolean | undefined): number {
  if (wanted === false || files < 2) return 1;
  const limit = typeof wanted === 'number' ? wanted : availableParallelism();
  return Math.max(1, Math.min(files, limit));
}

/** Files dealt to `count` groups, largest first to the group with the fewest bytes so far. */
async function deal(inputs: readonly string[], count: number): Promise<string[][]> {
  const sizes = await Promise.all(
    inputs.map((input) =>
      stat(input).then(
        (info) => info.size,
        () => 0,
      ),
    ),
  );
  const order = inputs.map((input, index) => ({ input, size: sizes[index]! })).sort((a, b) => b.size - a.size);
  const groups = Array.from({ length: count }, () => ({ inputs: [] as string[], bytes: 0 }));
  for (const { input, size } of order) {
    const lightest = groups.reduce((best, group) => (group.bytes < best.bytes ? group : best));
    lightest.inputs.push(input);
    lightest.bytes += size;
  }
  // Each group reads its files in the order given, so line numbers and samples read naturally.
  return groups.map((group) => inputs.filter((input) => group.inputs.includes(input))).filter((g) => g.length > 0);
}

function runWorker(job: Job): Promise<CollectedState> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: job });
    let settled = false;
    worker.once('message', (answer: Answer) => {
      settled = true;
      if ('state' in answer) resolve(answer.state);
      else reject(answer.error.details ? new RobotsError(answer.error.details) : new Error(answer.error.message));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`a log reading thread stopped (exit code ${code})`));
    });
  });
}

/** The states of `inputs` (files, not `-`) read by `threads` worker threads. */
export async function collectInParallel(
  inputs: readonly string[],
  options: { robots?: readonly RobotsVersion[]; format?: LogFormat; sampleLines?: number },
  now: number,
  threads: number,
): Promise<CollectedState[]> {
  const groups = await deal(inputs, threads);
  return Promise.all(
    groups.map((group) =>
      runWorker({
        kind: KIND,
        inputs: group,
        ...(options.robots ? { robots: [...options.robots] } : {}),
        ...(options.format ? { format: options.format } : {}),
        sampleLines: options.sampleLines ?? 5,
        now,
      }),
    ),
  );
}

async function work(job: Job): Promise<Answer> {
  try {
    const robots = job.robots && job.robots.length > 0 ? await loadRobotsInForce(job.robots) : undefined;
    const collector = new Collector(robots, job.sampleLines, job.now);
    for (const input of job.inputs) await collectLog(collector, input, job.format ? { format: job.format } : {});
    const state = collector.state(job.inputs);
    if (!isCollectedState(state)) throw new Error('a log reading thread collected an unreadable state');
    return { state };
  } catch (error) {
    return {
      error: {
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof RobotsError ? { details: error.details } : {}),
      },
    };
  }
}

if (!isMainThread && (workerData as Partial<Job> | undefined)?.kind === KIND) {
  parentPort!.postMessage(await work(workerData as Job));
}

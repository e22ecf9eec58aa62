/**
 * Several log files read at once: the files are dealt to threads (one per core, the largest
 * first to the least loaded: this thread and worker threads), each reads its share into a
 * collector of its own; the main thread absorbs the states and verifies and reports once. This module is also
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

/**
 * Threads to use for `files` inputs, at most one per file; by default one per core but one: one
 * reader already keeps a second core busy with V8's own threads (collection, compilation), and on
 * 2 cores two readers measured slower than one (`npm run bench`, bench/README.md).
 */
export function threadsFor(files: number, wanted: number | boolean | undefined): number {
  if (wanted === false || files < 2) return 1;
  const limit = typeof wanted === 'number' ? wanted : availableParallelism() - 1;
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
      try {
        resolve(stateOf(answer));
      } catch (error) {
        reject(error);
      }
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
  // The first group is read on this thread, which has loaded everything already: a worker starts
  // by loading the reader's modules (about as long as reading a few MB), so each worker started
  // is that much more CPU, and one fewer keeps two files on two cores nearer to twice as fast.
  return Promise.all(
    groups.map((group, index) => {
      const job: Job = {
        kind: KIND,
        inputs: group,
        ...(options.robots ? { robots: [...options.robots] } : {}),
        ...(options.format ? { format: options.format } : {}),
        sampleLines: options.sampleLines ?? 5,
        now,
      };
      return index === 0 ? work(job).then(stateOf) : runWorker(job);
    }),
  );
}

/** The state an answer carries, or its error thrown as a worker's would be. */
function stateOf(answer: Answer): CollectedState {
  if ('state' in answer) return answer.state;
  throw answer.error.details ? new RobotsError(answer.error.details) : new Error(answer.error.message);
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

/**
 * Real Eleventy projects for the tests that need the command line (`--pathprefix`, `--watch
 * --incremental`, a CommonJS config, an environment): a folder of files under the git-ignored
 * `test/_site/`, built by Eleventy's own CLI with the package as published (`dist`, resolved
 * through the workspace's node_modules like any dependency).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { robotsTags } from './meta-tags.js';
import { scratchOutput } from './build-stub.js';

export const ELEVENTY_CLI = fileURLToPath(new URL('../../../../node_modules/@11ty/eleventy/cmd.cjs', import.meta.url));

/** Writes `files` (path → content) into a new project folder and returns it. */
export async function createProject(name: string, files: Readonly<Record<string, string>>): Promise<string> {
  const dir = await scratchOutput(name);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return dir;
}

/** Makes the dev server of `eleventy --serve` listen on 127.0.0.1 only (it has no host option). */
export const LOOPBACK_ONLY = fileURLToPath(new URL('./loopback-only.mjs', import.meta.url));
const CLI_ENV = { NO_COLOR: '1', ROBOTS_INDEXABLE: '', CONTEXT: '', VERCEL_ENV: '' };

export interface CliBuild {
  status: number | null;
  /** stdout and stderr. */
  log: string;
}

/** `eleventy <args>` in the project folder, to the end. */
export function runCli(
  dir: string,
  args: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): CliBuild {
  const build = spawnSync(process.execPath, [ELEVENTY_CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...CLI_ENV, ...env },
    timeout: 120_000,
  });
  return { status: build.status, log: `${build.stdout}${build.stderr}` };
}

/** A long-running `eleventy --watch` whose output is read as it comes. */
export interface WatchingCli {
  child: ChildProcess;
  log(): string;
  /** Resolves once the log has `count` matches of `pattern` (default: one more build than now). */
  waitFor(pattern: RegExp, count: number, timeoutMs?: number): Promise<void>;
  /** How many times the log matches `pattern`. */
  count(pattern: RegExp): number;
  stop(): Promise<void>;
}

export function startCli(
  dir: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): WatchingCli {
  const child = spawn(process.execPath, ['--import', LOOPBACK_ONLY, ELEVENTY_CLI, ...args], {
    cwd: dir,
    env: { ...process.env, ...CLI_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const count = (pattern: RegExp) =>
    [...log.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))]
      .length;
  return {
    child,
    log: () => log,
    count,
    waitFor(pattern, wanted, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (count(pattern) >= wanted) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${wanted}× ${pattern} within ${timeoutMs} ms; log:\n${log}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/** URL path → robots tags of every HTML file of an output folder. */
export async function tagsByUrl(output: string): Promise<Record<string, Record<string, string>>> {
  const result: Record<string, Record<string, string>> = {};
  for (const file of (await readdir(output, { recursive: true })).sort()) {
    if (!file.endsWith('.html')) continue;
    const url =
      '/' +
      file
        .split(path.sep)
        .join('/')
        .replace(/(^|\/)index\.html$/, '$1');
    result[url] = robotsTags(await readFile(path.join(output, file), 'utf8'));
  }
  return result;
}

/** The audit's summary line, as the plugin logs it. */
export function auditSummary(log: string): string | undefined {
  return /robots-kit audit of [^:]*: [^\n]*/.exec(log)?.[0];
}

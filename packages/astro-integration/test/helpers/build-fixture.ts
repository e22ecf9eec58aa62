import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type AstroInlineConfig } from 'astro';

export interface LogEntry {
  level: string;
  label: string | null;
  message: string;
}

export interface BuiltFixture {
  root: URL;
  outDir: URL;
  /** Seconds the build took, for the report. */
  seconds: number;
  logs: LogEntry[];
  /** A built file as text, e.g. `blog/first-post/index.html`. */
  read(path: string): Promise<string>;
  readBytes(path: string): Promise<Buffer>;
}

const LOGS = Symbol.for('@robots-kit/astro test logs');
/** Environment variables core reads to decide whether a build is indexable. */
const INDEXABLE_ENV = ['CONTEXT', 'VERCEL_ENV', 'ROBOTS_INDEXABLE'] as const;

export function fixtureRoot(name: string): URL {
  return new URL(`../fixtures/${name}/`, import.meta.url);
}

export interface BuildOptions {
  env?: Partial<Record<(typeof INDEXABLE_ENV)[number], string>>;
  config?: AstroInlineConfig;
}

/**
 * Builds a fixture site with Astro's public `build()`, in this process, with only the given
 * indexability variables set, and collects the build's log through a logger destination.
 */
export function buildFixture(name: string, options: BuildOptions = {}): Promise<BuiltFixture> {
  return buildSite(fixtureRoot(name), options);
}

/** Like `buildFixture`, for any Astro project folder (the examples). */
export async function buildSite(root: URL, { env = {}, config = {} }: BuildOptions = {}): Promise<BuiltFixture> {
  const outDir = new URL(
    config.outDir === undefined ? './dist/' : `${String(config.outDir).replace(/\/?$/, '/')}`,
    root,
  );
  await rm(outDir, { recursive: true, force: true });
  const saved = Object.fromEntries(INDEXABLE_ENV.map((key) => [key, process.env[key]]));
  for (const key of INDEXABLE_ENV) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  const logs: LogEntry[] = [];
  (globalThis as Record<symbol, unknown>)[LOGS] = logs;
  const started = performance.now();
  try {
    await build({
      root: fileURLToPath(root),
      logLevel: 'warn',
      logger: { entrypoint: fileURLToPath(new URL('./capture-logger.mjs', import.meta.url)) },
      ...config,
      outDir: fileURLToPath(outDir),
    });
  } finally {
    for (const key of INDEXABLE_ENV) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    root,
    outDir,
    seconds,
    logs,
    read: (path) => readFile(new URL(path, outDir), 'utf8'),
    readBytes: (path) => readFile(new URL(path, outDir)),
  };
}

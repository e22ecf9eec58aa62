import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eleventy } from '@11ty/eleventy';

export const STUBS = fileURLToPath(new URL('../stubs/', import.meta.url));

/** One output of a build, as `toJSON()` reports it. */
export interface BuiltPage {
  url: string | false;
  inputPath: string;
  outputPath: string | false;
  content: string;
}

export interface StubBuild {
  pages: BuiltPage[];
  /** Pages by URL; `permalink: false` pages are under their input path. */
  byUrl: Map<string, BuiltPage>;
  /** What the build sent to Eleventy's logger as warnings. */
  warnings: string[];
}

type ConfigCallback = (eleventyConfig: any) => void | Promise<void>;

/** Eleventy resolves paths against the working directory; keep them relative like the CLI does. */
export function relativeToCwd(absolute: string): string {
  return path.relative(process.cwd(), absolute) || '.';
}

/** A real Eleventy build of `test/stubs/<name>`, in memory, with its logger captured. */
export async function buildStub(
  name: string,
  config: ConfigCallback,
  input = path.join(STUBS, name),
): Promise<StubBuild> {
  const eleventy = new Eleventy(relativeToCwd(input), relativeToCwd(path.join(input, '_site')), {
    quietMode: false,
    config,
  });
  const warnings: string[] = [];
  eleventy.logger.overrideLogger({
    log() {},
    info() {},
    error() {},
    warn(message: string) {
      warnings.push(message);
    },
  });
  const pages = (await eleventy.toJSON()) as BuiltPage[];
  const byUrl = new Map(pages.map((page) => [page.url === false ? page.inputPath : page.url, page]));
  return { pages, byUrl, warnings };
}

/** A build that wrote its output. */
export interface WrittenBuild {
  /** The output folder, relative to the working directory as Eleventy reports it. */
  output: string;
  /** Written pages, as `eleventy.write()` reports them. */
  pages: BuiltPage[];
  /** Input file → output file of every passthrough copy. */
  copied: Map<string, string>;
  /** Lines Eleventy's logger printed as warnings (and notes, which it prints the same way). */
  warnings: string[];
  /** Lines it printed as errors. */
  errors: string[];
  /** Lines it printed as notes (`info`). */
  infos: string[];
  /** Why the build failed; `undefined` when it succeeded. */
  failure: unknown;
}

/** A folder of its own under the git-ignored `test/_site/`, so builds in parallel test files never share one. */
export async function scratchOutput(name: string): Promise<string> {
  const scratch = fileURLToPath(new URL('../_site/', import.meta.url));
  await mkdir(scratch, { recursive: true });
  return mkdtemp(path.join(scratch, `${name}-`));
}

/**
 * A real Eleventy build of `test/stubs/<name>` (or `input`) written to disk, with its
 * logger captured, also when the build fails. Eleventy runs `eleventy.after` listeners
 * before this resolves.
 */
export async function writeStub(
  name: string,
  config: ConfigCallback,
  options: { input?: string; output?: string; pathPrefix?: string } = {},
): Promise<WrittenBuild> {
  const input = options.input ?? path.join(STUBS, name);
  const output = relativeToCwd(options.output ?? (await scratchOutput(name)));
  const eleventy = new Eleventy(relativeToCwd(input), output, {
    quietMode: false,
    config,
    ...(options.pathPrefix === undefined ? {} : { pathPrefix: options.pathPrefix }),
  });
  const warnings: string[] = [];
  const errors: string[] = [];
  const infos: string[] = [];
  eleventy.logger.overrideLogger({
    log() {},
    info(message: string) {
      infos.push(message);
    },
    warn(message: string) {
      warnings.push(message);
    },
    error(message: string) {
      errors.push(message);
    },
  });
  try {
    const [passthrough, pages] = (await eleventy.write()) as [Array<{ map?: Record<string, string> }>, BuiltPage[]];
    const copied = new Map(passthrough.flatMap((result) => Object.entries(result?.map ?? {})));
    return { output, pages, copied, warnings, errors, infos, failure: undefined };
  } catch (failure) {
    return { output, pages: [], copied: new Map(), warnings, errors, infos, failure };
  }
}

/** Walks Eleventy's error wrappers (`originalError`) down to the first error of the given name. */
export function findCause(error: unknown, name: string): Error | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current.name === name) return current;
    current = (current as Error & { originalError?: unknown }).originalError ?? current.cause;
  }
  return undefined;
}

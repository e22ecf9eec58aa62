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
export async function buildStub(name: string, config: ConfigCallback, input = path.join(STUBS, name)): Promise<StubBuild> {
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

/** Walks Eleventy's error wrappers (`originalError`) down to the first error of the given name. */
export function findCause(error: unknown, name: string): Error | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current.name === name) return current;
    current = (current as Error & { originalError?: unknown }).originalError ?? current.cause;
  }
  return undefined;
}

import path from 'node:path';
import { writeHeaderFiles as writeCoreHeaderFiles, type HtmlPage } from '@robots-kit/core';
import { locateError } from '../locate-error.js';
import { OPTIONS_SOURCE } from '../options-source.js';

export interface HeaderFilesSetup {
  /** The `headers` option as the user wrote it. */
  headers: unknown;
  indexable: boolean;
  /** Every HTML page with its resolved tags, for `headers.html`. */
  pages: Iterable<HtmlPage>;
  outputDir: string;
  /** Vercel's files live beside `vercel.json`. Default: the working directory, which Eleventy resolves every path against. */
  projectRoot?: string;
}

/**
 * Writes the X-Robots-Tag header file of every target, each merged into the file already
 * there (a passthrough-copied `_headers`, the previous build's block). Returns lines for the
 * build log: what was written, and what the user must still do with it.
 */
export function writeHeaderFiles(setup: HeaderFilesSetup): string[] {
  let files;
  try {
    files = writeCoreHeaderFiles(setup.headers, {
      indexable: setup.indexable,
      pages: setup.pages,
      outputDir: setup.outputDir,
      projectDir: setup.projectRoot ?? process.cwd(),
      source: OPTIONS_SOURCE,
    });
  } catch (error) {
    throw locateError(error, undefined);
  }
  const written = files.map((file) => path.relative(process.cwd(), file.absolutePath) || file.absolutePath);
  const lines = written.length > 0 ? [`X-Robots-Tag header files written: ${written.join(', ')}.`] : [];
  return [...lines, ...files.flatMap((file) => (file.note ? [`${file.path}: ${file.note}`] : []))];
}

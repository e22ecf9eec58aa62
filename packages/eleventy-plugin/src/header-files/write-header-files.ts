import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateHeaderFiles, listOutputFiles, writeFileAtomic, type HeaderFileBase, type HtmlPage } from '@robots-kit/core';
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

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes the X-Robots-Tag header file of every target, each merged into the file already
 * there (a passthrough-copied `_headers`, the previous build's block). Returns lines for the
 * build log: what was written, and what the user must still do with it.
 */
export function writeHeaderFiles(setup: HeaderFilesSetup): string[] {
  const projectRoot = setup.projectRoot ?? process.cwd();
  const baseDir = (base: HeaderFileBase) => (base === 'output' ? setup.outputDir : projectRoot);
  let files;
  try {
    files = generateHeaderFiles(setup.headers, {
      indexable: setup.indexable,
      pages: [...setup.pages],
      files: listOutputFiles(setup.outputDir),
      source: OPTIONS_SOURCE,
      readExisting: (relativePath, base) => readIfExists(path.join(baseDir(base), relativePath)),
    });
  } catch (error) {
    throw locateError(error, undefined);
  }
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(baseDir(file.base), file.path);
    writeFileAtomic(target, file.content);
    written.push(path.relative(process.cwd(), target) || target);
  }
  const lines = written.length > 0 ? [`X-Robots-Tag header files written: ${written.join(', ')}.`] : [];
  return [...lines, ...files.flatMap((file) => (file.note ? [`${file.path}: ${file.note}`] : []))];
}

import { generateHeaderFiles, listOutputFiles, writeFileAtomic, type HeaderFile, type HeaderFileBase, type HtmlPage } from '@robots-kit/core';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HEADERS_HINT } from '../errors/hints.js';
import { toAstroError } from '../errors/to-astro-error.js';
import type { IntegrationState } from '../state.js';

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes the X-Robots-Tag header files of `headers.targets` (atomically): `_headers` and
 * `.htaccess` into the output folder, merged with the copies of `public/`; Vercel's file at
 * the project root. Each file's note (what to do with it) goes to the build log.
 */
export function writeHeaderFiles(state: IntegrationState, dir: string, pages: () => HtmlPage[]): void {
  const headers = state.userOptions.headers;
  if (headers === undefined) return;
  const baseDir = (base: HeaderFileBase): string => (base === 'output' ? dir : state.root);
  let files: HeaderFile[];
  try {
    files = generateHeaderFiles(headers, {
      indexable: state.options.indexable,
      ...(state.options.headers?.html ? { pages: pages() } : {}),
      files: listOutputFiles(dir),
      readExisting: (path, base) => readIfPresent(join(baseDir(base), path)),
      source: 'robots() options',
    });
  } catch (error) {
    throw toAstroError(error, HEADERS_HINT);
  }
  for (const file of files) {
    const path = join(baseDir(file.base), file.path);
    writeFileAtomic(path, file.content);
    state.logger.info(`\`${file.path}\` created at \`${relative(process.cwd(), baseDir(file.base)) || '.'}\``);
    if (file.note) state.logger.info(file.note);
  }
}

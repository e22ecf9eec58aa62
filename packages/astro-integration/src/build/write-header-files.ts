import { writeHeaderFiles as writeCoreHeaderFiles, type HtmlPage } from '@robots-kit/core';
import { relative } from 'node:path';
import { HEADERS_HINT } from '../errors/hints.js';
import { toAstroError } from '../errors/to-astro-error.js';
import type { IntegrationState } from '../state.js';

/**
 * Writes the X-Robots-Tag header files of `headers.targets`: `_headers` and `.htaccess` into
 * the output folder, merged with the copies of `public/`; Vercel's file at the project root.
 * Each file's note (what to do with it) goes to the build log.
 */
export function writeHeaderFiles(state: IntegrationState, dir: string, pages: () => HtmlPage[]): void {
  const headers = state.userOptions.headers;
  if (headers === undefined) return;
  let files;
  try {
    files = writeCoreHeaderFiles(headers, {
      indexable: state.options.indexable,
      ...(state.options.headers?.html ? { pages: pages() } : {}),
      outputDir: dir,
      projectDir: state.root,
      source: 'robots() options',
    });
  } catch (error) {
    throw toAstroError(error, HEADERS_HINT);
  }
  for (const file of files) {
    const folder = file.base === 'output' ? dir : state.root;
    state.logger.info(`\`${file.path}\` created at \`${relative(process.cwd(), folder) || '.'}\``);
    if (file.note) state.logger.info(file.note);
  }
}

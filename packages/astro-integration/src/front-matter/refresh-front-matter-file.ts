import { isDeepStrictEqual } from 'node:util';
import type { IntegrationState } from '../state.js';
import { readFrontMatterValue } from './read-front-matter-value.js';
import { rootRelativePath } from './root-relative-path.js';

/**
 * Re-reads one content file after it was created, edited or deleted, and reports whether
 * its own directives changed. Edits elsewhere in the file (text, title) change nothing here.
 */
export async function refreshFrontMatterFile(state: IntegrationState, file: string): Promise<boolean> {
  if (!state.frontMatter) return false;
  const values = await state.frontMatter;
  const key = rootRelativePath(state.root, file);
  const read = await readFrontMatterValue(file, state.options.frontMatterKey);
  const hadValue = values.has(key);
  const previous = values.get(key);
  if (read.found) values.set(key, read.value);
  else values.delete(key);
  return hadValue !== read.found || (read.found && !isDeepStrictEqual(previous, read.value));
}

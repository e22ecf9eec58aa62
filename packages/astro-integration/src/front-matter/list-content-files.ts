import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isContentFile } from './content-file-extensions.js';

/** Every Markdown/MDX/Markdoc file under `dir` (pages and content collections alike), absolute paths. */
export async function listContentFiles(dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => isContentFile(entry) && !entry.split(/[\\/]/).includes('node_modules'))
    .map((entry) => join(dir, entry))
    .sort();
}

import { readdirSync } from 'node:fs';
import { relative, sep } from 'node:path';

/**
 * The URL path of every file in a build output folder (`/files/guide.pdf`, `/index.html`),
 * sorted: what `generateHeaderFiles` needs as `files` to list the files of a glob a host
 * cannot express.
 */
export function listOutputFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + relative(dir, `${entry.parentPath}${sep}${entry.name}`).split(sep).join('/'))
    .sort();
}

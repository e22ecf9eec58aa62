import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The URL path of every file in the build output (`/index.html`, `/files/guide.pdf`): what
 * `generateHeaderFiles` needs to list the files a glob matches where a host's patterns cannot
 * express the glob itself. Read after the build, so passthrough copies are included.
 */
export function listOutputFiles(outputDir: string): string[] {
  let entries;
  try {
    entries = readdirSync(outputDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + path.relative(outputDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

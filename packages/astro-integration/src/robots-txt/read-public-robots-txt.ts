import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The user's own robots.txt and where it is. */
export interface PublicRobotsTxt {
  text: string;
  /** Absolute path. */
  file: string;
}

/**
 * The `robots.txt` in Astro's `publicDir`, read anew each time (in dev it may have been
 * edited since the last request). Undefined when there is none.
 */
export async function readPublicRobotsTxt(publicDir: string): Promise<PublicRobotsTxt | undefined> {
  const file = join(publicDir, 'robots.txt');
  try {
    return { text: await readFile(file, 'utf8'), file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

import path from 'node:path';
import { parseRobotsTxt } from '../robots-txt/parse-robots-txt.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import { readBytes } from './read-bytes.js';

/** Read whole even past Google's 500 KiB (the parser reports the excess); refuse absurd sizes. */
const MAX_ROBOTS_TXT_FILE_BYTES = 16 * 1024 * 1024;

/** The folder's robots.txt parsed as Google reads it, `missing`, or why it was skipped. */
export async function readRobotsTxt(root: string): Promise<{ parsed?: ParsedRobotsTxt; skipped?: string }> {
  const bytes = await readBytes(path.join(root, 'robots.txt'), MAX_ROBOTS_TXT_FILE_BYTES);
  if (!(bytes instanceof Uint8Array)) return { skipped: bytes.skipped };
  return { parsed: parseRobotsTxt(bytes) };
}

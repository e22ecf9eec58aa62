import { open } from 'node:fs/promises';
import { describeFsError } from './describe-fs-error.js';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A file's bytes, size-checked before reading so a huge file is never loaded; or why not:
 * `missing`, unreadable, or larger than `maxBytes`. Never throws for a file problem.
 */
export async function readBytes(file: string, maxBytes: number): Promise<Uint8Array | { skipped: string }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { skipped: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : describeFsError(error) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { skipped: 'not a file' };
    if (info.size > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (${megabytes(info.size)})` };
    return await handle.readFile();
  } catch (error) {
    return { skipped: describeFsError(error) };
  } finally {
    await handle.close();
  }
}

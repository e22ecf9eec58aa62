import { decodeUtf8, type TextFileResult } from './decode-utf8.js';
import { readBytes } from './read-bytes.js';

/** A file's text, or why it cannot be had: `missing`, unreadable, larger than `maxBytes`, or not UTF-8. */
export async function readTextFile(file: string, maxBytes: number): Promise<TextFileResult> {
  const bytes = await readBytes(file, maxBytes);
  return bytes instanceof Uint8Array ? decodeUtf8(bytes) : bytes;
}

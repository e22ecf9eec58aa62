export type TextFileResult = { text: string; skipped?: undefined } | { text?: undefined; skipped: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict UTF-8 (a byte order mark is dropped), or why not. */
export function decodeUtf8(bytes: Uint8Array): TextFileResult {
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { skipped: 'not valid UTF-8' };
  }
}

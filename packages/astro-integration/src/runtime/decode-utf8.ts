const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as text, or `undefined` when it is not valid UTF-8: re-encoding replacement
 * characters would change bytes the transform promises to keep.
 */
export function decodeUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

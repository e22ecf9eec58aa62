const CHUNK = 0x8000;
const decoder = new TextDecoder();

/** One char per byte, so Google's byte-level string handling can be ported as is. */
export function bytesToBinaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return text;
}

/** Reads a binary string's bytes as UTF-8 (invalid sequences become U+FFFD). */
export function binaryStringToText(binary: string): string {
  // Most robots.txt lines are ASCII, which reads the same either way.
  if (/^[\x00-\x7f]*$/.test(binary)) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return decoder.decode(bytes);
}

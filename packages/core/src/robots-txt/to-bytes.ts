/** A robots.txt body as the bytes Google reads: strings are UTF-8 encoded. */
export function toBytes(text: string | Uint8Array): Uint8Array {
  return typeof text === 'string' ? new TextEncoder().encode(text) : text;
}

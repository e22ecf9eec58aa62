/** Tab, line feed, form feed, carriage return and space: whitespace to the HTML tokenizer. */
export function isHtmlWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0c || code === 0x0d;
}

export function isAsciiAlpha(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/**
 * Lowercases A–Z only, as HTML does for tag and attribute names: `toLowerCase()`
 * would also fold characters such as the Kelvin sign into `k`.
 */
export function asciiLowercase(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;
}

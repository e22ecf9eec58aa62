/** True for a URL with a scheme and an authority, e.g. `https://example.com/sitemap.xml`. */
export function isAbsoluteUrl(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]/.test(value);
}

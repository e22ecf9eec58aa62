/**
 * The form URL paths are compared in: percent-escapes decoded where they are valid, so
 * `/caf%C3%A9/` from a sitemap and `/café/` from a file name meet.
 */
export function urlPathKey(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

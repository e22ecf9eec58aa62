import type { TrailingSlash } from './types.js';

const INDEX_FILE = /\/index\.html?$/i;
const HTML_EXTENSION = /\.html?$/i;

/**
 * The page URLs a requested path can be served by, best first: itself; `/a/index.html` also
 * as `/a/`; and with `ignore`, the path with the trailing slash toggled and without `.html`.
 */
export function urlCandidates(path: string, trailingSlash: TrailingSlash): string[] {
  const candidates = [path];
  if (INDEX_FILE.test(path)) {
    const folder = path.replace(INDEX_FILE, '/');
    candidates.push(trailingSlash === 'never' && folder !== '/' ? folder.slice(0, -1) : folder);
  }
  if (trailingSlash === 'ignore' && path !== '/') {
    candidates.push(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
    if (HTML_EXTENSION.test(path)) candidates.push(path.replace(HTML_EXTENSION, ''));
  }
  return candidates;
}

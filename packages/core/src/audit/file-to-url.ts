import { encodePathSegment } from './encode-path-segment.js';
import type { TrailingSlash } from './types.js';

const HTML_EXTENSION = /\.html?$/i;

/**
 * The URL path a host serves an HTML file at, below `basePath` (`''` or `/docs`):
 * `a/index.html` → `/a/` (`/a` with `never`); `a.html` → `/a` (`/a.html` with `always`).
 */
export function fileToUrl(file: string, trailingSlash: TrailingSlash, basePath = ''): string {
  const segments = file.split('/');
  const last = segments[segments.length - 1]!;
  const stem = last.replace(HTML_EXTENSION, '');
  let path: string;
  if (stem.toLowerCase() === 'index') {
    const folders = segments.slice(0, -1).map(encodePathSegment);
    path = folders.length === 0 ? '/' : `/${folders.join('/')}${trailingSlash === 'never' ? '' : '/'}`;
  } else {
    segments[segments.length - 1] = trailingSlash === 'always' ? last : stem;
    path = `/${segments.map(encodePathSegment).join('/')}`;
  }
  return basePath === '' ? path : path === '/' && trailingSlash === 'never' ? basePath : basePath + path;
}

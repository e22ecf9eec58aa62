import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { urlPath } from '../options/glob.js';

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The built HTML file a URL is served from: `/a/` → `a/index.html`, `/a` → `a.html` or
 * `a/index.html`, `/a.html` → `a.html`. `base` is the site's base path. Undefined when none exists.
 */
export function outputFileForUrl(dir: string, url: string, base = '/'): string | undefined {
  let path = urlPath(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  const prefix = base.replace(/\/+$/, '');
  if (prefix && path.startsWith(prefix + '/')) path = path.slice(prefix.length);
  if (path.split('/').includes('..')) return undefined;
  const relative = path.replace(/^\/+/, '');
  const candidates = relative === '' || relative.endsWith('/') ? [join(relative, 'index.html')] : [relative, `${relative}.html`, join(relative, 'index.html')];
  return candidates.map((candidate) => join(dir, candidate)).find(isFile);
}

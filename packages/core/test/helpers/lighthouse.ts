/**
 * Lighthouse's own audits against files on disk: a static server on 127.0.0.1 serving a folder,
 * headless Chromium (Debian's, found by `findChromium`), and the `lighthouse` package run with only
 * the audits asked for. Shared by the robots.txt test (issue 40) and the page audits (issue 41).
 * Callers skip, with `NO_CHROMIUM`, when `findChromium()` finds no browser.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { findChromium } from './chromium.js';

export { findChromium, NO_CHROMIUM } from './chromium.js';

/** A static server of one folder on 127.0.0.1, on a free port. */
export interface StaticServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
};
/** Serves `folder` (a path ending in `/` gets its `index.html`); anything else is a 404. */
export async function serveFolder(folder: string): Promise<StaticServer> {
  const root = path.resolve(folder);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    const notFound = () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (!file.startsWith(root + path.sep)) return notFound();
    stat(file).then((info) => {
      if (!info.isFile()) return notFound();
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    }, notFound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One audit's result as Lighthouse reports it (the parts tests read). */
export interface LighthouseAudit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  explanation?: string;
  details?: { items?: Array<Record<string, unknown>> };
}
/**
 * Runs the given Lighthouse audits (ids such as `robots-txt`, `is-crawlable`) on `url` in headless
 * Chromium and returns their results by id. Throws when no Chromium is installed.
 */
export async function runLighthouseAudits(
  url: string,
  audits: readonly string[],
): Promise<Record<string, LighthouseAudit>> {
  const chromePath = findChromium();
  if (chromePath === undefined) throw new Error('no Chromium: check findChromium() first and skip');
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyAudits: [...audits],
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return Object.fromEntries(audits.map((id) => [id, result.lhr.audits[id] as LighthouseAudit]));
  } finally {
    await chrome.kill();
  }
}

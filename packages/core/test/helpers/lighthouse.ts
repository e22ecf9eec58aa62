/**
 * Lighthouse in tests: a static server on 127.0.0.1 for a built folder (with the response headers
 * a callback gives each path, as a host applies its header file), and Lighthouse's own audits (the
 * npm `lighthouse` package, on the Chromium `findChromium` finds, never a downloaded browser) run
 * on given URLs: one Chromium, one page at a time, only the audits asked for.
 *
 * Lighthouse's quiet windows are set to nothing (its `simulate` throttling keeps them so): the
 * pages are static files on loopback, and the SEO audits read the DOM, the main response and
 * robots.txt, none of which waits for the network or the CPU to settle.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { findChromium, launchChromium, NO_CHROMIUM } from './chromium.js';

export { findChromium, NO_CHROMIUM };

/** A folder served over HTTP on 127.0.0.1. */
export interface ServedFolder {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}
export interface ServeOptions {
  /** Response headers for a URL path (decoded, e.g. `/files/guide.pdf`), as the host's header file gives them. Default: none. */
  headers?: (urlPath: string) => ReadonlyArray<readonly [string, string]>;
  /** The page sent with status 404 for a path with no file, relative to the folder. Default: `404.html`. */
  notFound?: string;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}
/** The file a static host serves for a URL path: the file itself, `index.html` in a folder, or `<path>.html`; undefined for none. */
async function fileFor(root: string, urlPath: string): Promise<string | undefined> {
  const file = path.join(root, urlPath);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  const candidates = urlPath.endsWith('/')
    ? [path.join(file, 'index.html')]
    : [file, `${file}.html`, path.join(file, 'index.html')];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

/** Serves `root` on a free port of 127.0.0.1 until `close()`. */
export async function serveFolder(root: string, options: ServeOptions = {}): Promise<ServedFolder> {
  const folder = path.resolve(root);
  const server: Server = createServer((request, response) => {
    void (async () => {
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      let file = await fileFor(folder, urlPath);
      let status = 200;
      if (file === undefined) {
        status = 404;
        file = await fileFor(folder, `/${options.notFound ?? '404.html'}`);
      }
      const headers: Array<[string, string]> = [
        ['content-type', (file && TYPES[path.extname(file).toLowerCase()]) ?? 'application/octet-stream'],
        ...(options.headers?.(urlPath) ?? []).map(([name, value]): [string, string] => [name, value]),
      ];
      // Node joins repeated names itself; a host sends each X-Robots-Tag line as it is, and so do we.
      response.writeHead(status, headers.flat());
      if (file === undefined || request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the static server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One Lighthouse audit's result for one page. */
export interface LighthouseAudit {
  /** 1 pass, 0 fail; null when not applicable or in error. */
  score: number | null;
  scoreDisplayMode: string;
  explanation?: string;
  /** The audit's table rows (`details.items`), as Lighthouse gives them. */
  items: unknown[];
}
/** Lighthouse's results by page URL, then by audit id. */
export type LighthouseResults = Map<string, Record<string, LighthouseAudit>>;

/**
 * Runs the Lighthouse audits `audits` (ids such as `is-crawlable`, `robots-txt`) on each URL, one
 * after another in one headless Chromium. Throws when no Chromium is found (check `findChromium()`
 * first to skip) or when Lighthouse gives no result for a page.
 */
export async function runLighthouse(
  urls: readonly string[],
  audits: readonly string[],
  { chromium = findChromium(), timeoutMs = 60_000 }: { chromium?: string; timeoutMs?: number } = {},
): Promise<LighthouseResults> {
  if (!chromium) throw new Error(NO_CHROMIUM);
  const { default: lighthouse } = await import('lighthouse');
  const browser = await launchChromium(chromium);
  const config = {
    extends: 'lighthouse:default',
    settings: {
      onlyAudits: [...audits],
      maxWaitForLoad: timeoutMs,
      pauseAfterFcpMs: 0,
      pauseAfterLoadMs: 0,
      networkQuietThresholdMs: 0,
      cpuQuietThresholdMs: 0,
      disableFullPageScreenshot: true,
      skipAboutBlank: true,
    },
  };
  const results: LighthouseResults = new Map();
  try {
    for (const url of urls) {
      const run = await lighthouse(url, { port: browser.port, logLevel: 'error' }, config);
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.message}`);
      const byId: Record<string, LighthouseAudit> = {};
      for (const id of audits) {
        const audit = run.lhr.audits[id];
        if (!audit) throw new Error(`Lighthouse ran no \`${id}\` audit on ${url}`);
        const details = audit.details as { items?: unknown[] } | undefined;
        byId[id] = {
          score: audit.score,
          scoreDisplayMode: audit.scoreDisplayMode,
          ...(audit.explanation ? { explanation: audit.explanation } : {}),
          items: details?.items ?? [],
        };
      }
      results.set(url, byId);
    }
  } finally {
    await browser.close();
  }
  return results;
}

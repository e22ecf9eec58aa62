/**
 * The server side of the robots-kit app in Astro's dev toolbar: it answers the app's question
 * "what did robots-kit decide for this URL, and why". The middleware logs each page it resolves
 * in `astro dev` (what the page said about itself, its entry, the tags already in its HTML, see
 * `PAGE_LOG`); asked about a URL, the server fetches it from its own dev server as a
 * crawler would, with robots.txt, and core's `inspectPage` does the rest. Messages travel over
 * Vite's HMR socket (`toolbar.on` / `toolbar.send`); edits tell the open app to ask again.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { PageInspection } from '@robots-kit/core/internal/adapter';
import type { PageToResolve } from '@robots-kit/core';
import type { ViteDevServer } from 'vite';
import { PAGE_LOG, type IntegrationState, type PageLog } from '../state.js';
import { ANSWER, ASK, CHANGED, TOOLBAR_APP_ID } from './app.js';

/** A robot's head, drawn for the toolbar's 20 px icon slot. */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="7" width="16" height="12" rx="3"/><path d="M12 3v4M8.5 12h.01M15.5 12h.01M9 16h6M2 12v3M22 12v3"/></svg>';

/** What `addDevToolbarApp` takes: the built client module (dist/toolbar/app.js) beside this one. */
export function toolbarAppEntry(): { id: string; name: string; icon: string; entrypoint: string } {
  return {
    id: TOOLBAR_APP_ID,
    name: 'robots-kit',
    icon: ICON,
    entrypoint: fileURLToPath(new URL('./app.js', import.meta.url)),
  };
}

/** Pages the dev server resolved, most recent last; a few hundred are plenty for the pages one looks at. */
const MAX_LOGGED_PAGES = 500;
/** HTML read back for the inspection; larger answers are cut (the head is what counts). */
const MAX_HTML_CHARS = 16 * 1024 * 1024;

/** The message the app sends; anything else on the socket is ignored. */
function readAsk(payload: unknown): { id: string; pathname: string } | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { id, pathname } = payload as Record<string, unknown>;
  if (
    typeof id !== 'string' ||
    id.length > 100 ||
    typeof pathname !== 'string' ||
    !pathname.startsWith('/') ||
    pathname.startsWith('//') ||
    pathname.length > 4096
  )
    return undefined;
  return { id, pathname };
}

/** The dev server's own origin, on the loopback interface when it listens on every interface. */
function ownOrigin(server: ViteDevServer): string | undefined {
  const address = server.httpServer?.address() as AddressInfo | string | null | undefined;
  if (!address || typeof address === 'string') return undefined;
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** What the app gets for one URL: the page fetched as served, robots.txt as served, and the middleware's log of the page. */
async function inspect(
  state: IntegrationState,
  origin: string,
  pathname: string,
  pages: ReadonlyMap<string, PageToResolve>,
): Promise<PageInspection> {
  const url = new URL(pathname, origin);
  // `/\host` is `//host` to a URL parser: only this server's own pages are ever fetched.
  if (url.origin !== origin) throw new Error(`${pathname} is not a page of this dev server`);
  const response = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
  if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')) {
    await response.body?.cancel();
    throw new Error(
      `${pathname} answers ${response.status} with ${response.headers.get('content-type') ?? 'no content type'}, not an HTML page`,
    );
  }
  const html = (await response.text()).slice(0, MAX_HTML_CHARS);
  const base = state.base.endsWith('/') ? state.base : `${state.base}/`;
  const robots = await fetch(new URL(`${base}robots.txt`, origin));
  const robotsTxt = robots.ok ? await robots.text() : (await robots.body?.cancel(), undefined);
  const page = pages.get(pathname);
  // Loaded on the first question from the app: `@robots-kit/core/internal/adapter` brings the audit, which builds never need.
  const { inspectPage } = await import('@robots-kit/core/internal/adapter');
  return inspectPage({
    url: pathname,
    html,
    status: response.status,
    options: state.options,
    ...(page ? { page } : {}),
    ...(robotsTxt === undefined ? {} : { robotsTxt }),
  });
}

export interface ToolbarServerHelpers {
  on(event: string, callback: (data: unknown) => void): void;
  send(event: string, payload: unknown): void;
}

/**
 * `astro:server:setup`: starts the page log the middleware writes to, answers the app, and tells
 * it when a file changed. Messages from the app are checked before use: only a URL path of this
 * dev server is ever fetched.
 */
export function serveToolbarApp(
  server: ViteDevServer,
  toolbar: ToolbarServerHelpers,
  getState: () => IntegrationState | undefined,
): void {
  // Astro also runs this hook for servers with no HTTP side (content sync during a build): no toolbar there.
  if (!server.httpServer) return;
  const pages = new Map<string, PageToResolve>();
  const log: PageLog = {
    record(page) {
      pages.delete(page.url);
      pages.set(page.url, page);
      if (pages.size > MAX_LOGGED_PAGES) pages.delete(pages.keys().next().value!);
    },
  };
  (globalThis as Record<symbol, PageLog | undefined>)[PAGE_LOG] = log;
  server.httpServer?.once('close', () => {
    const holder = globalThis as Record<symbol, PageLog | undefined>;
    if (holder[PAGE_LOG] === log) delete holder[PAGE_LOG];
  });

  toolbar.on(ASK, (payload) => {
    const ask = readAsk(payload);
    const state = getState();
    if (!ask || !state) return;
    const origin = ownOrigin(server);
    const answer = origin
      ? inspect(state, origin, ask.pathname, pages)
      : Promise.reject(new Error('the dev server has no address yet'));
    answer.then(
      (result) => toolbar.send(ANSWER, { id: ask.id, pathname: ask.pathname, result }),
      (error: unknown) =>
        toolbar.send(ANSWER, {
          id: ask.id,
          pathname: ask.pathname,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  });

  // Edits (a page, its front matter, the config's options file, public/robots.txt) re-render pages: an open panel asks again.
  let timer: ReturnType<typeof setTimeout> | undefined;
  server.watcher.on('all', (event) => {
    if (!['add', 'change', 'unlink'].includes(event)) return;
    clearTimeout(timer);
    timer = setTimeout(() => toolbar.send(CHANGED, {}), 150);
  });
}

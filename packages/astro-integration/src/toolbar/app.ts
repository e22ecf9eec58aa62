/// <reference lib="dom" />
/**
 * The robots-kit app of Astro's dev toolbar, in the browser: a panel that shows, per crawler,
 * what robots-kit decided for the page on screen (index, follow, snippet and preview limits,
 * robots.txt, the X-Robots-Tag the hosts will send) and where each directive came from, with the
 * audit's findings about the page. It asks the dev server (toolbar/server.ts) over Vite's HMR
 * socket when opened, after a client-side navigation and after an edit, and draws with the
 * toolbar's own elements (window, card, badge) so it looks like Astro's apps. Text from the
 * server is set as `textContent` only. It imports nothing at run time: Vite serves it as it is.
 */
import type { DecisionSource } from '@robots-kit/core';
import type { CrawlerInspection, PageInspection } from '@robots-kit/core/internal/adapter';

/** The app's id in the toolbar, and the prefix of its messages. */
export const TOOLBAR_APP_ID = 'robots-kit';
/** App → server: `{ id, pathname }`. The server side (toolbar/server.ts) imports these names from here. */
export const ASK = `${TOOLBAR_APP_ID}:inspect`;
/** Server → app: `{ id, pathname, result }` or `{ id, pathname, error }`. */
export const ANSWER = `${TOOLBAR_APP_ID}:inspection`;
/** Server → app: a file changed, an open panel asks again. */
export const CHANGED = `${TOOLBAR_APP_ID}:changed`;
/** Kept open across the full reloads an edit causes. */
const OPEN_KEY = 'robots-kit:toolbar-open';

/** The parts of Astro's toolbar helpers (`astro/toolbar`) the app uses. */
interface ToolbarServer {
  send(event: string, payload: unknown): void;
  on(event: string, callback: (data: any) => void): void;
}
interface ToolbarAppTarget {
  onToggled(callback: (options: { state: boolean }) => void): void;
  toggleNotification(options: { state: true; level?: 'error' | 'warning' | 'info' } | { state: false }): void;
  toggleState(options: { state: boolean }): void;
}
interface Answer {
  id: string;
  pathname: string;
  result?: PageInspection;
  error?: string;
}
type BadgeStyle = 'purple' | 'gray' | 'red' | 'green' | 'yellow' | 'blue';

const STYLE = `
astro-dev-toolbar-window { width: min(820px, calc(100vw - 24px)); max-height: min(640px, calc(100vh - 96px)); }
.body { overflow: auto; min-height: 0; }
header { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
h1 { font-size: 18px; margin: 0; color: #fff; }
h2 { font-size: 14px; margin: 16px 0 6px; color: #fff; }
.url { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; color: rgba(145, 152, 173, 1); word-break: break-all; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid rgba(52, 56, 65, 1); vertical-align: top; }
th { color: rgba(145, 152, 173, 1); font-weight: 500; }
.badges { display: flex; gap: 4px; flex-wrap: wrap; align-items: center; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; color: rgba(224, 204, 250, 1); word-break: break-word; }
.muted { color: rgba(145, 152, 173, 1); font-size: 12px; }
ul { margin: 4px 0; padding-left: 18px; }
li { margin: 2px 0; }
details > summary { cursor: pointer; color: rgba(145, 152, 173, 1); font-size: 12px; }
astro-dev-toolbar-card { display: block; margin: 6px 0; }
.card-title { color: #fff; font-weight: 600; margin-bottom: 4px; }
`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}
function badge(text: string, style: BadgeStyle): HTMLElement {
  const node = document.createElement('astro-dev-toolbar-badge');
  node.setAttribute('badge-style', style);
  node.textContent = text;
  return node;
}
function append(parent: Node, ...children: Array<Node | string | undefined>): void {
  for (const child of children)
    if (child !== undefined) parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
}

const RESTRICTIONS: Array<[keyof CrawlerInspection['origins'], string]> = [
  ['index', 'noindex'],
  ['follow', 'nofollow'],
  ['snippet', 'snippet'],
  ['imagePreview', 'image preview'],
  ['videoPreview', 'video preview'],
  ['unavailableAfter', 'unavailable_after'],
];

function crawlerName(row: CrawlerInspection): string {
  if (row.crawler === '*') return 'robots (every crawler)';
  if (row.members.length === 1) return row.crawler;
  return `AI crawlers (${row.members.length}): ${row.members.slice(0, 4).join(', ')}${row.members.length > 4 ? ', …' : ''}`;
}
function limits(row: CrawlerInspection): HTMLElement {
  const box = el('div', undefined, 'badges');
  const v = row.verdict;
  if (v.maxSnippet !== undefined)
    append(
      box,
      badge(
        v.maxSnippet === 0 ? 'nosnippet' : v.maxSnippet === -1 ? 'snippet: any' : `snippet ≤ ${v.maxSnippet}`,
        v.maxSnippet === -1 ? 'gray' : 'yellow',
      ),
    );
  if (v.maxImagePreview !== undefined)
    append(box, badge(`image: ${v.maxImagePreview}`, v.maxImagePreview === 'large' ? 'gray' : 'yellow'));
  if (v.maxVideoPreview !== undefined)
    append(
      box,
      badge(
        v.maxVideoPreview === -1 ? 'video: any' : `video ≤ ${v.maxVideoPreview}s`,
        v.maxVideoPreview === -1 ? 'gray' : 'yellow',
      ),
    );
  if (v.unavailableAfter !== undefined)
    append(box, badge(`until ${v.unavailableAfter}`, v.indexable ? 'yellow' : 'red'));
  if (!box.firstChild) append(box, el('span', 'none', 'muted'));
  return box;
}
/** `<meta name="robots"> line 3`, `X-Robots-Tag`: how a decision reaches crawlers, in short. */
function carrier(source: DecisionSource): string {
  if (source.kind === 'header') return 'X-Robots-Tag';
  if (source.kind === 'error-page') return 'its error status';
  const name = /^<meta name="([^"]*)"/.exec(source.text)?.[1];
  return name === undefined ? source.text : `<meta name="${name}"> line ${source.line}`;
}
/**
 * Why, for one crawler: per restriction, the options or files that set it (the page's own front
 * matter, a path rule, a theme's tag…), and how it reaches crawlers (the tag, the header).
 */
function why(row: CrawlerInspection, result: PageInspection): HTMLElement {
  const details = el('details');
  append(details, el('summary', 'where it came from'));
  const list = el('ul');
  const crawl = row.verdict.because.crawl?.[0];
  if (crawl)
    append(
      list,
      li(el('b', 'fetch'), ' ← ', el('code', crawl.text), el('span', ` robots.txt line ${crawl.line}`, 'muted')),
    );
  for (const [kind, label] of RESTRICTIONS) {
    const carriers = [...new Set((row.verdict.because[kind] ?? []).map(carrier))];
    const origins = (row.origins[kind] ?? []).flatMap((index) => result.explanation?.origins[index] ?? []);
    if (carriers.length === 0 && origins.length === 0) continue;
    const item = li(el('b', label));
    for (const origin of origins) {
      append(item, ' ← ', withCode(origin.label), ': ', el('code', Object.values(origin.directives).join('; ')));
    }
    if (origins.length === 0)
      append(item, ' ← ', el('code', (row.verdict.because[kind] ?? []).map((source) => source.text).join(' + ')));
    if (carriers.length > 0) append(item, el('div', `sent as ${carriers.join(', ')}`, 'muted'));
    append(list, item);
  }
  if (!list.firstChild) append(list, el('li', 'nothing restricts it', 'muted'));
  append(details, list);
  return details;
}

function crawlerRow(row: CrawlerInspection, result: PageInspection): HTMLTableRowElement {
  const v = row.verdict;
  const tr = el('tr');
  tr.dataset.crawler = row.crawler;
  const name = el('td');
  append(name, el('code', crawlerName(row)));
  const index = el('td');
  append(
    index,
    result.errorPage ? badge('error page', 'gray') : v.indexable ? badge('index', 'green') : badge('noindex', 'red'),
  );
  const follow = el('td');
  append(follow, v.followLinks ? badge('follow', 'green') : badge('nofollow', 'red'));
  const fetchCell = el('td');
  append(fetchCell, row.robotsTxt.allowed ? badge('allowed', 'green') : badge('disallowed', 'red'));
  if (row.robotsTxt.rule) append(fetchCell, el('div', `${row.robotsTxt.rule} (line ${row.robotsTxt.line})`, 'muted'));
  else if (!result.robotsTxtFound) append(fetchCell, el('div', 'no robots.txt', 'muted'));
  const rest = el('td');
  append(rest, limits(row), why(row, result));
  append(tr, name, index, follow, fetchCell, rest);
  return tr;
}

/** The panel for one answer. */
function render(answer: Answer): HTMLElement {
  const body = el('div', undefined, 'body');
  const header = el('header');
  append(header, el('h1', 'robots-kit'));
  const result = answer.result;
  if (!result) {
    append(body, header, el('div', answer.pathname, 'url'));
    const card = document.createElement('astro-dev-toolbar-card');
    card.setAttribute('card-style', 'red');
    append(
      card,
      el('div', 'robots-kit could not inspect this page', 'card-title'),
      el('div', answer.error ?? 'no answer'),
    );
    append(body, card);
    return body;
  }
  const all = result.crawlers[0]!;
  append(
    header,
    result.errorPage
      ? badge('error page: no robots tags', 'gray')
      : all.verdict.indexable
        ? badge('indexable', 'green')
        : badge('kept out of search results', 'red'),
  );
  if (result.findings.length > 0)
    append(
      header,
      badge(
        `${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}`,
        result.findings.some((finding) => finding.severity === 'error') ? 'red' : 'yellow',
      ),
    );
  append(body, header, el('div', result.url, 'url'));

  for (const finding of result.findings) {
    const card = document.createElement('astro-dev-toolbar-card');
    card.setAttribute(
      'card-style',
      finding.severity === 'error' ? 'red' : finding.severity === 'warning' ? 'yellow' : 'blue',
    );
    card.dataset.finding = finding.id;
    append(card, el('div', `${finding.severity}: ${finding.id}`, 'card-title'), el('div', finding.message));
    append(body, card);
  }

  const table = el('table');
  const head = el('tr');
  for (const title of ['Crawler', 'Index', 'Follow', 'robots.txt', 'Limits and why']) append(head, el('th', title));
  append(table, head, ...result.crawlers.map((row) => crawlerRow(row, result)));
  append(body, el('h2', 'Per crawler'), table);

  append(body, el('h2', 'Tags in the served page'));
  const tags = el('ul');
  for (const [name, content] of Object.entries(result.tags))
    append(tags, li(el('code', `<meta name="${name}" content="${content}">`)));
  if (!tags.firstChild) append(tags, el('li', 'none', 'muted'));
  append(body, tags);

  append(body, el('h2', 'X-Robots-Tag on the hosts (`headers` option)'));
  append(
    body,
    result.header
      ? li(
          el('code', result.header.values.join(', ')),
          ` ← ${result.header.origins.map((origin) => `${origin.pattern} (${origin.keys.join(', ')})`).join(', ')}`,
        )
      : el('div', 'none for this URL', 'muted'),
  );

  if (result.explanation) {
    append(body, el('h2', 'Sources, in the order robots-kit combines them'));
    const list = el('ul');
    for (const origin of result.explanation.origins) {
      append(
        list,
        li(
          withCode(origin.label),
          ' → ',
          el(
            'code',
            Object.entries(origin.directives)
              .map(([name, value]) => `${name}: ${value}`)
              .join('; ') || '(nothing)',
          ),
        ),
      );
    }
    if (!list.firstChild)
      append(
        list,
        el(
          'li',
          result.errorPage
            ? 'an error page carries no robots tags'
            : 'no source sets anything: the page is indexable by default',
          'muted',
        ),
      );
    append(body, list);
  }
  return body;
}
/** A label from core, its `code spans` shown as code. */
function withCode(text: string): HTMLElement {
  const span = el('span');
  text.split('`').forEach((part, index) => append(span, index % 2 === 1 ? el('code', part) : part));
  return span;
}
function li(...children: Array<Node | string>): HTMLLIElement {
  const item = el('li');
  append(item, ...children);
  return item;
}

export default {
  init(canvas: ShadowRoot, app: ToolbarAppTarget, server: ToolbarServer): void {
    const style = el('style', STYLE);
    const panel = document.createElement('astro-dev-toolbar-window');
    panel.id = 'robots-kit-panel';
    append(canvas, style, panel);
    let open = false;
    let pending = '';
    const show = (content: HTMLElement): void => {
      panel.replaceChildren(content);
    };
    const ask = (): void => {
      if (!open) return;
      pending = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      const waiting = el('div', undefined, 'body');
      append(waiting, el('h1', 'robots-kit'), el('div', `Asking the dev server about ${location.pathname}…`, 'muted'));
      waiting.dataset.loading = 'true';
      show(waiting);
      if (!(import.meta as ImportMeta & { hot?: unknown }).hot) {
        show(
          render({
            id: pending,
            pathname: location.pathname,
            error: "The dev server's HMR connection is off (NODE_ENV=test or production?), so the panel cannot ask it.",
          }),
        );
        return;
      }
      server.send(ASK, { id: pending, pathname: location.pathname });
    };
    server.on(ANSWER, (answer: Answer) => {
      if (answer?.id !== pending) return;
      show(render(answer));
      const findings = answer.result?.findings ?? [];
      if (findings.length === 0) app.toggleNotification({ state: false });
      else
        app.toggleNotification({
          state: true,
          level: findings.some((finding) => finding.severity === 'error') ? 'error' : 'warning',
        });
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    server.on(CHANGED, () => {
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });
    app.onToggled(({ state }) => {
      open = state;
      sessionStorage.setItem(OPEN_KEY, state ? '1' : '');
      ask();
    });
    // View transitions keep the toolbar across navigations: ask about the new page.
    document.addEventListener('astro:page-load', ask);
    if (sessionStorage.getItem(OPEN_KEY) === '1') app.toggleState({ state: true });
  },
};

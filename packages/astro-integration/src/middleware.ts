/**
 * The on-request handler Astro runs around every page, in `astro build`, `astro dev` and on
 * demand: it decides whether the response is a page to rewrite, loads the data the Vite plugin
 * serves, and puts the page's resolved robots tags in its head through core, streaming; responses
 * rendered on demand also get the X-Robots-Tag header. Imports only `@robots-kit/core/internal/runtime`:
 * no `node:` module, no zod, no audit code in the server bundle.
 * Registered by the integration as `@robots-kit/astro/middleware`.
 */
import {
  hasBodyRules,
  injectRobotsStream,
  pageHasBodyRules,
  rewritePageBody,
  resolveResponse,
  X_ROBOTS_TAG,
  CONTENT_USAGE,
  type HtmlDiagnostic,
  type PageToResolve,
  type ResolvedResponse,
  type RobotsWarning,
} from '@robots-kit/core/internal/runtime';
import type { APIContext, AstroRuntimeLogger, MiddlewareHandler } from 'astro';
import { logLine, PAGE_HINT, toAstroError } from './errors.js';
import {
  entryContribution,
  findPageEntry,
  ownDirectives,
  renderedEntriesRecorder,
  withRenderedEntries,
  type RobotsData,
} from './page-directives.js';
import { localeOfPath } from './i18n.js';
import { requestedPathname, servedPath } from './served-path.js';
import { BUILD_WARNINGS, PAGE_LOG, PAGE_RECORDER, type PageLog, type PageRecorder } from './state.js';

/**
 * Runs after the page rendered (`order: 'post'`, innermost), so it sees the final status, the
 * `getStaticPaths` props, whatever the page put in `Astro.locals` and the entries it rendered.
 * HTML pages get their robots tags; on-demand responses also get X-Robots-Tag (endpoints from
 * the path rules alone); redirects, error statuses and bodies that are not UTF-8 keep their bytes.
 *
 * A page's `Astro.rewrite()` runs the middleware again, inside this run, for the page it renders
 * instead: that inner run edits the response (it has that page's props and entries) and the
 * outer ones pass it on as it is, so a page is never edited twice.
 */
export const onRequest: MiddlewareHandler = async (context, next) => {
  const locals = context.locals as object | undefined;
  if (typeof locals !== 'object' || locals === null) return editResponse(context, next, { edited: false });
  let run = runs.get(locals);
  const outermost = run === undefined;
  if (run === undefined) runs.set(locals, (run = { edited: false }));
  try {
    return await editResponse(context, next, run);
  } finally {
    if (outermost) runs.delete(locals);
  }
};

/** The runs of this middleware in progress, by the request's `locals` (the one object a rewrite keeps). */
const runs = new WeakMap<object, { edited: boolean }>();

async function editResponse(
  context: APIContext,
  next: Parameters<MiddlewareHandler>[1],
  run: { edited: boolean },
): Promise<Response> {
  const { result, rendered } = withRenderedEntries(next);
  const response = await result;
  if (run.edited) return response;
  // A server island (`server:defer`) is a fragment for a page already sent, and Astro marks it noindex itself.
  if (context.routePattern === SERVER_ISLAND_ROUTE) {
    if ((context.locals as Record<string, unknown> | undefined)?.robots !== undefined) {
      warn(
        context,
        `${context.url.pathname}: \`Astro.locals.robots\` was set in a server island (\`server:defer\`), which renders in a request of its own after its page was sent, so it cannot apply to the page. Set it in the page, or render the component without \`server:defer\`.`,
      );
    }
    return response;
  }
  let status = statusToResolve(response.status, context.routePattern);
  if (status === undefined || response.body === null) return response;
  // Once loaded (a build), the data is taken as it is: no await, no microtask per request.
  const data = loaded ?? (await loadRobotsData());
  const options = data.options;
  const onDemand = !context.isPrerendered;
  // An endpoint's body is its own, even as text/html (`ep.html.ts`): it may get a header, never tags.
  const pageCharset = data.endpoints.includes(context.routePattern) ? undefined : htmlCharset(response.headers);
  // A prerendered page's file is what Astro encoded (UTF-8 for a rendered page; the stream checks
  // the bytes); a response rendered on demand is sent in the charset it declares, whose bytes are not ours to re-encode.
  const html = pageCharset === 'utf-8' || (pageCharset === 'other' && !onDemand);
  const otherCharsetPage = pageCharset === 'other' && onDemand;
  run.edited = true;
  let body: ReadableStream<Uint8Array> = response.body;
  // A prerendered page is read to its end first where Astro streams it (`astro dev`, a build
  // with on-demand routes), so that what its body sets after an `await` counts, as in a static build.
  if (html && !onDemand && (import.meta.env.DEV || data.prerenderStreams)) body = await renderedToTheEnd(body);
  if (!onDemand && status >= 400 && !ERROR_ROUTE.test(context.routePattern)) {
    // Written to a file, served by a static host with 200: it is a page, and needs a page's tags.
    warn(
      context,
      `${context.routePattern}: the page sets status ${status}, but it is prerendered, so a static host serves its file with status 200; it gets the robots tags of a page. Render it on demand (\`export const prerender = false\`) for the status to be sent.`,
    );
    status = 200;
  }
  const routeHeader = response.headers.get(X_ROBOTS_TAG);
  const page = pageToResolve(context, data, rendered, status, html);
  // A prerendered page's own X-Robots-Tag is not sent by a static host: its directives go into the meta tags.
  if (html && !onDemand && routeHeader !== null && routeHeader.trim() !== '') {
    page.own = [
      ...(page.own ?? []),
      {
        robots: routeHeader,
        source: `${page.source} (its own ${X_ROBOTS_TAG} header, which a static host does not send)`,
        key: X_ROBOTS_TAG,
        strict: false,
      },
    ];
  }
  // The build's page recorder and the dev toolbar's page log: never there for a production server's on-demand response.
  const observed = import.meta.env.DEV || !onDemand;
  if (html && observed) (globalThis as Record<symbol, PageRecorder | undefined>)[PAGE_RECORDER]?.record(page);
  // An error response carries no header; an error page's robots tags (a theme's) are removed below.
  const errorStatus = status >= 400;
  const respond = (kind: 'html' | 'other', existing?: PageToResolve['existing']): ResolvedResponse => {
    try {
      // No existing tags (the usual page) resolves as no list at all: no copy of the page per request.
      return resolveResponse(existing !== undefined && existing.length > 0 ? { ...page, existing } : page, options, {
        kind,
        routeHeader,
      });
    } catch (error) {
      throw toAstroError(error, PAGE_HINT, page.source);
    }
  };
  if (otherCharsetPage && !errorStatus) {
    // Its bytes stay as they are; its directives, the page's own included, go in the header alone.
    const resolved = respond('html');
    reportDiagnostics({ diagnostics: [], warnings: resolved.warnings }, context);
    const carried = data.onDemand.header && resolved.header.length > 0;
    if (Object.keys(resolved.tags).length > 0) {
      warn(
        context,
        `${context.routePattern}: the page is sent as \`${response.headers.get('content-type')}\`, not UTF-8, so robots-kit leaves its bytes as they are: ${carried ? 'its robots directives are sent in the X-Robots-Tag header only' : 'its robots directives are not sent at all (`onDemand.header` is false)'}. Send it as UTF-8 for meta tags.`,
      );
    }
    const usage = data.onDemand.header ? resolved.contentUsage : undefined;
    return withHeaders(response, body, data.onDemand.header ? resolved.header : [], 0, routeHeader !== null, usage);
  }
  if (!html) {
    if (errorStatus || !onDemand || !data.onDemand.header) return response;
    const resolved = respond('other');
    reportDiagnostics({ diagnostics: [], warnings: resolved.warnings }, context);
    return withHeaders(response, body, resolved.header, 0, routeHeader !== null, resolved.contentUsage);
  }

  let resolved: ResolvedResponse | undefined;
  const editTags = !onDemand || data.onDemand.metaTags;
  if (errorStatus && !editTags) return response;
  // On demand the head goes out before the body renders: a robots value the body sets later is named, not lost silently.
  const localsRobots = (context.locals as Record<string, unknown> | undefined)?.robots;
  const onEnd = onDemand ? () => warnIfSetLate(context, localsRobots) : undefined;
  let streamed: Awaited<ReturnType<typeof injectRobotsStream>>;
  try {
    streamed = await injectRobotsStream(
      body,
      (existing) => {
        resolved = respond('html', existing);
        // What the dev toolbar app and the audit's HTML report explain (toolbar/server.ts, audit.ts).
        if (observed) (globalThis as Record<symbol, PageLog | undefined>)[PAGE_LOG]?.record({ ...page, existing });
        return editTags ? resolved.tags : {};
      },
      onEnd ? { onInputEnd: onEnd } : {},
    );
  } catch (error) {
    throw toAstroError(error, PAGE_HINT, page.source);
  }
  if (!streamed.utf8) {
    warn(context, `${context.url.pathname}: the HTML is not valid UTF-8, so its robots tags were left as they are.`);
    resolved = respond('html');
  }
  if (streamed.diagnostics.length > 0 || (resolved !== undefined && resolved.warnings.length > 0)) {
    reportDiagnostics({ diagnostics: streamed.diagnostics, warnings: resolved?.warnings ?? [] }, context);
  }
  const header = onDemand && data.onDemand.header && !errorStatus && resolved ? resolved.header : [];
  const usage = onDemand && data.onDemand.header && !errorStatus ? resolved?.contentUsage : undefined;
  // `links` and `nosnippet` rules: a pass of their own, on the pages they apply to (read whole; the others stream).
  if (streamed.utf8 && hasBodyRules(options)) {
    const rewritten = await applyBodyRules(streamed.body, page, options, context);
    if (rewritten)
      return withHeaders(
        response,
        rewritten.body,
        header,
        streamed.lengthDelta + rewritten.lengthDelta,
        routeHeader !== null,
        usage,
      );
  }
  return withHeaders(response, streamed.body, header, streamed.lengthDelta, routeHeader !== null, usage);
}

/** The whole body, once the page has rendered to its end, as a stream of one chunk. */
async function renderedToTheEnd(body: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  return new Response(new Uint8Array(await new Response(body).arrayBuffer())).body!;
}

/**
 * A warning line. In `astro build` it is kept (see `BUILD_WARNINGS`) and printed after the pages
 * are generated: written now, it would land inside Astro's line for the page being generated
 * (`├─ /a/index.html` … `(+3ms)`). Identical lines are printed once.
 */
function warn(context: { logger?: AstroRuntimeLogger }, message: string): void {
  const deferred = (globalThis as Record<symbol, Set<string> | undefined>)[BUILD_WARNINGS];
  if (deferred) {
    deferred.add(message);
    return;
  }
  // In dev the same page is rendered again for the dev toolbar (toolbar/server.ts) and on every
  // reload: a problem is logged once per process, the remembered lines bounded.
  if (logged.has(message)) return;
  if (logged.size >= MAX_LOGGED) logged.clear();
  logged.add(message);
  context.logger?.warn(message);
}

/** Lines already logged by this process (dev server, on-demand server). */
const logged = new Set<string>();
const MAX_LOGGED = 1000;

/** Named when `Astro.locals.robots` changed after the head of a response rendered on demand went out. */
function warnIfSetLate(context: Pick<APIContext, 'locals' | 'logger' | 'routePattern'>, before: unknown): void {
  if ((context.locals as Record<string, unknown> | undefined)?.robots === before) return;
  warn(
    context,
    `${context.routePattern}: \`Astro.locals.robots\` was set after the page's head had been sent (by a component in the body, after an \`await\`), so the response does not carry it. Set it before the head renders: in the page's frontmatter, its layout's, or in middleware.`,
  );
}

/**
 * Core's body pass (`rewritePageBody`) over a page that `links` or `nosnippet` rules apply to:
 * the body (already past the head transform) is read whole, since an element's ancestors can be
 * anywhere before its link. Undefined for a page no rule applies to, which keeps streaming. A body
 * that is not valid UTF-8 is passed on byte for byte.
 */
async function applyBodyRules(
  body: ReadableStream<Uint8Array>,
  page: PageToResolve,
  options: RobotsData['options'],
  context: Pick<APIContext, 'url' | 'logger'>,
): Promise<{ body: ReadableStream<Uint8Array>; lengthDelta: number } | undefined> {
  try {
    if (!pageHasBodyRules(page, options)) return undefined;
  } catch (error) {
    throw toAstroError(error, PAGE_HINT, page.source);
  }
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  const same = { body: new Response(bytes).body!, lengthDelta: 0 };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return same;
  }
  const result = rewritePageBody(text, page, options);
  reportDiagnostics({ diagnostics: [], warnings: result.warnings }, context);
  if (!result.changed) return same;
  const rewritten = new TextEncoder().encode(result.html);
  return { body: new Response(rewritten).body!, lengthDelta: rewritten.length - bytes.length };
}

/** Each route with entries it cannot tell apart is named once per process, not on every request. */
const warnedRoutes = new Set<string>();
let warnedUntracked = false;

/** What core needs to know about the page: URL path as served, status, its own directives, entry, data. */
function pageToResolve(
  context: Pick<APIContext, 'url' | 'originPathname' | 'routePattern' | 'props' | 'locals' | 'params' | 'logger'>,
  data: RobotsData,
  rendered: readonly unknown[],
  status: number,
  html: boolean,
): PageToResolve {
  const locals = context.locals as Record<string, unknown> | undefined;
  const input = { key: data.options.frontMatterKey, data, routePattern: context.routePattern, locals };
  const choice = html
    ? findPageEntry({ props: context.props, params: context.params, locals, rendered })
    : { candidates: [] };
  let entry = choice.entry;
  if (!entry && choice.candidates.length > 1) {
    const dataKeys = Object.keys(data.options.noindex.data ?? {});
    const contributions = new Set(choice.candidates.map((candidate) => entryContribution(candidate, input, dataKeys)));
    // Whichever is taken, the page says the same: take the first. Otherwise take none, loudly.
    if (contributions.size === 1) entry = choice.candidates[0];
    else if (!warnedRoutes.has(context.routePattern)) {
      warnedRoutes.add(context.routePattern);
      const names = choice.candidates.map((candidate) => `\`${candidate.collection}/${candidate.id}\``).join(', ');
      warn(
        context,
        `${context.routePattern}: cannot tell which collection entry is this page's own (${names}), so none of their robots settings apply. ` +
          'Pass the entry as the prop `entry`, use its `id` as the route param, or set `Astro.locals.robots`.',
      );
    }
  }
  if (html && !warnedUntracked && renderedEntriesRecorder().untracked) {
    warnedUntracked = true;
    warn(
      context,
      'This runtime has no AsyncLocalStorage: an entry a page renders with `render()` is not known as its own unless it is in the page’s props. Set `Astro.locals.robots` on pages that load their entry with `getEntry()`.',
    );
  }
  const sources = ownDirectives({ ...input, entry });
  const pathname = requestedPathname(context, data.base);
  const page: PageToResolve = {
    url: servedPath(pathname, context.routePattern),
    status,
    own: sources.own,
    source: data.routes[context.routePattern] ?? sources.own[0]?.source ?? pathname,
  };
  // Set only when there is one (no spread of a temporary object per request): resolution keys on the fields present.
  const locale = data.locales === undefined ? undefined : localeOfPath(pathname, data.base, data.locales);
  if (locale) page.locale = locale;
  if (sources.collections) page.collections = sources.collections;
  if (sources.data) page.data = sources.data;
  return page;
}

/** `/404`, `/500`, and one leading segment for a locale: `/fr/404`, `/[locale]/404`. */
const ERROR_ROUTE = /^(?:\/[^/]+)?\/(404|500)$/;

/**
 * The status to resolve a page with, or `undefined` to leave the response alone.
 * Redirects and other 1xx/3xx responses are never touched. 4xx and 5xx pages are error
 * pages (no robots tags, no header). A prerendered localized error page is served with 200 at
 * build time, so its route gives the status the host will serve it with.
 */
function statusToResolve(status: number, routePattern: string): number | undefined {
  if (status >= 400 && status <= 599) return status;
  if (status < 200 || status >= 300 || status === 204) return undefined;
  const errorRoute = ERROR_ROUTE.exec(routePattern);
  return errorRoute ? Number(errorRoute[1]) : status;
}

/**
 * Whether a response is HTML, and in the encoding Astro writes (`utf-8`: UTF-8, or no charset
 * given) or in another (`other`); undefined for anything else: endpoints (`feed.xml`, JSON,
 * images) pass through untouched.
 */
function htmlCharset(headers: Headers): 'utf-8' | 'other' | undefined {
  const contentType = headers.get('content-type');
  if (!contentType) return undefined;
  // What Astro sends for pages, answered without splitting.
  if (contentType === 'text/html' || contentType === 'text/html; charset=utf-8') return 'utf-8';
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'text/html') return undefined;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='));
  return charset === undefined || /^charset="?utf-?8"?$/.test(charset) ? 'utf-8' : 'other';
}

/** The route Astro serves server islands (`server:defer`) from, without `base`. */
const SERVER_ISLAND_ROUTE = '/_server-islands/[name]';

/**
 * The same response (status, status text, every other header) with a new body and, when there
 * are values, X-Robots-Tag, replacing the route's own, which the values already include.
 * `Content-Length`, when the route set one, follows the body. The values (one per audience) are
 * appended as one, joined with `, `: what `Headers` gives Node's HTTP server for a name appended
 * several times, so the bytes sent are the same, for half the validation work per request.
 */
function withHeaders(
  response: Response,
  body: ReadableStream<Uint8Array>,
  header: readonly string[],
  lengthDelta: number,
  hadHeader: boolean,
  contentUsage?: string,
): Response {
  // The response itself as the init: its status, status text and a copy of its headers.
  const result = new Response(body, response);
  const headers = result.headers;
  // Headers are looked up only when there is something to change: each lookup walks the list.
  const length = lengthDelta === 0 ? null : headers.get('content-length');
  if (length !== null && /^\d+$/.test(length)) headers.set('content-length', String(Number(length) + lengthDelta));
  if (header.length > 0) {
    if (hadHeader) headers.delete(X_ROBOTS_TAG);
    headers.append(X_ROBOTS_TAG, header.length === 1 ? header[0]! : header.join(', '));
  }
  // `headers.contentUsage` (issue 40): the AI preferences, resolved by core like the X-Robots-Tag values.
  if (contentUsage !== undefined) headers.set(CONTENT_USAGE, contentUsage);
  return result;
}

let built: Promise<RobotsData> | undefined;
/** The data once a build's import settled: later requests take it without awaiting. */
let loaded: RobotsData | undefined;

/**
 * In dev, imported on every request rather than at the top of the middleware: the module is
 * replaced when front matter changes, and a dynamic import sees the new one. In a build the
 * data never changes, and the import is made once: Node resolves a dynamic import again on
 * each call (file system lookups), which would cost every request. The options were
 * validated at `astro:config:setup` and are used as they are: validating again would load zod
 * into the server.
 */
function loadRobotsData(): Promise<RobotsData> {
  const load = async (): Promise<RobotsData> => (await import('virtual:@robots-kit/astro/data')).default as RobotsData;
  if (import.meta.env.DEV) return load();
  return (built ??= load().then((data) => (loaded = data)));
}

/**
 * Diagnostics that mean the output may not be what the author intended. A fragment (server
 * island, partial) or a Markdown page without `<head>` (core creates one) is normal in Astro.
 */
const WORTH_A_WARNING = new Set<HtmlDiagnostic['code']>(['multiple-heads', 'unterminated-doctype', 'internal-error']);

/**
 * One warning line per problem that did not fail the page, prefixed with the page's path.
 * `context.logger` is read only when there is a line to write: Astro makes a new logger object
 * each time it is read.
 */
function reportDiagnostics(
  page: { diagnostics: readonly HtmlDiagnostic[]; warnings: readonly RobotsWarning[] },
  context: { url: URL; logger?: AstroRuntimeLogger },
): void {
  for (const diagnostic of page.diagnostics) {
    if (WORTH_A_WARNING.has(diagnostic.code)) warn(context, `${context.url.pathname}: ${logLine(diagnostic.message)}`);
  }
  for (const warning of page.warnings) warn(context, `${context.url.pathname}: ${logLine(warning.message)}`);
}

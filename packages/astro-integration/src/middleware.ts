/**
 * The on-request handler Astro runs around every page, in `astro build`, `astro dev` and on
 * demand: it decides whether the response is a page to rewrite, loads the data the Vite
 * plugin serves, and puts the page's resolved robots tags in its head through core.
 * Registered by the integration as `@robots-kit/astro/middleware`.
 */
import {
  injectRobots,
  normalizeOptions,
  resolvePageDetailed,
  type HtmlDiagnostic,
  type InjectRobotsResult,
  type NormalizedRobotsOptions,
  type RobotsWarning,
} from '@robots-kit/core';
import type { APIContext, AstroRuntimeLogger, MiddlewareHandler } from 'astro';
import { PACKAGE_NAME, PAGE_HINT, toAstroError } from './errors.js';
import { findPageEntry, ownDirectives, type RobotsData } from './page-directives.js';

const encoder = new TextEncoder();

/**
 * Runs after the page rendered (`order: 'post'`, innermost), so it sees the final status, the
 * `getStaticPaths` props and whatever the page put in `Astro.locals`. HTML pages get their
 * robots tags; endpoints, redirects and bodies that are not UTF-8 are returned untouched.
 */
export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const status = statusToResolve(response.status, context.routePattern);
  if (status === undefined || response.body === null || !isUtf8Html(response.headers)) return response;

  const bytes = await response.arrayBuffer();
  const html = decodeUtf8(bytes);
  if (html === undefined) {
    context.logger?.warn(`${context.url.pathname}: the HTML is not valid UTF-8, so its robots tags were left as they are.`);
    return withBody(response, bytes);
  }
  const { data, options } = await loadRobotsData();
  const result = robotsForPage(html, status, context, data, options);
  reportDiagnostics(result, context.url.pathname, context.logger);
  return withBody(response, result.changed ? encoder.encode(result.html) : bytes);
};

/** `/404`, `/500`, and one leading segment for a locale: `/fr/404`, `/[locale]/404`. */
const ERROR_ROUTE = /^(?:\/[^/]+)?\/(404|500)$/;

/**
 * The status to resolve a page with, or `undefined` to leave the response alone.
 * Redirects and other 1xx/3xx responses are never touched. 4xx and 5xx pages are error
 * pages (no robots tags). A prerendered localized error page is served with 200 at build
 * time, so its route pattern is the fallback signal.
 */
function statusToResolve(status: number, routePattern: string): number | undefined {
  if (status >= 400 && status <= 599) return status;
  if (status < 200 || status >= 300 || status === 204) return undefined;
  const errorRoute = ERROR_ROUTE.exec(routePattern);
  return errorRoute ? Number(errorRoute[1]) : status;
}

/**
 * Only HTML is rewritten, and only in the encoding Astro writes (UTF-8, or no charset given):
 * endpoints (`feed.xml`, JSON, images) pass through untouched.
 */
function isUtf8Html(headers: Headers): boolean {
  const contentType = headers.get('content-type');
  if (!contentType) return false;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'text/html') return false;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='));
  return charset === undefined || /^charset="?utf-?8"?$/.test(charset);
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as text, or `undefined` when it is not valid UTF-8: re-encoding replacement
 * characters would change bytes the transform promises to keep.
 */
function decodeUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The same response (status, status text, every header) with a new body; `Content-Length` follows it. */
function withBody(response: Response, body: Uint8Array<ArrayBuffer> | ArrayBuffer): Response {
  const headers = new Headers(response.headers);
  if (headers.has('content-length')) headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The data and its options, normalized once per module instance (once per build, once per dev change). */
interface LoadedRobotsData {
  data: RobotsData;
  options: NormalizedRobotsOptions;
}

const loaded = new WeakMap<object, LoadedRobotsData>();

/**
 * Imported on every request rather than at the top of the middleware: in dev the module is
 * replaced when front matter changes, and a dynamic import sees the new one. In a build it
 * is one resolved promise.
 */
async function loadRobotsData(): Promise<LoadedRobotsData> {
  const { default: module } = await import('virtual:@robots-kit/astro/data');
  const data = module as RobotsData;
  let result = loaded.get(data);
  if (!result) {
    // Validated at `astro:config:setup`; normalizing again restores core's "already normalized" mark.
    result = { data, options: normalizeOptions(data.options, { package: PACKAGE_NAME }) };
    loaded.set(data, result);
  }
  return result;
}

interface PageRobots extends InjectRobotsResult {
  /** Problems that did not fail the page: ineffective directives, unknown tokens in a theme's tag or with `strict: false`. */
  warnings: RobotsWarning[];
}

/** The page's HTML with its resolved robots tags, through core's head-only transform. */
function robotsForPage(
  html: string,
  status: number,
  context: Pick<APIContext, 'url' | 'routePattern' | 'props' | 'locals'>,
  data: RobotsData,
  options: NormalizedRobotsOptions,
): PageRobots {
  const entry = findPageEntry(context.props);
  const own = ownDirectives({
    key: options.frontMatterKey,
    data,
    routePattern: context.routePattern,
    locals: context.locals as Record<string, unknown> | undefined,
    entry,
  });
  const source = data.routes[context.routePattern] ?? own[0]?.source ?? context.url.pathname;
  const warnings: RobotsWarning[] = [];
  try {
    const result = injectRobots(html, (existing) => {
      const resolved = resolvePageDetailed(
        {
          url: context.url.pathname,
          own,
          collections: entry ? [entry.collection] : undefined,
          status,
          existing,
          source,
        },
        options,
      );
      warnings.push(...resolved.warnings);
      return resolved.tags;
    });
    return { ...result, warnings };
  } catch (error) {
    throw toAstroError(error, PAGE_HINT, source);
  }
}

/**
 * Diagnostics that mean the output may not be what the author intended. A fragment (server
 * island, partial) or a Markdown page without `<head>` (core creates one) is normal in Astro.
 */
const WORTH_A_WARNING = new Set<HtmlDiagnostic['code']>(['multiple-heads', 'internal-error']);

/** One warning line per problem that did not fail the page, prefixed with the page's path. */
function reportDiagnostics(
  page: { diagnostics: readonly HtmlDiagnostic[]; warnings: readonly RobotsWarning[] },
  pathname: string,
  logger: AstroRuntimeLogger | undefined,
): void {
  for (const diagnostic of page.diagnostics) {
    if (WORTH_A_WARNING.has(diagnostic.code)) logger?.warn(`${pathname}: ${diagnostic.message}`);
  }
  for (const warning of page.warnings) logger?.warn(`${pathname}: ${warning.message}`);
}

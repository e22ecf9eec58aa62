/**
 * The site's robots.txt as the integration generates it: the `robotsTxt` options merged with
 * `public/robots.txt`, checked when Astro sets up the integration, served by `astro dev` and
 * written at the end of `astro build` (see build-done.ts).
 */
import { generateRobotsTxtReport, RobotsError, type RobotsTxtReport } from '@robots-kit/core/internal/build';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IntegrationResolvedRoute } from 'astro';
import { AstroError } from 'astro/errors';
import type { ServerResponse } from 'node:http';
import type { Connect } from 'vite';
import { PACKAGE_NAME, ROBOTS_TXT_HINT, SITE_HINT, toAstroError } from './errors.js';
import { rootRelativePath } from './front-matter.js';
import type { IntegrationState, RobotsTxtRoute } from './state.js';

/** Errors that are fixed by setting the site's URL rather than by changing `robotsTxt`. */
const NEEDS_SITE = new Set(['robots-txt-sitemap-needs-site', 'invalid-site']);

/**
 * The site's robots.txt: the `robotsTxt` options merged with `public/robots.txt`, `site` from
 * the Astro config, and `sitemap: true` pointing at `@astrojs/sitemap`'s index when that
 * integration is used. Undefined with `robotsTxt: false`. Bad options, a relative sitemap
 * without `site`, or a line that conflicts with `public/robots.txt` throw `AstroError`.
 */
export async function generateAstroRobotsTxt(
  state: Pick<IntegrationState, 'options' | 'publicDir' | 'root' | 'base' | 'hasAstroSitemap' | 'build' | 'logger'>,
  served?: ExistingRobotsTxt,
): Promise<RobotsTxtReport | undefined> {
  const { options } = state;
  if (options.robotsTxt === false) return undefined;
  const existing = served ?? (await readPublicRobotsTxt(state.root, state.publicDir));
  const sitemap = defaultSitemap(state);
  let robotsTxt = options.robotsTxt;
  if (robotsTxt.sitemap === true && sitemap === undefined) {
    // Only in a build whose @astrojs/sitemap wrote nothing: a Sitemap line would name a missing file.
    const { sitemap: _none, ...withoutSitemap } = robotsTxt;
    robotsTxt = withoutSitemap;
    if (options.indexable) state.logger.warn(noSitemapWritten(state.hasAstroSitemap));
  }
  try {
    return generateRobotsTxtReport(robotsTxt, {
      indexable: options.indexable,
      ...(sitemap === undefined ? {} : { defaultSitemap: sitemap }),
      source: 'robots() options',
      ...(options.site === undefined ? {} : { site: options.site }),
      ...(existing === undefined ? {} : { existing: existing.text, existingSource: existing.source }),
    });
  } catch (error) {
    throw toAstroError(error, error instanceof RobotsError && NEEDS_SITE.has(error.code) ? SITE_HINT : ROBOTS_TXT_HINT);
  }
}

/**
 * The sitemap `robotsTxt.sitemap: true` stands for, below Astro's `base`. With
 * `@astrojs/sitemap`, the index it wrote in this build, whose name follows its `filenameBase`
 * option (`docs-index.xml`), or undefined when it wrote none. Without it, at the end of a build,
 * the sitemap in the output folder (`sitemap-index.xml`, then `sitemap.xml`: another
 * integration's, or one in `public/`), or undefined when there is none: a `Sitemap:` line must
 * not name a missing file. Before a build has written anything (at config setup, in `astro dev`),
 * the name the build would look for first.
 */
function defaultSitemap(state: Pick<IntegrationState, 'base' | 'hasAstroSitemap' | 'build'>): string | undefined {
  const base = state.base.replace(/\/+$/, '');
  const build = state.build?.finished ? state.build : undefined;
  if (!state.hasAstroSitemap) {
    if (build?.dir === undefined) return `${base}/sitemap.xml`;
    const found = SITEMAP_NAMES.find((name) => existsSync(join(build.dir!, name)));
    return found === undefined ? undefined : `${base}/${found}`;
  }
  if (build === undefined) return `${base}/sitemap-index.xml`;
  return build.sitemapIndexes[0] === undefined ? undefined : `${base}/${build.sitemapIndexes[0]}`;
}

/** The sitemap names looked for in the output folder when no `@astrojs/sitemap` is listed, in this order. */
const SITEMAP_NAMES = ['sitemap-index.xml', 'sitemap.xml'];

/** Why robots.txt has no `Sitemap:` line although the options asked for one. */
function noSitemapWritten(hasAstroSitemap: boolean): string {
  return hasAstroSitemap
    ? '`robotsTxt.sitemap: true` names the sitemap @astrojs/sitemap writes, but it wrote none in this build (no pages, or no `site`), so robots.txt has no `Sitemap:` line.'
    : '`robotsTxt.sitemap: true` names the sitemap the build writes, but it wrote none (no sitemap integration, and no `sitemap-index.xml` or `sitemap.xml` in the output), so robots.txt has no `Sitemap:` line rather than one naming a missing file. Add `@astrojs/sitemap` to `integrations`, or give `robotsTxt.sitemap` the URL of the sitemap you publish.';
}

/** A robots.txt of the site's own that ours is merged into, and what wrote it. */
export interface ExistingRobotsTxt {
  /** The bytes, so that core can refuse a file that is not UTF-8 instead of publishing other bytes. */
  text: Uint8Array;
  /** What wrote it, in messages: `public/robots.txt`, `src/pages/robots.txt.ts`, an integration. */
  source: string;
}

/**
 * The `robots.txt` in Astro's `publicDir`, read anew each time (in dev it may have been
 * edited since the last request). Undefined when there is none.
 */
export async function readPublicRobotsTxt(root: string, publicDir: string): Promise<ExistingRobotsTxt | undefined> {
  const file = join(publicDir, 'robots.txt');
  try {
    return { text: await readFile(file), source: rootRelativePath(root, file) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The site's own route for `/robots.txt` (`src/pages/robots.txt.ts`, as many themes ship), from
 * the routes Astro resolved; undefined when it has none. Its output is merged with ours like
 * `public/robots.txt`: from the built file when it is prerendered, from its response in dev.
 */
export function siteRobotsTxtRoute(routes: readonly IntegrationResolvedRoute[]): RobotsTxtRoute | undefined {
  const route = routes.find((candidate) => candidate.origin === 'project' && candidate.pattern === '/robots.txt');
  return route && { entrypoint: route.entrypoint, prerendered: route.isPrerendered };
}

/**
 * Stops a build whose `/robots.txt` route renders on request: the build never sees what it
 * answers, so ours could neither be merged into it nor replace it without losing its lines.
 */
export function checkRobotsTxtRoute(state: Pick<IntegrationState, 'options' | 'robotsTxtRoute'>): void {
  const route = state.robotsTxtRoute;
  if (state.options.robotsTxt === false || route === undefined || route.prerendered) return;
  throw new AstroError(
    `[${PACKAGE_NAME}] \`${route.entrypoint}\` answers /robots.txt on request, so the build cannot merge the robots.txt of the robots() options into it, and writing ours would hide the route's lines.`,
    `Either add \`export const prerender = true;\` to \`${route.entrypoint}\` (the build then keeps its lines and adds ours), or set \`robotsTxt: false\` in the robots() options (the route's robots.txt is served as it is).`,
  );
}

/**
 * Serves `/robots.txt` in `astro dev`, generated on each request exactly as the build will
 * write it, so edits to the options' file or to `public/robots.txt` show at once. Installed
 * before Vite serves `public/`, so the user's file is merged in, not served instead. When the
 * site has its own `/robots.txt` route, the route answers and its response is merged instead
 * (see `mergeRouteResponse`). Astro strips `base` from the URL before this runs. A problem
 * (e.g. a line of `public/robots.txt` that conflicts with the options) is answered with a 500
 * and logged.
 */
export function robotsTxtDevMiddleware(getState: () => IntegrationState | undefined): Connect.NextHandleFunction {
  return (request, response, next) => {
    const state = getState();
    if (!state || state.options.robotsTxt === false || requestPath(request.url) !== '/robots.txt') return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (state.robotsTxtRoute) return mergeRouteResponse(state, state.robotsTxtRoute, request, response, next);
    answer(state, response, request.method === 'HEAD', generateAstroRobotsTxt(state));
  };
}

/** Answers with the generated robots.txt, or a 500 that says what is wrong. */
function answer(
  state: IntegrationState,
  response: ServerResponse,
  head: boolean,
  generated: Promise<RobotsTxtReport | undefined>,
  fallback?: () => void,
): void {
  generated.then(
    (report) => {
      if (report === undefined) return fallback?.();
      response.statusCode = 200;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.setHeader('Cache-Control', 'no-cache');
      response.removeHeader('Content-Length');
      response.end(head ? undefined : report.text);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const hint = (error as { hint?: unknown }).hint;
      state.logger.error(message);
      response.statusCode = 500;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.removeHeader('Content-Length');
      response.end(typeof hint === 'string' ? `${message}\n\n${hint}\n` : `${message}\n`);
    },
  );
}

/**
 * Lets the site's `/robots.txt` route answer in `astro dev`, holding its response back, then
 * answers with ours merged into it, as the build merges the file the route wrote. The route's
 * status line and headers are held too; a response other than 200 is passed on as it was.
 * An on-demand route is merged as well, with the error the build will stop with, logged once.
 */
function mergeRouteResponse(
  state: IntegrationState,
  route: RobotsTxtRoute,
  request: Connect.IncomingMessage,
  response: ServerResponse,
  next: Connect.NextFunction,
): void {
  if (!route.prerendered && !warnedOnDemand.has(route.entrypoint)) {
    warnedOnDemand.add(route.entrypoint);
    try {
      checkRobotsTxtRoute(state);
    } catch (error) {
      state.logger.error(`${(error as Error).message} ${(error as AstroError).hint ?? ''}`.trim());
    }
  }
  const chunks: Buffer[] = [];
  const original = { writeHead: response.writeHead, write: response.write, end: response.end };
  let held: { status: number; headers: unknown[] } | undefined;
  const restore = (): void => {
    Object.assign(response, original);
  };
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    held = { status, headers: rest };
    return response;
  }) as ServerResponse['writeHead'];
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, rest[0]));
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as ServerResponse['write'];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    restore();
    const text = Buffer.concat(chunks);
    const status = held?.status ?? response.statusCode;
    if (status !== 200 || response.headersSent) {
      if (held && !response.headersSent) response.writeHead(held.status, ...(held.headers as []));
      return response.end(text);
    }
    // The route's own headers are kept (caching, say), but not its length or type: the body changes.
    const headers = held?.headers.find((value) => typeof value === 'object' && value !== null);
    for (const [name, value] of Object.entries((headers ?? {}) as Record<string, string | string[]>)) {
      if (!/^content-(length|type)$/i.test(name)) response.setHeader(name, value);
    }
    answer(
      state,
      response,
      request.method === 'HEAD',
      generateAstroRobotsTxt(state, { text, source: route.entrypoint }),
      () => response.end(text),
    );
    return response;
  }) as ServerResponse['end'];
  next();
}

/** On-demand routes whose error was logged in this dev server already. */
const warnedOnDemand = new Set<string>();

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

function requestPath(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/**
 * The site's robots.txt as the integration generates it: the `robotsTxt` options merged with
 * `public/robots.txt`, checked when Astro sets up the integration, served by `astro dev` and
 * written at the end of `astro build` (see build-done.ts).
 */
import { generateRobotsTxtReport, RobotsError, type RobotsTxtReport } from '@robots-kit/core/build';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Connect } from 'vite';
import { ROBOTS_TXT_HINT, SITE_HINT, toAstroError } from './errors.js';
import { rootRelativePath } from './front-matter.js';
import type { IntegrationState } from './state.js';

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
): Promise<RobotsTxtReport | undefined> {
  const { options } = state;
  if (options.robotsTxt === false) return undefined;
  const existing = await readPublicRobotsTxt(state.publicDir);
  const sitemap = defaultSitemap(state);
  let robotsTxt = options.robotsTxt;
  if (robotsTxt.sitemap === true && sitemap === undefined) {
    // Only in a build whose @astrojs/sitemap wrote nothing: a Sitemap line would name a missing file.
    const { sitemap: _none, ...withoutSitemap } = robotsTxt;
    robotsTxt = withoutSitemap;
    if (options.indexable) state.logger.warn(NO_SITEMAP_WRITTEN);
  }
  try {
    return generateRobotsTxtReport(robotsTxt, {
      indexable: options.indexable,
      ...(sitemap === undefined ? {} : { defaultSitemap: sitemap }),
      source: 'robots() options',
      ...(options.site === undefined ? {} : { site: options.site }),
      ...(existing === undefined
        ? {}
        : { existing: existing.text, existingSource: rootRelativePath(state.root, existing.file) }),
    });
  } catch (error) {
    throw toAstroError(error, error instanceof RobotsError && NEEDS_SITE.has(error.code) ? SITE_HINT : ROBOTS_TXT_HINT);
  }
}

/**
 * The sitemap `robotsTxt.sitemap: true` stands for, below Astro's `base`. Without
 * `@astrojs/sitemap`, `sitemap.xml`, the name crawlers and most generators use. With it, the
 * index it wrote in this build, whose name follows its `filenameBase` option
 * (`docs-index.xml`), or undefined when it wrote none; before a build has written one (at
 * config setup, in `astro dev`), its default name `sitemap-index.xml`.
 */
function defaultSitemap(state: Pick<IntegrationState, 'base' | 'hasAstroSitemap' | 'build'>): string | undefined {
  const base = state.base.replace(/\/+$/, '');
  if (!state.hasAstroSitemap) return `${base}/sitemap.xml`;
  const written = state.build?.finished ? state.build.sitemapIndexes : undefined;
  if (written === undefined) return `${base}/sitemap-index.xml`;
  return written[0] === undefined ? undefined : `${base}/${written[0]}`;
}

const NO_SITEMAP_WRITTEN =
  '`robotsTxt.sitemap: true` names the sitemap @astrojs/sitemap writes, but it wrote none in this build (no pages, or no `site`), so robots.txt has no `Sitemap:` line.';

/** The user's own robots.txt and where it is. */
interface PublicRobotsTxt {
  /** The bytes, so that core can refuse a file that is not UTF-8 instead of publishing other bytes. */
  text: Uint8Array;
  /** Absolute path. */
  file: string;
}

/**
 * The `robots.txt` in Astro's `publicDir`, read anew each time (in dev it may have been
 * edited since the last request). Undefined when there is none.
 */
async function readPublicRobotsTxt(publicDir: string): Promise<PublicRobotsTxt | undefined> {
  const file = join(publicDir, 'robots.txt');
  try {
    return { text: await readFile(file), file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Serves `/robots.txt` in `astro dev`, generated on each request exactly as the build will
 * write it, so edits to the options' file or to `public/robots.txt` show at once. Installed
 * before Vite serves `public/`, so the user's file is merged in, not served instead. Astro
 * strips `base` from the URL before this runs. A problem (e.g. a line of `public/robots.txt`
 * that conflicts with the options) is answered with a 500 and logged.
 */
export function robotsTxtDevMiddleware(getState: () => IntegrationState | undefined): Connect.NextHandleFunction {
  return (request, response, next) => {
    const state = getState();
    if (!state || state.options.robotsTxt === false || requestPath(request.url) !== '/robots.txt') return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    generateAstroRobotsTxt(state).then(
      (report) => {
        if (report === undefined) return next();
        response.statusCode = 200;
        response.setHeader('Content-Type', 'text/plain; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(request.method === 'HEAD' ? undefined : report.text);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const hint = (error as { hint?: unknown }).hint;
        state.logger.error(message);
        response.statusCode = 500;
        response.setHeader('Content-Type', 'text/plain; charset=utf-8');
        response.end(typeof hint === 'string' ? `${message}\n\n${hint}\n` : `${message}\n`);
      },
    );
  };
}

function requestPath(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

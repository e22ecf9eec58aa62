/**
 * How the integration names itself and reports what went wrong: core's `RobotsError`
 * becomes the `AstroError` Astro prints, with a hint that says where to fix it.
 */
// The runtime entry: the middleware imports this module, and must not load zod or the audit.
import { RobotsError } from '@robots-kit/core/internal/runtime';
import { AstroError } from 'astro/errors';

/** The name the integration registers with Astro and prints in its messages. */
export const PACKAGE_NAME = '@robots-kit/astro';

/** An `AstroError` made from a `RobotsError`: its code and details stay readable for tools and tests. */
export interface RobotsAstroError extends AstroError {
  code: string;
  details: RobotsError['details'];
}

/**
 * Astro prints an `AstroError` with its hint in the terminal and in the dev overlay.
 * The `RobotsError` message (package, file, key, bad value, did-you-mean) is kept as is.
 * It is not set as the `cause`: Astro prints a cause's message too, which would be the
 * same message twice. Anything that is not a `RobotsError` is rethrown unchanged: it is not
 * ours to explain.
 */
export function toAstroError(error: unknown, hint: string, source?: string): RobotsAstroError {
  if (!(error instanceof RobotsError)) throw error;
  const located = error.withContext({ package: PACKAGE_NAME, source: error.details.source ?? source });
  const astroError = Object.assign(new AstroError(located.message, hint), {
    code: located.code,
    details: located.details,
  });
  astroError.name = 'RobotsError';
  return astroError;
}

const PACKAGE_PREFIX = /^\[@robots-kit\/[a-z-]+\] /;

/**
 * A message for the integration's logger: Astro labels every line with `[@robots-kit/astro]`
 * already, so the package prefix core puts on its warnings is dropped rather than printed
 * twice (`[@robots-kit/astro] [@robots-kit/core] …`).
 */
export function logLine(message: string): string {
  return message.replace(PACKAGE_PREFIX, '');
}

/** Where to look when the integration's options are wrong. */
export const OPTIONS_HINT =
  'Fix the options passed to `robots()` in your Astro config. Every option is listed in the README of @robots-kit/astro.';

/** Where to look when a page's own directives are wrong. */
export const PAGE_HINT =
  'A robots value is a string (`"noindex, nofollow"`), an array of strings, a boolean, or an object (`{ index: false }`). ' +
  'Fix it in the file named above (front matter, collection entry, or `Astro.locals.robots`).';

/** Where to look when robots.txt cannot be written. */
export const ROBOTS_TXT_HINT =
  'Fix `robotsTxt` in the robots() options of your Astro config, or the line of `public/robots.txt` named above; `robotsTxt: false` writes no robots.txt.';

/** A sitemap path needs the site's URL to become the absolute URL robots.txt requires. */
export const SITE_HINT =
  "Set `site` in your Astro config (`defineConfig({ site: 'https://example.com' })`), or give `robotsTxt.sitemap` as an absolute URL.";

/** Where to look when the X-Robots-Tag header files cannot be written. */
export const HEADERS_HINT =
  'Fix `headers` in the robots() options of your Astro config (a glob a host cannot express can be written as a list of files), or the existing header file named above.';

/**
 * The pieces the options schema is built of: the reference metadata of a field, a check another
 * module owns run inside the schema (its own error kept), directive inputs, glob and locale lists,
 * and `site`, which the CLI's `--site` reads with the same rules.
 */
import { z } from 'zod';
import type { RobotsInput } from '../directives/types.js';
import { ROBOTS_ERROR_PARAM, RobotsError, zodIssueToError } from '../errors.js';
import { validateGlobList } from '../glob.js';

/**
 * What the options reference (`docs/options.md`, written by `npm run docs:options`) says of a
 * field: one line of description, and its type and default in words where the schema cannot say
 * them itself (a `z.custom` type, a default that depends on the build).
 */
export interface OptionDoc {
  description: string;
  /** The type as users write it, e.g. `` `false` or an object ``. Default: read from the schema. */
  type?: string;
  /** The default in words. Default: read from the schema's `.default()`, else "none". */
  default?: string;
}
/** A field with its reference entry: the one place a field is described. */
export function documented<T extends z.ZodType>(schema: T, doc: OptionDoc): T {
  return schema.meta({ ...doc });
}

/** Where a module's check runs inside the schema, its errors are located afterwards by `zodIssueToError`. */
export const SCHEMA_SOURCE = 'options';
/**
 * A transform that runs a check another module owns (globs, directives, robots.txt, headers,
 * link rules) and returns its result. The module's `RobotsError` (with its own key, problem and
 * suggestion) becomes a custom issue carrying it, which `zodIssueToError` turns back into that
 * error, located in the user's file.
 */
export function checkedBy<T, R>(check: (value: T) => R): (value: T, context: z.RefinementCtx) => R {
  return (value, context) => {
    try {
      return check(value);
    } catch (error) {
      if (!(error instanceof RobotsError)) throw error;
      context.addIssue({ code: 'custom', message: error.message, params: { [ROBOTS_ERROR_PARAM]: error.details } });
      return z.NEVER;
    }
  };
}

/** The directives of `defaults`, `rules[].robots` and `headers.rules[].robots`: the directive parser checks the value. */
export const robotsInput = z.custom<RobotsInput>(
  (value) =>
    value === undefined ||
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    typeof value === 'object',
  { message: 'expected a string, an array of strings, a boolean or an object' },
);
export const BOOLEAN = 'expected `true` or `false`';

/** A list of URL path globs (`!` exceptions accepted), each checked by the glob module under `key[i]`. */
export function globList(key: string) {
  return z
    .array(z.string({ error: 'expected a URL path glob such as `/tags/**`' }), {
      error: "expected a list of URL path globs, e.g. `['/tags/**']`",
    })
    .transform(checkedBy((globs: string[]) => validateGlobList(globs, (i) => `${key}[${i}]`, key, SCHEMA_SOURCE)));
}
/** A locale list of `noindex.locales` and `rules[].locales`: the names the site's i18n config gives its locales. */
export const localeList = z.array(
  z
    .string({ error: 'expected a locale such as `de` or `pt-BR`' })
    .trim()
    .min(1, { error: 'expected a locale such as `de`, not an empty string' }),
  { error: "expected a list of locales, e.g. `['de', 'fr']`" },
);

const SITE_EXPECTED =
  'the address the site is served at, e.g. `https://example.com` or, with a base path, `https://example.com/docs/`';
/**
 * The problem with a `site` value, or `undefined` for a good one. A site is an http(s) origin
 * and an optional base path: it is written into robots.txt's `Sitemap` lines, sitemaps and
 * canonical checks, so a query, a fragment, credentials (`https://user:pass@host` would publish
 * the password in robots.txt) or a line break (a new robots.txt line) are refused.
 */
function siteProblem(site: string): { problem: string; suggestion?: string } | undefined {
  if (/[\u0000-\u0020\u007f-\u00a0\u2028\u2029]/.test(site))
    return { problem: 'whitespace or a control character (a line break would start a new robots.txt line) in' };
  if (!URL.canParse(site)) {
    // `example.com`: the scheme left out.
    const withScheme = `https://${site.replace(/^\/+/, '')}`;
    return { problem: 'not an absolute URL', ...(URL.canParse(withScheme) ? { suggestion: withScheme } : {}) };
  }
  const url = new URL(site);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'not an http or https URL' };
  const origin = `${url.origin}${url.pathname}`;
  if (url.username || url.password)
    return {
      problem: 'credentials in the URL, which robots.txt and sitemaps would publish',
      suggestion: origin,
    };
  if (site.includes('?') || site.includes('#'))
    return { problem: 'a query or fragment in the URL, which is not part of a site address', suggestion: origin };
  return undefined;
}
/** `site` (and the CLI's `--site`): an http(s) origin and optional base path, as given. */
export const siteSchema = z.string({ error: 'expected an absolute URL such as `https://example.com`' }).transform(
  checkedBy((site: string) => {
    const found = siteProblem(site);
    if (!found) return site;
    throw new RobotsError({
      code: 'invalid-site',
      key: 'site',
      value: site,
      problem: found.problem,
      expected: SITE_EXPECTED,
      ...(found.suggestion ? { suggestion: found.suggestion } : {}),
    });
  }),
);
const siteOnly = z.strictObject({ site: siteSchema });
/**
 * A site address read with the `site` option's rules, for a value that is not in the options
 * (the CLI's `--site`): the same checks and message, under the caller's key and source.
 */
export function readSite(value: unknown, where: { key: string; source: string }): string {
  const parsed = siteOnly.safeParse({ site: value });
  if (parsed.success) return parsed.data.site;
  const error = zodIssueToError(parsed.error, { site: value }, siteOnly, where.source);
  throw new RobotsError({ ...error.details, key: where.key });
}

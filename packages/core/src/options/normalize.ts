/**
 * normalizeOptions (validate once, fill defaults, JSON-safe and idempotent) and detectIndexable
 * (preview and staging builds).
 */
import { parseRobots } from '../directives/parse.js';
import { validateRobotsTxtOptions } from '../robots-txt/validate-options.js';
import { validateHeadersOptions } from '../headers/options.js';
import { RobotsError, zodIssueToError } from '../errors.js';
import { z } from 'zod';
import { auditOptionSchema, DEFAULTS, type DataValue, googlebotSchema, type NormalizedRobotsOptions, robotsOptionsSchema } from './schema.js';
import { validateGlob, validateGlobList } from '../glob.js';
import { checkSelectorCount, validateLinksOption, validateNosnippetOption } from './body-options.js';

/** Whether the build should be indexable, and why not. */
export interface IndexableDecision {
  indexable: boolean;
  reason: string;
}
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);
/**
 * Known preview and staging contexts: Netlify `CONTEXT` other than `production`,
 * `VERCEL_ENV` other than `production`, or `ROBOTS_INDEXABLE=false` (which also
 * overrides the others when `true`).
 */
export function detectIndexable(env: Readonly<Record<string, string | undefined>> = process.env): IndexableDecision {
  const flag = env.ROBOTS_INDEXABLE?.trim().toLowerCase();
  if (flag) {
    return FALSE_WORDS.has(flag)
      ? { indexable: false, reason: `ROBOTS_INDEXABLE=${env.ROBOTS_INDEXABLE}` }
      : { indexable: true, reason: `ROBOTS_INDEXABLE=${env.ROBOTS_INDEXABLE}` };
  }
  if (env.CONTEXT && env.CONTEXT !== 'production') {
    return { indexable: false, reason: `Netlify CONTEXT=${env.CONTEXT}` };
  }
  if (env.VERCEL_ENV && env.VERCEL_ENV !== 'production') {
    return { indexable: false, reason: `VERCEL_ENV=${env.VERCEL_ENV}` };
  }
  return { indexable: true, reason: 'no preview or staging context detected' };
}

export interface NormalizeContext {
  /** The adapter's package name, for error messages. Default: `@robots-kit/core`. */
  package?: string;
  /** Where the options were written, for error messages. Default: `options`. */
  source?: string;
  /** The environment used to detect preview builds. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}
const normalized = new WeakSet<object>();
/** `googlebot` checked on its own, under its own key, so an error names `googlebot.maxSnippet`. */
const googlebotOption = z.strictObject({ googlebot: googlebotSchema });
/** `audit` checked on its own, so an error names `audit.html`. */
const auditOption = z.strictObject({ audit: auditOptionSchema });
/** `true`/`false` as they are; `{ html: true }` with the default file, `{ html: false }` or `{}` as `true`. */
function normalizeAudit(audit: unknown, source: string, packageName: string | undefined): NormalizedRobotsOptions['audit'] {
  if (audit === undefined) return false;
  if (typeof audit === 'boolean') return audit;
  const checked = auditOption.safeParse({ audit });
  if (!checked.success) throw zodIssueToError(checked.error, { audit }, auditOption, source, packageName);
  const html = checked.data.audit.html;
  if (html === undefined || html === false) return true;
  return { html: html === true ? DEFAULTS.auditHtml : html };
}
/** `{ draft: true, status: ['draft', 'review'] }` → `{ draft: [true], status: ['draft', 'review'] }`, as own keys of a new object. */
function dataConditions(data: Readonly<Record<string, DataValue | DataValue[]>> | undefined): Record<string, DataValue[]> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]));
}
/** A rule with neither `path` nor `locales` would apply to every page: `defaults` says that, so it is refused. */
function ruleWithoutCondition(rule: object, index: number, source: string): RobotsError {
  return new RobotsError({
    code: 'invalid-rule',
    source,
    key: `rules[${index}]`,
    value: rule,
    problem: 'a rule needs `path`, `locales` or both',
    expected: "the pages it is for, e.g. `{ path: '/private/**', robots: 'noindex' }` or `{ locales: ['fr'], robots: 'noarchive' }` (use `defaults` for every page)",
  });
}
function locate(error: unknown, context: NormalizeContext): never {
  if (error instanceof RobotsError) throw error.withContext({ package: context.package });
  throw error;
}
/**
 * `site` as an http(s) URL: it reaches robots.txt, sitemaps and canonical checks, so
 * `javascript:alert(1)` or `file:///etc` must stop here, with the fix.
 */
function checkSite(site: string, source: string): string {
  const { protocol } = new URL(site);
  if (protocol === 'https:' || protocol === 'http:') return site;
  throw new RobotsError({
    code: 'invalid-site',
    source,
    key: 'site',
    value: site,
    problem: 'not an http or https URL',
    expected: 'the address the site is served at, e.g. `https://example.com`',
  });
}
/**
 * Validates user options with a strict schema and fills in defaults. Throws `RobotsError`
 * for an unknown key (with a did-you-mean), a wrong type, a bad glob or a bad directive.
 */
export function normalizeOptions(userOptions: unknown = {}, context: NormalizeContext = {}): NormalizedRobotsOptions {
  if (typeof userOptions === 'object' && userOptions !== null && normalized.has(userOptions)) {
    return userOptions as NormalizedRobotsOptions;
  }
  const source = context.source ?? 'options';
  const parsed = robotsOptionsSchema.safeParse(userOptions ?? {});
  if (!parsed.success) throw zodIssueToError(parsed.error, userOptions, robotsOptionsSchema, source, context.package);
  const options = parsed.data;
  const strict = options.strict ?? DEFAULTS.strict;
  let googlebot: NormalizedRobotsOptions['googlebot'] = { ...DEFAULTS.googlebot };
  if (options.googlebot === false) googlebot = false;
  else if (options.googlebot !== undefined) {
    const checked = googlebotOption.safeParse({ googlebot: options.googlebot });
    if (!checked.success) throw zodIssueToError(checked.error, { googlebot: options.googlebot }, googlebotOption, source, context.package);
    googlebot = { ...googlebot, ...checked.data.googlebot };
  }

  try {
    const result: NormalizedRobotsOptions = {
      noindex: {
        collections: options.noindex?.collections ?? [],
        paths: validateGlobList(options.noindex?.paths ?? [], (i) => `noindex.paths[${i}]`, 'noindex.paths', source),
        data: dataConditions(options.noindex?.data),
        ...(options.noindex?.locales ? { locales: [...options.noindex.locales] } : {}),
      },
      rules: (options.rules ?? []).map((rule, i) => {
        const paths = typeof rule.path === 'string' ? [rule.path] : rule.path ?? [];
        if (paths.length === 0 && rule.locales === undefined) throw ruleWithoutCondition(rule, i, source);
        parseRobots(rule.robots, { file: source, key: `rules[${i}].robots` }, { strict });
        return {
          path: validateGlobList(paths, (j) => (typeof rule.path === 'string' ? `rules[${i}].path` : `rules[${i}].path[${j}]`), `rules[${i}].path`, source),
          robots: rule.robots,
          ...(rule.locales ? { locales: [...rule.locales] } : {}),
        };
      }),
      frontMatterKey: options.frontMatterKey ?? DEFAULTS.frontMatterKey,
      errorPages: validateGlobList(options.errorPages ?? [], (i) => `errorPages[${i}]`, 'errorPages', source),
      googlebot,
      indexable: options.indexable ?? detectIndexable(context.env).indexable,
      strict,
      robotsTxt: options.robotsTxt ?? {},
      audit: normalizeAudit(options.audit, source, context.package),
    };
    if (options.defaults !== undefined) {
      parseRobots(options.defaults, { file: source, key: 'defaults' }, { strict });
      result.defaults = options.defaults;
    }
    if (options.site !== undefined) result.site = checkSite(options.site, source);
    if (result.robotsTxt !== false) validateRobotsTxtOptions(result.robotsTxt, source);
    if (options.headers !== undefined) {
      validateHeadersOptions(options.headers, source);
      result.headers = options.headers;
    }
    // The body pass (links, data-nosnippet): set only when configured, so other sites never run it.
    if (options.links !== undefined) result.links = validateLinksOption(options.links, source);
    if (options.nosnippet !== undefined) result.nosnippet = validateNosnippetOption(options.nosnippet, source);
    checkSelectorCount([...(result.links?.rules.flatMap((rule) => rule.within) ?? []), ...(result.nosnippet?.rules.flatMap((rule) => rule.selectors) ?? [])], 'links', source);
    normalized.add(result);
    return result;
  } catch (error) {
    return locate(error, context);
  }
}

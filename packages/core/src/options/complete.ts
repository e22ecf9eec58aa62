/**
 * What normalizeOptions does once the options' shape is known: the value checks (globs,
 * directives, robots.txt, links, selectors), the defaults, and detectIndexable (preview and
 * staging builds). No zod here: `normalizeOptionsFast` runs this after the plain shape check of
 * `shape.ts`, so a build with valid options never loads zod (issue 21); `normalize.ts` runs it
 * after zod's check.
 */
import { parseRobots } from '../directives/parse.js';
import { validateRobotsTxtOptions } from '../robots-txt/validate-options.js';
import { RobotsError } from '../errors.js';
import { DEFAULTS } from './defaults.js';
import type { DataValue, NormalizedRobotsOptions, ParsedRobotsOptions } from './schema.js';
import { validateGlobList } from '../glob.js';
import { checkSelectorCount, validateLinksOption, validateNosnippetOption } from './body-options.js';
import { readOptionsShape } from './shape.js';
import type { HeadersOptions } from '../headers/options.js';

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
/** Results of normalizeOptions: given again, they are returned as they are. */
const normalized = new WeakSet<object>();
/** Whether `options` is a result of normalizeOptions (this process, this copy of core). */
export function isNormalized(options: unknown): options is NormalizedRobotsOptions {
  return typeof options === 'object' && options !== null && normalized.has(options);
}

/** `{ draft: true, status: ['draft', 'review'] }` → `{ draft: [true], status: ['draft', 'review'] }`, as own keys of a new object. */
function dataConditions(
  data: Readonly<Record<string, DataValue | DataValue[]>> | undefined,
): Record<string, DataValue[]> {
  return Object.fromEntries(
    Object.entries(data ?? {}).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]),
  );
}
/** A rule with neither `path` nor `locales` would apply to every page: `defaults` says that, so it is refused. */
function ruleWithoutCondition(rule: object, index: number, source: string): RobotsError {
  return new RobotsError({
    code: 'invalid-rule',
    source,
    key: `rules[${index}]`,
    value: rule,
    problem: 'a rule needs `path`, `locales` or both',
    expected:
      "the pages it is for, e.g. `{ path: '/private/**', robots: 'noindex' }` or `{ locales: ['fr'], robots: 'noarchive' }` (use `defaults` for every page)",
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

/** The checks that differ between the zod path and the plain one, run where normalization has always run them (so the first error stays the same). */
export interface ShapeChecks {
  /** `audit` in its normalized form. */
  audit(audit: ParsedRobotsOptions['audit']): NormalizedRobotsOptions['audit'];
  /** Validates the `headers` option (`validateHeadersOptions`), throwing its error. */
  headers(headers: HeadersOptions, source: string): void;
}
/**
 * The `headers` checks of `headers/options.ts` (the module itself, or an object of its two
 * functions), handed to the plain path by callers that have loaded it. Not imported here: the
 * validator and its glob parser would load on every build, `headers` or not (issue 21: every
 * module of the import is paid on every build and `--serve` start); without them the plain path
 * gives up on `headers`, and `normalizeOptionsAsync` loads them and asks again.
 */
export interface HeadersChecks {
  readHeadersShape(options: unknown): HeadersOptions | undefined;
  validateHeadersOptions(options: unknown, source?: string): unknown;
}
/** `true`/`false` as they are; `{ html: true }` with the default file, `{ html: false }` or `{}` as `true`, for an `audit` whose shape is already checked. */
export function auditFromShape(
  audit: boolean | { html?: boolean | string } | undefined,
): NormalizedRobotsOptions['audit'] {
  if (audit === undefined) return false;
  if (typeof audit === 'boolean') return audit;
  const html = audit.html;
  if (html === undefined || html === false) return true;
  return { html: html === true ? DEFAULTS.auditHtml : html };
}

/**
 * Normalization after the shape check: value checks in a fixed order (the first bad value is
 * the error), defaults, the result remembered as normalized. `googlebot` comes checked.
 */
export function completeOptions(
  options: ParsedRobotsOptions,
  googlebot: NormalizedRobotsOptions['googlebot'],
  context: NormalizeContext,
  checks: ShapeChecks,
): NormalizedRobotsOptions {
  const source = context.source ?? 'options';
  const strict = options.strict ?? DEFAULTS.strict;
  try {
    const result: NormalizedRobotsOptions = {
      noindex: {
        collections: options.noindex?.collections ?? [],
        paths: validateGlobList(options.noindex?.paths ?? [], (i) => `noindex.paths[${i}]`, 'noindex.paths', source),
        data: dataConditions(options.noindex?.data),
        ...(options.noindex?.locales ? { locales: [...options.noindex.locales] } : {}),
      },
      rules: (options.rules ?? []).map((rule, i) => {
        const paths = typeof rule.path === 'string' ? [rule.path] : (rule.path ?? []);
        if (paths.length === 0 && rule.locales === undefined) throw ruleWithoutCondition(rule, i, source);
        parseRobots(rule.robots, { file: source, key: `rules[${i}].robots` }, { strict });
        return {
          path: validateGlobList(
            paths,
            (j) => (typeof rule.path === 'string' ? `rules[${i}].path` : `rules[${i}].path[${j}]`),
            `rules[${i}].path`,
            source,
          ),
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
      audit: checks.audit(options.audit),
    };
    if (options.defaults !== undefined) {
      parseRobots(options.defaults, { file: source, key: 'defaults' }, { strict });
      result.defaults = options.defaults;
    }
    if (options.site !== undefined) result.site = checkSite(options.site, source);
    if (result.robotsTxt !== false) validateRobotsTxtOptions(result.robotsTxt, source);
    if (options.headers !== undefined) {
      checks.headers(options.headers, source);
      result.headers = options.headers;
    }
    // The body pass (links, data-nosnippet): set only when configured, so other sites never run it.
    if (options.links !== undefined) result.links = validateLinksOption(options.links, source);
    if (options.nosnippet !== undefined) result.nosnippet = validateNosnippetOption(options.nosnippet, source);
    checkSelectorCount(
      [
        ...(result.links?.rules.flatMap((rule) => rule.within) ?? []),
        ...(result.nosnippet?.rules.flatMap((rule) => rule.selectors) ?? []),
      ],
      'links',
      source,
    );
    normalized.add(result);
    return result;
  } catch (error) {
    return locate(error, context);
  }
}

/**
 * normalizeOptions without zod: the normalized options when the plain shape check vouches for
 * them and every value check passes, or `undefined` when zod must decide (a bad or unusual
 * value, or a form the plain check leaves to zod): then call `normalizeOptions`, whose error
 * message is the reference. Options with `headers` need `headers` (the checks of
 * `headers/options.ts`); without them the answer is `undefined` (`normalizeOptionsAsync` loads
 * them). Never throws for bad options. Options already normalized are returned as they are.
 */
export function normalizeOptionsFast(
  userOptions: unknown = {},
  context: NormalizeContext = {},
  headers?: HeadersChecks,
): NormalizedRobotsOptions | undefined {
  if (isNormalized(userOptions)) return userOptions;
  const options = readOptionsShape(userOptions ?? {}, headers?.readHeadersShape);
  if (options === undefined) return undefined;
  const googlebot: NormalizedRobotsOptions['googlebot'] =
    options.googlebot === false
      ? false
      : {
          ...DEFAULTS.googlebot,
          ...(options.googlebot as Partial<Exclude<NormalizedRobotsOptions['googlebot'], false>> | undefined),
        };
  try {
    return completeOptions(options, googlebot, context, {
      // `audit` comes from `readOptionsShape` already in its checked shape.
      audit: (audit) => auditFromShape(audit as boolean | { html?: boolean | string } | undefined),
      // Reached only with `headers` given (`readOptionsShape` gives up on `headers` without them).
      headers: (value, source) => void headers!.validateHeadersOptions(value, source),
    });
  } catch {
    // A bad value: normalizeOptions runs the same checks after zod's and throws the same error, located as always.
    return undefined;
  }
}

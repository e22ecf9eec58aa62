/**
 * The options schema (strict zod), the normalized options type and every default. Loaded only when
 * the options need zod: `options/shape.ts` checks the options users write without it, and
 * `normalizeOptions` turns to this schema for what that check refuses or does not know, so that
 * its error messages come from here (issue 21).
 */
import { z } from 'zod';
import type { RobotsInput, ImagePreview } from '../directives/types.js';
import type { RobotsTxtOptions } from '../robots-txt/options.js';
import type { HeadersOptions } from '../headers/options.js';
import { contentUsageSchema } from '../headers/schema.js';
import type { LinksOptions, NormalizedLinks, NormalizedNosnippet, NosnippetOptions } from './body-options.js';

/** Every default lives in options/defaults.ts, which the runtime entry can load without zod. */
export { DEFAULTS } from './defaults.js';

const robotsInput = z.custom<RobotsInput>(
  (value) => value === undefined || value === null || ['string', 'boolean', 'object'].includes(typeof value),
  { message: 'expected a string, an array of strings, a boolean or an object' },
);
const BOOLEAN = 'expected `true` or `false`';
const WHOLE_NUMBER = 'expected a whole number, -1 for no limit';
const length = z.number({ error: WHOLE_NUMBER }).int({ error: WHOLE_NUMBER }).min(-1, { error: WHOLE_NUMBER });
/** The object form of the `googlebot` option, checked by `normalizeOptions` once the option is known to be an object. */
export const googlebotSchema = z.strictObject({
  /** Default: `-1` (no limit). */
  maxSnippet: length.optional(),
  /** Default: `large`. */
  maxImagePreview: z
    .enum(['none', 'standard', 'large'], { error: 'expected `none`, `standard` or `large`' })
    .optional(),
  /** Default: `-1` (no limit). */
  maxVideoPreview: length.optional(),
});
type GooglebotInput = z.input<typeof googlebotSchema>;
/** The object form of the `audit` option, checked by `normalizeOptions` once the option is known to be an object. */
export const auditOptionSchema = z.strictObject({
  /**
   * Also write the audit's HTML report: `true` for `robots-kit-report.html` in the project folder,
   * or a file name relative to the project folder. Default: `false`.
   */
  html: z
    .union(
      [
        z.boolean(),
        z.string().trim().min(1, { error: 'expected a file name such as `reports/robots.html`, not an empty string' }),
      ],
      { error: 'expected `true`, `false` or a file name such as `reports/robots.html`' },
    )
    .optional(),
});
export type AuditOption = z.input<typeof auditOptionSchema>;
/** A locale list of `noindex.locales` and `rules[].locales`: the names the site's i18n config gives its locales. */
const localeList = z.array(
  z
    .string({ error: 'expected a locale such as `de` or `pt-BR`' })
    .trim()
    .min(1, { error: 'expected a locale such as `de`, not an empty string' }),
  {
    error: "expected a list of locales, e.g. `['de', 'fr']`",
  },
);
const globList = z.array(z.string({ error: 'expected a URL path glob such as `/tags/**`' }), {
  error: "expected a list of URL path globs, e.g. `['/tags/**']`",
});
/** A value `noindex.data` compares a page's data with: what front matter and JSON can hold besides lists and objects. */
export type DataValue = string | number | boolean | null;
const DATA_VALUE_FORMS = '`true`, `false`, a string, a number or `null`, or a list of them';
const dataValue = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: `expected ${DATA_VALUE_FORMS}` });
/**
 * The options of every robots-kit adapter. Strict: an unknown key is an error.
 * Defaults live in `DEFAULTS`, above.
 */
export const robotsOptionsSchema = z.strictObject({
  /** Directives for every page. Default: none. */
  defaults: robotsInput.optional(),
  /** Content types kept out of search results (`noindex, follow`). Default: none. */
  noindex: z
    .strictObject(
      {
        /** Collection names (Eleventy tags and collections, Astro content collections). Default: `[]`. */
        collections: z
          .array(
            z
              .string({ error: 'expected a collection name' })
              .min(1, { error: 'expected a collection name, not an empty string' }),
            {
              error: "expected a list of collection names, e.g. `['drafts']`",
            },
          )
          .optional(),
        /** URL path globs, e.g. `/tags/**`; `!` before one makes it an exception (`!/tags/featured/**`). Default: `[]`. */
        paths: globList.optional(),
        /**
         * Pages whose data says so: data key → the value (or any of the values) that marks a page,
         * e.g. `{ draft: true }` or `{ status: ['draft', 'review'] }`. Each key is a condition of its
         * own, like each collection name; values are compared exactly (`true` is not `"true"`). The
         * data is Eleventy's data cascade, or an Astro page's front matter or collection entry data.
         * Default: `{}`.
         */
        data: z
          .record(
            z.string().min(1, { error: 'expected a data key, not an empty string' }),
            z.union(
              [dataValue, z.array(dataValue).min(1, { error: `expected ${DATA_VALUE_FORMS}, not an empty list` })],
              { error: `expected ${DATA_VALUE_FORMS}` },
            ),
            {
              error: 'expected an object of data keys and values, e.g. `{ draft: true }`',
            },
          )
          .optional(),
        /**
         * Locales whose pages are kept out of search results, as the site's i18n config names them
         * (Astro's `i18n.locales`, a path or a code of the `{ path, codes }` form; Eleventy's
         * `locale`/`lang` data or `page.lang`), compared ignoring case and `_`/`-`. Default: `[]`.
         */
        locales: localeList.optional(),
      },
      { error: "expected an object such as `{ collections: ['drafts'], paths: ['/tags/**'], data: { draft: true } }`" },
    )
    .optional(),
  /**
   * Route rules: directives for the pages whose URL matches `path` (globs, with `!` exceptions) and whose locale is one of
   * `locales` (each optional, at least one given; both given, a page must meet both). Default: `[]`.
   */
  rules: z
    .array(
      z.strictObject(
        {
          // `[]` is what a rule with `locales` only normalizes to; without `locales` it is refused in normalize.ts.
          path: z
            .union([z.string(), z.array(z.string())], {
              error: "expected a URL path glob or a list of them, e.g. `'/private/**'`",
            })
            .optional(),
          /** Locales the rule applies to, named as in `noindex.locales`. Default: every locale. */
          locales: localeList.min(1, { error: "expected at least one locale, e.g. `['fr']`" }).optional(),
          robots: robotsInput,
        },
        { error: "expected a rule such as `{ path: '/private/**', robots: 'noindex' }`" },
      ),
      { error: "expected a list of rules, e.g. `[{ path: '/private/**', robots: 'noindex' }]`" },
    )
    .optional(),
  /** The front matter / data key with a page's own directives. Default: `robots`. */
  frontMatterKey: z
    .string({ error: 'expected a data key such as `robots`' })
    .min(1, { error: 'expected a data key such as `robots`' })
    .optional(),
  /** More URL globs of error pages, which never get robots tags (`!` exceptions accepted). Default: `[]`. */
  errorPages: globList.optional(),
  /** The extra Googlebot tag for indexable pages, or `false` for none. Default: `max-snippet:-1, max-image-preview:large, max-video-preview:-1`. */
  googlebot: z
    // Not a zod union: its error would name neither the bad key nor the fix. `googlebotSchema` checks the object.
    .custom<false | GooglebotInput>(
      (value) => value === false || (typeof value === 'object' && value !== null && !Array.isArray(value)),
      {
        message: 'expected `false` or an object such as `{ maxSnippet: 50 }`',
      },
    )
    .optional(),
  /** Whether the site may be indexed at all. Default: true, except in preview/staging builds (see `detectIndexable`). */
  indexable: z.boolean({ error: BOOLEAN }).optional(),
  /** Unknown directives fail the build when true, and only warn when false. Default: `true`. */
  strict: z.boolean({ error: BOOLEAN }).optional(),
  /** The site's origin, e.g. `https://example.com` (adapters fill it from the framework's config). Default: none. */
  site: z.url({ error: 'expected an absolute URL such as `https://example.com`' }).optional(),
  /**
   * robots.txt generation (`groups`, `sitemap`, `blockAiBots`, `contentSignal`, `contentUsage`),
   * or `false` to write none. Checked in detail by `validateRobotsTxtOptions`. Default: `{}`
   * (one `User-agent: *` group that allows everything).
   */
  robotsTxt: z
    .custom<false | RobotsTxtOptions>(
      (value) => value === false || (typeof value === 'object' && value !== null && !Array.isArray(value)),
      {
        message: 'expected `false` or an object of robots.txt options',
      },
    )
    .optional(),
  /**
   * X-Robots-Tag header files for static hosts (`rules`, `html`, `targets`). Checked in detail
   * by `validateHeadersOptions`. Default: none (no header files are written).
   */
  headers: z
    .custom<HeadersOptions>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
      message: 'expected an object of header options (`{ rules, targets }`)',
    })
    .optional(),
  /**
   * Run `robots-kit check` on the output after the build: `true`, or `{ html }` to also write its
   * HTML report (`html: true` for `robots-kit-report.html` in the project folder, or a file name
   * relative to it). Checked in detail by `auditOptionSchema`. Default: `false`.
   */
  audit: z
    .custom<boolean | AuditOption>(
      (value) => typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value)),
      {
        message: 'expected `true`, `false` or an object such as `{ html: true }`',
      },
    )
    .optional(),
  /**
   * Link-level REP: rules that add `rel` values (`nofollow`, `ugc`, `sponsored`) to `<a href>` by
   * target (`external`, `hosts`, `paths`), by where the link sits (`within` a simple selector) and
   * by page (`pages`, `collections`, and a page's own `links` data). Checked in detail by
   * `validateLinksOption`. Default: none (no body pass, and a page's `links` data is not read).
   */
  links: z
    .custom<LinksOptions>((value) => typeof value === 'object' && value !== null, {
      message: "expected a list of link rules or `{ rules, dataKey }`, e.g. `[{ rel: 'ugc', within: '.comments' }]`",
    })
    .optional(),
  /**
   * `data-nosnippet` on the `span`, `div` and `section` elements that simple selectors choose, per
   * site, per rule (`pages`, `collections`) and per page (its `nosnippet` data). Checked in detail
   * by `validateNosnippetOption`. Default: none (no body pass, and a page's `nosnippet` data is not read).
   */
  nosnippet: z
    .custom<NosnippetOptions>((value) => typeof value === 'object' && value !== null, {
      message: "expected a list of selectors or `{ selectors, rules, dataKey }`, e.g. `['.newsletter-signup']`",
    })
    .optional(),
});
export type RobotsOptions = z.input<typeof robotsOptionsSchema>;
/** The options after the shape check (zod's `safeParse` or `readOptionsShape`), before normalization. */
export type ParsedRobotsOptions = z.output<typeof robotsOptionsSchema>;

/**
 * Validated options with every default filled in. Plain JSON data, so adapters can
 * send it through a bundler (Astro's middleware) and pass it to `normalizeOptions` again.
 */
export interface NormalizedRobotsOptions {
  defaults?: RobotsInput;
  /** `data` holds each key's values as a list: `{ draft: [true] }`; `locales` is there only when given. */
  noindex: { collections: string[]; paths: string[]; data: Record<string, DataValue[]>; locales?: string[] };
  /** `path` is `[]` for a rule with `locales` only; `locales` only when given. */
  rules: Array<{ path: string[]; robots: RobotsInput; locales?: string[] }>;
  frontMatterKey: string;
  errorPages: string[];
  googlebot: false | { maxSnippet: number; maxImagePreview: ImagePreview; maxVideoPreview: number };
  indexable: boolean;
  strict: boolean;
  site?: string;
  robotsTxt: false | RobotsTxtOptions;
  /** As the user wrote it (validated): `generateHeaderFiles` takes this form. */
  headers?: HeadersOptions;
  /** `true` to audit the output, `{ html }` to also write the HTML report there (relative to the project folder). */
  audit: boolean | { html: string };
  /** Link rules and the page data key, when the `links` option is set. */
  links?: NormalizedLinks;
  /** `data-nosnippet` rules and the page data key, when the `nosnippet` option is set. */
  nosnippet?: NormalizedNosnippet;
}

// The robotsTxt options' zod shape, for `@robots-kit/core/adapter` (tools that validate a config
// with zod). Here rather than in robots-txt/options.ts, so that the robots.txt generator, which
// every build loads, does not load zod (issue 21); robots-kit itself checks these options with
// `validateRobotsTxtOptions`.
const signal = z.enum(['yes', 'no']);
/** Cloudflare's Content Signals: the known signals, and any other as a string (written with a note). */
const contentSignalSchema = z
  .object({
    search: signal.optional(),
    'ai-input': signal.optional(),
    'ai-train': signal.optional(),
    use: z.enum(['immediate', 'reference', 'full']).optional(),
  })
  .catchall(z.string());

/** The shape of one `robotsTxt.groups` entry (values are checked by `validateRobotsTxtOptions`). */
export const robotsTxtGroupSchema = z
  .object({
    userAgent: z.union([z.string(), z.array(z.string())]),
    allow: z.array(z.string()).optional(),
    disallow: z.array(z.string()).optional(),
    crawlDelay: z.number().optional(),
    comment: z.union([z.string(), z.array(z.string())]).optional(),
    contentSignal: contentSignalSchema.optional(),
    contentUsage: contentUsageSchema.optional(),
    contentUsagePaths: z.record(z.string(), contentUsageSchema).optional(),
  })
  .strict();
/**
 * The shape of the `robotsTxt` options, unknown keys rejected. Types only:
 * value checks (paths, product tokens, control characters…) stay in
 * `validateRobotsTxtOptions`, which gives better messages.
 */
export const robotsTxtOptionsSchema = z
  .object({
    groups: z.array(robotsTxtGroupSchema).optional(),
    sitemap: z.union([z.literal(true), z.string(), z.array(z.string())]).optional(),
    blockAiBots: z
      .union([
        z.boolean(),
        z
          .object({
            purposes: z.array(z.enum(['ai-training', 'ai-search', 'ai-user', 'ai-control'])).optional(),
            except: z.array(z.string()).optional(),
            extra: z.array(z.string()).optional(),
            bing: z.boolean().optional(),
          })
          .strict(),
      ])
      .optional(),
    contentSignal: contentSignalSchema.optional(),
    contentUsage: contentUsageSchema.optional(),
    contentUsagePaths: z.record(z.string(), contentUsageSchema).optional(),
  })
  .strict();

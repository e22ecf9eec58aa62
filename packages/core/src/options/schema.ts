/**
 * The options schema: the one definition of every option robots-kit takes. Each field is written
 * once, here, with its type, its default, the checks of the module that owns its values (globs,
 * directives, robots.txt, headers, link rules) and its line of the options reference
 * (`docs/options.md`, generated from this schema). `RobotsOptions` is inferred from it, and
 * `normalizeOptions` (options/normalize.ts) is its one caller in robots-kit.
 *
 * To add an option: one field below (with `documented(…)`), its normalized form in
 * `NormalizedRobotsOptions`, then `npm run docs:options`.
 */
import { z } from 'zod';
import type { ImagePreview, RobotsInput } from '../directives/types.js';
import { parseRobots } from '../directives/parse.js';
import { RobotsError } from '../errors.js';
import type { RobotsTxtOptions } from '../robots-txt/options.js';
import { checkHeaderRules } from '../headers/headers-file.js';
import { completeHeadersOptions, type HeadersOptions, headersOptionsSchema } from '../headers/options.js';
import { validateGlobList } from '../glob.js';
import {
  checkSelectorCount,
  type LinksOptions,
  type NormalizedLinks,
  type NormalizedNosnippet,
  type NosnippetOptions,
  validateLinksOption,
  validateNosnippetOption,
} from './body-options.js';
import { DEFAULTS } from './defaults.js';
import {
  BOOLEAN,
  checkedBy,
  documented,
  globList,
  localeList,
  robotsInput,
  SCHEMA_SOURCE,
  siteSchema,
} from './fields.js';
import { robotsTxtOption } from './robots-txt-schema.js';

export { DEFAULTS } from './defaults.js';
export { robotsTxtGroupSchema, robotsTxtOptionsSchema } from './robots-txt-schema.js';

const WHOLE_NUMBER = 'expected a whole number, -1 for no limit';
const length = z.number({ error: WHOLE_NUMBER }).int({ error: WHOLE_NUMBER }).min(-1, { error: WHOLE_NUMBER });
/** The object form of the `googlebot` option. */
const googlebotObject = z.strictObject({
  maxSnippet: documented(length.optional(), { description: 'Characters of text snippet.', default: '`-1` (no limit)' }),
  maxImagePreview: documented(
    z.enum(['none', 'standard', 'large'], { error: 'expected `none`, `standard` or `large`' }).optional(),
    { description: 'Image preview size.', default: '`large`' },
  ),
  maxVideoPreview: documented(length.optional(), {
    description: 'Seconds of video preview.',
    default: '`-1` (no limit)',
  }),
});
/** The object form of the `audit` option. */
const auditObject = z.strictObject({
  html: documented(
    z
      .union(
        [
          z.boolean(),
          z
            .string()
            .trim()
            .min(1, { error: 'expected a file name such as `reports/robots.html`, not an empty string' }),
        ],
        { error: 'expected `true`, `false` or a file name such as `reports/robots.html`' },
      )
      .optional(),
    {
      description: `Also write the audit's HTML report: \`true\` for \`${DEFAULTS.auditHtml}\`, or a file name (relative to the project folder).`,
      default: '`false`',
    },
  ),
});
export type AuditOption = z.input<typeof auditObject>;

/** A value `noindex.data` compares a page's data with: what front matter and JSON can hold besides lists and objects. */
export type DataValue = string | number | boolean | null;
const DATA_VALUE_FORMS = '`true`, `false`, a string, a number or `null`, or a list of them';
const dataValue = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: `expected ${DATA_VALUE_FORMS}` });
const collectionNames = z.array(
  z
    .string({ error: 'expected a collection name' })
    .min(1, { error: 'expected a collection name, not an empty string' }),
  { error: "expected a list of collection names, e.g. `['drafts']`" },
);

const noindex = z.strictObject(
  {
    collections: documented(collectionNames.default([]), {
      description:
        'Collection names (Eleventy tags and collections, Astro content collections) kept out of search results.',
    }),
    paths: documented(globList('noindex.paths').default([]), {
      description: 'URL path globs (`/tags/**`); `!` before one makes it an exception (`!/tags/featured/**`).',
    }),
    data: documented(
      z
        .record(
          z.string().min(1, { error: 'expected a data key, not an empty string' }),
          z.union(
            [dataValue, z.array(dataValue).min(1, { error: `expected ${DATA_VALUE_FORMS}, not an empty list` })],
            { error: `expected ${DATA_VALUE_FORMS}` },
          ),
          { error: 'expected an object of data keys and values, e.g. `{ draft: true }`' },
        )
        .default({})
        // Each key's values as a list, as own keys of a new object: `{ draft: true }` → `{ draft: [true] }`.
        .transform((data) =>
          Object.fromEntries(
            Object.entries(data).map(([key, value]): [string, DataValue[]] => [
              key,
              Array.isArray(value) ? [...value] : [value],
            ]),
          ),
        ),
      {
        description:
          'Pages whose data says so: data key → value or list of values (`{ draft: true }`), compared exactly (`true` is not `"true"`).',
        type: 'Record<string, value or value[]>',
      },
    ),
    locales: documented(localeList.optional(), {
      description:
        "Locales whose pages are kept out, as the site's i18n config names them (compared ignoring case and `_`/`-`).",
    }),
  },
  { error: "expected an object such as `{ collections: ['drafts'], paths: ['/tags/**'], data: { draft: true } }`" },
);

const rule = z.strictObject(
  {
    path: documented(
      z
        .union([z.string(), z.array(z.string())], {
          error: "expected a URL path glob or a list of them, e.g. `'/private/**'`",
        })
        .optional(),
      { description: 'URL path globs the rule is for (`!` exceptions accepted).', default: 'every path' },
    ),
    locales: documented(localeList.min(1, { error: "expected at least one locale, e.g. `['fr']`" }).optional(), {
      description: 'Locales the rule is for, named as in `noindex.locales`.',
      default: 'every locale',
    }),
    robots: documented(robotsInput, {
      description: "The directives (`'noindex'`, `['noarchive']`, `{ index: false }`). Required.",
      type: 'string, string[], boolean or object',
    }),
  },
  { error: "expected a rule such as `{ path: '/private/**', robots: 'noindex' }`" },
);

/** An object option that an adapter's own module checks in full (`links`, `nosnippet`). */
const objectOrList = <T>(message: string) =>
  z.custom<T>((value) => typeof value === 'object' && value !== null, { message });

/** The fields of the options: the one place each option is defined. */
const fields = {
  defaults: documented(robotsInput.optional(), {
    description: 'Directives for every page.',
    type: 'string, string[], boolean or object',
  }),
  noindex: documented(noindex.prefault({}), {
    description: 'Content types kept out of search results (`noindex, follow`).',
    type: 'object',
  }),
  rules: documented(
    z
      .array(rule, { error: "expected a list of rules, e.g. `[{ path: '/private/**', robots: 'noindex' }]`" })
      .default([]),
    {
      description:
        'Directives for the pages whose URL matches `path` and whose locale is one of `locales` (at least one given; both must hold).',
    },
  ),
  frontMatterKey: documented(
    z
      .string({ error: 'expected a data key such as `robots`' })
      .min(1, { error: 'expected a data key such as `robots`' })
      .default(DEFAULTS.frontMatterKey),
    { description: "The front matter / data key with a page's own directives." },
  ),
  errorPages: documented(globList('errorPages').default([]), {
    description: 'More URL globs of error pages, which never get robots tags (`!` exceptions accepted).',
  }),
  googlebot: documented(
    z
      .union([z.literal(false), googlebotObject], {
        error: 'expected `false` or an object such as `{ maxSnippet: 50 }`',
      })
      .optional()
      .transform((value): NormalizedRobotsOptions['googlebot'] =>
        value === false ? false : { ...DEFAULTS.googlebot, ...value },
      ),
    {
      description: 'The extra Googlebot tag of indexable pages, or `false` for none.',
      default: '`max-snippet:-1, max-image-preview:large, max-video-preview:-1`',
    },
  ),
  indexable: documented(z.boolean({ error: BOOLEAN }).optional(), {
    description: 'Whether the site may be indexed at all.',
    default: '`true`, except in preview and staging builds (see "Preview builds")',
  }),
  strict: documented(z.boolean({ error: BOOLEAN }).default(DEFAULTS.strict), {
    description: 'Unknown directives fail the build when `true`, and only warn when `false`.',
  }),
  site: documented(siteSchema.optional(), {
    description:
      "The site's origin and base path (`https://example.com/docs/`); no query, fragment or credentials. Adapters fill it from the framework's config.",
    type: 'string (URL)',
  }),
  robotsTxt: documented(robotsTxtOption, {
    description: 'robots.txt generation, or `false` to write none.',
    type: '`false` or object',
    default: '`{}` (one `User-agent: *` group that allows everything)',
  }),
  headers: documented(
    headersOptionsSchema
      .transform(
        checkedBy(
          (headers: HeadersOptions) => (checkHeaderRules(completeHeadersOptions(headers, SCHEMA_SOURCE)), headers),
        ),
      )
      .optional(),
    {
      description: 'X-Robots-Tag header files for static hosts (`rules`, `html`, `targets`, `vercel`).',
      type: 'object',
      default: 'none (no header files)',
    },
  ),
  audit: documented(
    z
      .union([z.boolean(), auditObject], { error: 'expected `true`, `false` or an object such as `{ html: true }`' })
      .default(false)
      .transform((audit): NormalizedRobotsOptions['audit'] => {
        if (typeof audit === 'boolean') return audit;
        return audit.html === undefined || audit.html === false
          ? true
          : { html: audit.html === true ? DEFAULTS.auditHtml : audit.html };
      }),
    {
      description:
        'Run `robots-kit check` on the output after the build: `true`, or `{ html }` to also write its HTML report.',
    },
  ),
  links: documented(
    objectOrList<LinksOptions>(
      "expected a list of link rules or `{ rules, dataKey }`, e.g. `[{ rel: 'ugc', within: '.comments' }]`",
    )
      .transform(checkedBy((links: LinksOptions) => validateLinksOption(links, SCHEMA_SOURCE)))
      .optional(),
    {
      description:
        'Rules that add `rel` values (`nofollow`, `ugc`, `sponsored`) to links by target (`external`, `hosts`, `paths`), place (`within`) and page (`pages`, `collections`, page data).',
      type: 'rule[] or `{ rules, dataKey }`',
      default: 'none (no body pass)',
    },
  ),
  nosnippet: documented(
    objectOrList<NosnippetOptions>(
      "expected a list of selectors or `{ selectors, rules, dataKey }`, e.g. `['.newsletter-signup']`",
    )
      .transform(checkedBy((nosnippet: NosnippetOptions) => validateNosnippetOption(nosnippet, SCHEMA_SOURCE)))
      .optional(),
    {
      description:
        '`data-nosnippet` on the `span`, `div` and `section` elements simple selectors choose, per site, rule and page.',
      type: 'string[] or `{ selectors, rules, dataKey }`',
      default: 'none (no body pass)',
    },
  ),
};

/** A rule with neither `path` nor `locales` would apply to every page: `defaults` says that, so it is refused. */
function ruleWithoutCondition(value: object, index: number): RobotsError {
  return new RobotsError({
    code: 'invalid-rule',
    key: `rules[${index}]`,
    value,
    problem: 'a rule needs `path`, `locales` or both',
    expected:
      "the pages it is for, e.g. `{ path: '/private/**', robots: 'noindex' }` or `{ locales: ['fr'], robots: 'noarchive' }` (use `defaults` for every page)",
  });
}
type ParsedFields = z.output<z.ZodObject<typeof fields>>;
/** The checks that read several fields: directives under `strict`, rules' conditions and globs, the body pass's selectors. */
function checkAcrossFields(
  options: ParsedFields,
): Omit<NormalizedRobotsOptions, 'indexable'> & { indexable?: boolean } {
  const strict = options.strict;
  const { defaults, rules, links, nosnippet, site, headers, ...rest } = options;
  if (defaults !== undefined) parseRobots(defaults, { file: SCHEMA_SOURCE, key: 'defaults' }, { strict });
  const checkedRules = rules.map((entry, i) => {
    const paths = typeof entry.path === 'string' ? [entry.path] : (entry.path ?? []);
    if (paths.length === 0 && entry.locales === undefined) throw ruleWithoutCondition(entry, i);
    parseRobots(entry.robots, { file: SCHEMA_SOURCE, key: `rules[${i}].robots` }, { strict });
    const key = (j: number) => (typeof entry.path === 'string' ? `rules[${i}].path` : `rules[${i}].path[${j}]`);
    return {
      path: validateGlobList(paths, key, `rules[${i}].path`, SCHEMA_SOURCE),
      robots: entry.robots,
      ...(entry.locales ? { locales: entry.locales } : {}),
    };
  });
  checkSelectorCount(
    [...(links?.rules.flatMap((one) => one.within) ?? []), ...(nosnippet?.rules.flatMap((one) => one.selectors) ?? [])],
    'links',
    SCHEMA_SOURCE,
  );
  return {
    ...rest,
    rules: checkedRules,
    ...(defaults === undefined ? {} : { defaults }),
    ...(site === undefined ? {} : { site }),
    ...(headers === undefined ? {} : { headers }),
    ...(links === undefined ? {} : { links }),
    ...(nosnippet === undefined ? {} : { nosnippet }),
  };
}

/**
 * The options of every robots-kit adapter. Strict: an unknown key is an error. Its output is the
 * normalized options but for `indexable`, which `normalizeOptions` detects from the environment
 * when the options do not set it.
 */
export const robotsOptionsSchema = z
  .strictObject(fields, { error: "expected an object of options, e.g. `{ noindex: { collections: ['drafts'] } }`" })
  .transform(checkedBy(checkAcrossFields));
/** The options as users write them. */
export type RobotsOptions = z.input<typeof robotsOptionsSchema>;

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

/**
 * The headers options: their types (`HeadersOptions`, documented here), their zod schema
 * (`headersOptionsSchema`, the `headers` field of the options schema, kept the same as the types
 * by a compile-time check), and their validation (`validateHeadersOptions`: the schema's shape,
 * then globs, directives, `userAgent` and `mergeInto`).
 */
import path from 'node:path';
import { z } from 'zod';
import { type RobotsInput, type Directives, type ParsedRobots, mergeDirectives } from '../directives/types.js';
import { formatDirectives, mergeAudiences } from '../directives/reconcile.js';
import { type HeaderGlob, parseHeaderGlob } from '../glob/parse.js';
import { RobotsError, zodIssueToError } from '../errors.js';
import { isCrawlerName, parseRobots } from '../directives/parse.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/vocabulary.js';
import { validateGlob } from '../glob.js';
import { type ContentUsageOptions, contentUsageValue } from '../directives/vocabulary.js';
import { validateContentUsage } from '../robots-txt/ai-preferences.js';

/** The hosts robots-kit writes header files for, in the order files are returned. */
export const HEADER_TARGETS = ['netlify', 'cloudflare', 'vercel', 'apache', 'nginx'] as const;
export type HeaderTarget = (typeof HEADER_TARGETS)[number];
/** Names as users know them, for error messages. */
export const TARGET_FILES: Record<HeaderTarget, string> = {
  netlify: '`_headers` (Netlify)',
  cloudflare: '`_headers` (Cloudflare Pages)',
  vercel: '`vercel.json` headers (Vercel)',
  apache: '`.htaccess` (Apache)',
  nginx: '`robots-headers.nginx.conf` (nginx)',
};

/** One entry of `headers.rules`. */
export interface HeaderRule {
  /**
   * A URL path glob or several: `/files/*.pdf`, `/downloads/**`, `**\/*.docx`.
   * Written exactly, never broader: Vercel, Apache and nginx get it as a regex; a glob
   * `_headers` (Netlify, Cloudflare Pages) cannot express (`**\/*.pdf` for Netlify,
   * `?`, `[…]`, `{a,b}`) is written there as one rule per built file it matches, and a
   * matching file whose name has characters other than ASCII letters, digits and
   * `- . _ ~ @ + , =` fails the build naming it. A list must not be empty. Required.
   */
  path: string | string[];
  /** The directives, in any form robots-kit accepts: `'noindex, nofollow'`, `['noindex']`, `false`, `{ index: false }`. Required unless `contentUsage` is set. */
  robots?: RobotsInput;
  /**
   * A `Content-Usage` response header (IETF AI Preferences) for these paths, in the shape of
   * `robotsTxt.contentUsage`: `{ 'train-ai': 'n' }`. A rule's terms replace those of the rules
   * around it, term by term. Default: none.
   */
  contentUsage?: ContentUsageOptions | undefined;
  /**
   * A crawler's product token (`googlebot`): the rule then writes
   * `X-Robots-Tag: googlebot: …` and applies to that crawler only. Default: every crawler.
   */
  userAgent?: string | undefined;
}
/**
 * The `headers` option: X-Robots-Tag response headers written to the host's own header
 * file, the only way to put `noindex` on a PDF, an image or a whole preview deploy.
 * Strict: an unknown key is an error.
 *
 * ```js
 * headers: { targets: ['netlify'], rules: [{ path: '**\/*.pdf', robots: 'noindex' }] }
 * ```
 */
export interface HeadersOptions {
  /**
   * Directives for the files whose URL path matches `path`. Directives follow the same
   * reconciliation as meta tags; several rules for one path merge (most restrictive wins).
   * Default: `[]`.
   */
  rules?: HeaderRule[] | undefined;
  /**
   * A `Content-Usage` response header (IETF AI Preferences) on every response, in the shape of
   * `robotsTxt.contentUsage`: `{ 'train-ai': 'n' }` → `Content-Usage: train-ai=n`. The same
   * preference as the robots.txt line, which Lighthouse's robots.txt audit rejects today.
   * Default: none.
   */
  contentUsage?: ContentUsageOptions | undefined;
  /**
   * Also send each HTML page's resolved directives as a header for that page's exact URL
   * (many SEO tools read headers before HTML). Default: `false`.
   */
  html?: boolean | undefined;
  /**
   * The hosts to write header files for: `netlify` and `cloudflare` (`_headers`, one file
   * for both), `vercel` (`vercel.json` headers), `apache` (`.htaccess`), `nginx`
   * (`robots-headers.nginx.conf`, to include in your `server` block). At least one. Required:
   * no default, since a file for the wrong host silently does nothing.
   */
  targets: HeaderTarget[];
  /** Vercel output. Default: `{}`. */
  vercel?:
    | {
        /**
         * A `vercel.json` (relative to the project root, and inside it) to merge the header
         * entries into on every build, editing only robots-kit's own entries: every other byte
         * stays, and the file is not rewritten when nothing changes. A preview (non-indexable)
         * build leaves it as it is. Default: none, write `vercel-headers.json` at the project
         * root for you to copy from.
         */
        mergeInto?: string | undefined;
      }
    | undefined;
}

/** What one header rule says: directives for every crawler, and for named crawlers. */
export interface RuleDirectives {
  all: Directives;
  /** Lowercase crawler name → its own directives. */
  crawlers: ReadonlyMap<string, Directives>;
}
/** Additive, most restrictive wins, as for meta tags. */
export function mergeRuleDirectives(...sources: RuleDirectives[]): RuleDirectives {
  return mergeAudiences(sources);
}
/** What one header rule sends: the value for every crawler, and one `name: …` value per crawler. */
export interface HeaderValues {
  all?: string;
  crawlers: string[];
  /** The `Content-Usage` value (`train-ai=n`), when a rule gives one. */
  contentUsage?: string;
}
/** Tokens come from `formatDirectives` and crawler names are product tokens: nothing can leave the line or the quotes. */
const SAFE_VALUE = /^[A-Za-z0-9 ,:._+-]+$/;
function checked(value: string): string {
  if (!SAFE_VALUE.test(value))
    throw new Error(`robots-kit: refusing to write the header value ${JSON.stringify(value)}`);
  return value;
}
/**
 * The X-Robots-Tag values, reconciled like meta tags: the directives for every crawler,
 * then one `name: …` value per crawler holding only what it adds, in name order. Hosts
 * that join several values into one header then read `noindex, googlebot: nofollow`,
 * where the crawler prefix scopes only what follows it.
 */
export function headerValues(directives: RuleDirectives): HeaderValues {
  const allTokens = formatDirectives(directives.all);
  const alreadySaid = new Set(allTokens);
  const values: HeaderValues = { crawlers: [] };
  if (allTokens.length > 0) values.all = checked(allTokens.join(', '));
  for (const name of [...directives.crawlers.keys()].sort()) {
    const tokens = formatDirectives(mergeDirectives(directives.all, directives.crawlers.get(name)!)).filter(
      (token) => !alreadySaid.has(token),
    );
    if (tokens.length > 0) values.crawlers.push(checked(`${name}: ${tokens.join(', ')}`));
  }
  return values;
}
/** The values in sending order: every crawler's first. */
export function valueList(values: HeaderValues): string[] {
  return values.all === undefined ? values.crawlers : [values.all, ...values.crawlers];
}

/** One glob of a rule, with the option key it came from. */
export interface LocatedGlob {
  glob: HeaderGlob;
  /** e.g. `headers.rules[0].path[1]`. */
  key: string;
}
/** Validated `headers` options: globs parsed, directives parsed, defaults filled in. */
export interface NormalizedHeadersOptions {
  /** `contentUsage` (site-wide) comes first, as a rule for `/**`. */
  rules: Array<{ globs: LocatedGlob[]; directives: RuleDirectives; contentUsage?: ContentUsageOptions }>;
  html: boolean;
  /** Without duplicates, in `HEADER_TARGETS` order. */
  targets: HeaderTarget[];
  vercel: { mergeInto?: string };
  /** Where the options were written, for error messages. */
  source: string;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Throws when any string in `value` (keys included) holds a control character: a newline
 * in a header file starts a new rule or header, so it is refused wherever it appears.
 */
export function rejectControlCharacters(value: unknown, key: string, source: string): void {
  const fail = (bad: string, at: string): never => {
    throw new RobotsError({
      code: 'control-character',
      source,
      key: at,
      value: bad,
      problem: 'control character (newline, carriage return, tab, …) in value',
      expected: 'a value on one line of printable characters',
    });
  };
  if (typeof value === 'string') {
    if (CONTROL.test(value)) fail(value, key);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => rejectControlCharacters(item, `${key}[${index}]`, source));
  } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    for (const [name, item] of Object.entries(value)) {
      if (CONTROL.test(name)) fail(name, key);
      rejectControlCharacters(item, `${key}.${name}`, source);
    }
  }
}

/** A rule's directives, moved under its `userAgent` when it has one. */
export function userAgentDirectives(
  parsed: ParsedRobots,
  userAgent: string | undefined,
  key: string,
  source: string,
): RuleDirectives {
  if (userAgent === undefined) return { all: parsed.all, crawlers: parsed.crawlers };
  const fail = (problem: string, value: unknown, expected: string, suggestion?: string): never => {
    throw new RobotsError({
      code: 'invalid-user-agent',
      source,
      key: `${key}.userAgent`,
      value,
      problem,
      expected,
      suggestion,
    });
  };
  if (!isCrawlerName(userAgent)) {
    fail(
      'invalid userAgent',
      userAgent,
      'a crawler product token of letters, digits, `-`, `_` or `.` (e.g. `googlebot`)',
      userAgent
        .trim()
        .split(/[\s:/]/)[0]
        ?.toLowerCase() || undefined,
    );
  }
  const name = userAgent.toLowerCase();
  if (name === ALL_CRAWLERS_META_NAME)
    fail(
      '`robots` is not a crawler',
      userAgent,
      'a crawler product token such as `googlebot`; leave `userAgent` out for every crawler',
    );
  const others = [...parsed.crawlers.keys()];
  if (others.length > 0)
    fail(
      'a rule with `userAgent` cannot name other crawlers in `robots`',
      others[0],
      `directives for \`${name}\` only`,
    );
  return { all: { flags: new Set() }, crawlers: new Map([[name, parsed.all]]) };
}

/**
 * `headers.vercel.mergeInto` as a path inside the project: robots-kit rewrites that file on
 * every build, so `../../victim.json` or `/etc/x.json` would let an option edit files
 * elsewhere. Returned with `/` separators, normalized.
 */
function checkMergeInto(value: string, source: string): string {
  const normalized = path.posix.normalize(value.replaceAll('\\', '/'));
  const outside =
    path.posix.isAbsolute(normalized) ||
    path.win32.isAbsolute(value) ||
    normalized === '..' ||
    normalized.startsWith('../');
  if (outside || normalized === '.' || normalized.endsWith('/')) {
    throw new RobotsError({
      code: 'invalid-merge-into',
      source,
      key: 'headers.vercel.mergeInto',
      value,
      problem: outside ? 'path leaves the project folder' : 'path names a folder, not a file',
      expected: 'the path of a file inside the project, relative to its root, e.g. `vercel.json`',
      suggestion: 'vercel.json',
    });
  }
  return normalized;
}
const robotsInput = z.custom<RobotsInput>(
  (value) => value === null || ['string', 'boolean', 'object'].includes(typeof value),
  { message: 'expected a string, an array of strings, a boolean or an object' },
);
/** `{ contentUsage }` when the preferences say something (checked as `robotsTxt.contentUsage` is), else `{}`. */
function checkedContentUsage(
  usage: ContentUsageOptions | undefined,
  key: string,
  source: string,
): { contentUsage?: ContentUsageOptions } {
  if (usage === undefined) return {};
  validateContentUsage(usage, key, source);
  return contentUsageValue(usage) === undefined ? {} : { contentUsage: usage };
}
/**
 * `ContentUsageOptions`: an object of AI preferences. Its terms and values are checked by
 * `validateContentUsage` (in the rule's check), so that a removed term (`bots`) is refused with
 * its reason and the current terms rather than as an unknown key.
 */
export const contentUsageSchema = z.custom<ContentUsageOptions>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'expected an object of AI preferences such as `{ "train-ai": "n" }`' },
);
/**
 * The `headers` option's shape. Strict: an unknown key is an error. Each key is documented on
 * `HeadersOptions`; `.meta()` gives the line of the options reference.
 */
export const headersOptionsSchema = z.strictObject({
  rules: z
    .array(
      z.strictObject({
        path: z.union([z.string(), z.array(z.string()).min(1)]).meta({
          description: 'A URL path glob or a non-empty list of them (`/files/*.pdf`, `**/*.docx`). Required.',
        }),
        robots: robotsInput.optional().meta({
          description:
            "The directives, in any form robots-kit accepts (`'noindex, nofollow'`). Required unless `contentUsage` is set.",
          type: 'string, string[], boolean or object',
        }),
        contentUsage: contentUsageSchema.optional().meta({
          description:
            "A `Content-Usage` header for these paths (`{ 'train-ai': 'n' }`); its terms replace the site-wide ones.",
          type: 'object',
        }),
        userAgent: z.string().optional().meta({
          description: 'A crawler product token: the rule then writes `X-Robots-Tag: googlebot: …`.',
          default: 'every crawler',
        }),
      }),
    )
    .optional()
    .meta({ description: 'Directives for the files whose URL path matches `path`; rules for one path merge.' }),
  contentUsage: contentUsageSchema.optional().meta({
    description:
      "A `Content-Usage` header (IETF AI Preferences, `{ 'train-ai': 'n' }`) on every response; Lighthouse rejects the robots.txt line, not the header.",
    type: 'object',
  }),
  html: z.boolean().optional().meta({
    description: "Also send each HTML page's resolved directives as a header for its URL.",
    default: '`false`',
  }),
  targets: z.array(z.enum(HEADER_TARGETS)).min(1).meta({
    description:
      'The hosts to write header files for (at least one; no default: a wrong host silently does nothing). Required.',
  }),
  vercel: z
    .strictObject({
      mergeInto: z.string().min(1).optional().meta({
        description: 'A `vercel.json` inside the project to merge the entries into.',
        default: 'write `vercel-headers.json` to copy from',
      }),
    })
    .optional()
    .meta({ description: 'Vercel output.' }),
});
/** The option under its own key, so that an error names `headers.rules[0].path`. */
const located = z.strictObject({ headers: headersOptionsSchema });

/**
 * Header rules are written into the hosts' own files, and `_headers`, nginx `location` and
 * Vercel `source` patterns cannot leave a path out of a pattern: an exception would be dropped
 * there while the dev server applied it, so it is refused.
 */
const HEADER_NO_NEGATION =
  "header rules are written into the hosts' files (`_headers`, `vercel.json`, `.htaccess`, nginx), whose patterns cannot leave pages out; list the folders to cover instead, or set the pages' tags with `rules`";
/**
 * Validates the `headers` option and parses its globs and directives. Throws RobotsError
 * with keys like `headers.rules[0].path` for an unknown key, a wrong type, a bad glob or one
 * outside the translatable subset, an unknown directive (always strict: a header cannot
 * carry a token robots-kit does not know), a control character anywhere, or a bad
 * `userAgent`. Whether `_headers` can express a glob is left to `generateHeaderFiles`: with
 * the build's files it lists the matching ones instead, and these are known only then.
 */
export function validateHeadersOptions(options: unknown, source = 'options'): NormalizedHeadersOptions {
  const parsed = located.safeParse({ headers: options });
  if (!parsed.success) throw zodIssueToError(parsed.error, { headers: options }, located, source);
  return completeHeadersOptions(parsed.data.headers, source);
}
/**
 * `validateHeadersOptions` once the shape is checked (the options schema runs it as the
 * `headers` field's check): control characters, globs, directives, `userAgent`, `mergeInto`, in
 * that order, so the first bad value is the error.
 */
export function completeHeadersOptions(headers: HeadersOptions, source: string): NormalizedHeadersOptions {
  rejectControlCharacters(headers, 'headers', source);
  const targets = HEADER_TARGETS.filter((target) => headers.targets.includes(target));

  const rules = (headers.rules ?? []).map((rule, index) => {
    const key = `headers.rules[${index}]`;
    const paths = typeof rule.path === 'string' ? [rule.path] : rule.path;
    const globs = paths.map((path, j): LocatedGlob => {
      const pathKey = typeof rule.path === 'string' ? `${key}.path` : `${key}.path[${j}]`;
      return {
        glob: parseHeaderGlob(validateGlob(path, pathKey, source, { noNegationReason: HEADER_NO_NEGATION }), {
          source,
          key: pathKey,
        }),
        key: pathKey,
      };
    });
    if (rule.robots === undefined && rule.contentUsage === undefined) {
      throw new RobotsError({
        code: 'empty-header-rule',
        source,
        key,
        problem: 'the rule sets no header',
        expected: '`robots` (an X-Robots-Tag), `contentUsage` (a Content-Usage header), or both',
      });
    }
    const robots = parseRobots(rule.robots ?? '', { file: source, key: `${key}.robots` }, { strict: true });
    return {
      globs,
      directives: userAgentDirectives(robots, rule.userAgent, key, source),
      ...checkedContentUsage(rule.contentUsage, `${key}.contentUsage`, source),
    };
  });
  if (headers.contentUsage !== undefined) {
    const glob = parseHeaderGlob('/**', { source, key: 'headers.contentUsage' });
    rules.unshift({
      globs: [{ glob, key: 'headers.contentUsage' }],
      directives: { all: { flags: new Set() }, crawlers: new Map() },
      ...checkedContentUsage(headers.contentUsage, 'headers.contentUsage', source),
    });
  }
  const result: NormalizedHeadersOptions = { rules, html: headers.html ?? false, targets, vercel: {}, source };
  if (headers.vercel?.mergeInto !== undefined)
    result.vercel.mergeInto = checkMergeInto(headers.vercel.mergeInto, source);
  return result;
}

/** `true` when `A` and `B` are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: the interface users read and the schema zod checks accept the same values. */
const schemaMatchesInterface: Same<z.input<typeof headersOptionsSchema>, HeadersOptions> = true;
void schemaMatchesInterface;

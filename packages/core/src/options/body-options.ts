/**
 * The `links` and `nosnippet` options, and the same keys in a page's data: their types, their
 * validation (without zod: the runtime entry checks a page's front matter on every request) and
 * the host globs of link targets. Both options are off unless set, and a page's data keys are
 * read only when the option is set (`links: {}` for front matter alone): a site whose pages
 * already use a `links` key for something else is not affected by upgrading.
 */
import { RobotsError, suggest } from '../errors.js';
import { validateGlob } from '../glob.js';
import { parseSimpleSelector } from '../html/simple-selector.js';
import { NOSNIPPET_ELEMENTS } from '../html/body-rewrite.js';

/** The link-level values the `links` rules add; `noopener`, `noreferrer` and others are left as the page has them. */
export const LINK_REL_VALUES = ['nofollow', 'ugc', 'sponsored'] as const;
export type LinkRel = (typeof LINK_REL_VALUES)[number];
type OneOrMany<T> = T | T[];

/** One `links` rule: every condition given must hold; a condition left out holds for every link. */
export interface LinkRule {
  /** The `rel` values to add: `nofollow`, `ugc`, `sponsored`, or a list of them. Required. */
  rel: OneOrMany<LinkRel>;
  /** `true`: links to other hosts than `site`; `false`: links within the site. Default: either. */
  external?: boolean;
  /** Host globs of the link's target, `*` for any characters: `['*.amazon.com', 'amzn.to']`. Default: any host. */
  hosts?: OneOrMany<string>;
  /** URL path globs of the link's target, as in `noindex.paths`: `['/go/**']`. Default: any path. */
  paths?: OneOrMany<string>;
  /** Simple selectors the link sits inside (or matches itself): `['.comments', '[data-ugc]']`. Default: anywhere. */
  within?: OneOrMany<string>;
  /** URL path globs of the pages the rule applies on. Default: every page. Not in a page's own data. */
  pages?: OneOrMany<string>;
  /** Collections whose pages the rule applies on. Default: every page. Not in a page's own data. */
  collections?: OneOrMany<string>;
}
/** The `links` option: rules, or `{ rules, dataKey }`. */
export type LinksOptions = LinkRule[] | { rules?: LinkRule[]; dataKey?: string | false };
/** One `nosnippet` rule: selectors for the pages it names. */
export interface NosnippetRule {
  /** Simple selectors of `span`, `div` or `section` elements to mark. Required. */
  selectors: OneOrMany<string>;
  /** URL path globs of the pages. Default: every page. */
  pages?: OneOrMany<string>;
  /** Collections of the pages. Default: every page. */
  collections?: OneOrMany<string>;
}
/** The `nosnippet` option: selectors for every page, or `{ selectors, rules, dataKey }`. */
export type NosnippetOptions =
  | string[]
  | { selectors?: OneOrMany<string>; rules?: NosnippetRule[]; dataKey?: string | false };

export interface NormalizedLinkRule {
  rel: LinkRel[];
  external?: boolean;
  hosts: string[];
  paths: string[];
  within: string[];
  pages: string[];
  collections: string[];
}
export interface NormalizedLinks {
  rules: NormalizedLinkRule[];
  /** The page data key read for a page's own link rules (`links: ugc`), or `false`. Default: `links`. */
  dataKey: string | false;
}
export interface NormalizedNosnippet {
  /** Site-wide selectors are a rule without pages or collections. */
  rules: Array<{ selectors: string[]; pages: string[]; collections: string[] }>;
  /** The page data key read for a page's own selectors, or `false`. Default: `nosnippet`. */
  dataKey: string | false;
}
/** The default page data keys. */
export const BODY_DATA_KEYS = { links: 'links', nosnippet: 'nosnippet' } as const;
/** Bits of the body pass's selector mask: distinct `within` and `nosnippet` selectors a page can use. */
export const MAX_BODY_SELECTORS = 31;

const RULE_KEYS = ['rel', 'external', 'hosts', 'paths', 'within', 'pages', 'collections'];
const PAGE_RULE_KEYS = ['rel', 'external', 'hosts', 'paths', 'within'];
const RULE_EXAMPLE =
  "a rule such as `{ rel: 'ugc', within: '.comments' }` or `{ rel: 'sponsored', hosts: ['*.amazon.com'] }`";

function fail(
  key: string,
  source: string,
  value: unknown,
  problem: string,
  expected: string,
  suggestion?: string,
): never {
  throw new RobotsError({
    code: 'invalid-option',
    source,
    key,
    value,
    problem,
    expected,
    ...(suggestion ? { suggestion } : {}),
  });
}
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function checkKeys(value: Record<string, unknown>, allowed: readonly string[], key: string, source: string): void {
  for (const name of Object.keys(value)) {
    if (!allowed.includes(name)) {
      const where = key === '' ? name : `${key}.${name}`;
      fail(
        where,
        source,
        name,
        'unknown key',
        'one of ' + allowed.map((k) => `\`${k}\``).join(', '),
        suggest(name, allowed),
      );
    }
  }
}
/** A string or a list of strings, each checked by `check` under `key` or `key[i]`. */
function list<T>(
  value: unknown,
  key: string,
  source: string,
  what: string,
  check: (item: string, itemKey: string) => T,
): T[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item, i) => {
    const itemKey = Array.isArray(value) ? `${key}[${i}]` : key;
    if (typeof item !== 'string' || item.trim() === '') return fail(itemKey, source, item, 'not a valid value', what);
    return check(item, itemKey);
  });
}
function relValue(item: string, key: string, source: string): LinkRel {
  const token = item.trim().toLowerCase();
  if ((LINK_REL_VALUES as readonly string[]).includes(token)) return token as LinkRel;
  const problem =
    token === 'noopener' || token === 'noreferrer'
      ? 'robots-kit adds only link-level REP values, not'
      : 'unknown rel value';
  return fail(key, source, item, problem, '`nofollow`, `ugc` or `sponsored`', suggest(token, LINK_REL_VALUES));
}

/** Throws unless `glob` is a host glob: letters, digits, `-`, `.` and `*`. Returned lower-cased. */
export function validateHostGlob(glob: string, key: string, source: string): string {
  const host = glob.trim().toLowerCase();
  if (!/^[a-z0-9.*-]+$/.test(host) || host.length > 253) {
    const bare = /^[a-z]+:\/\/([^/]+)/.exec(host)?.[1];
    fail(
      key,
      source,
      glob,
      'not a host glob',
      'a host name with `*` for any characters, e.g. `*.example.com` (no scheme, path or port)',
      bare,
    );
  }
  return host;
}
const hostGlobParts = new Map<string, string[]>();
/** Whether a lower-cased host matches a host glob; `*` matches any characters, dots included. Greedy-leftmost, no backtracking. */
export function matchesHostGlob(host: string, glob: string): boolean {
  let parts = hostGlobParts.get(glob);
  if (!parts) {
    if (hostGlobParts.size >= 1000) hostGlobParts.clear();
    hostGlobParts.set(glob, (parts = glob.split('*')));
  }
  if (parts.length === 1) return host === glob;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (host.length < first.length + last.length || !host.startsWith(first) || !host.endsWith(last)) return false;
  let at = first.length;
  const limit = host.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = host.indexOf(parts[i]!, at);
    if (found === -1 || found + parts[i]!.length > limit) return false;
    at = found + parts[i]!.length;
  }
  return true;
}

/** One link rule checked; `page` rules (a page's own data) take no page conditions. */
export function validateLinkRule(value: unknown, key: string, source: string, page = false): NormalizedLinkRule {
  if (!isObject(value)) return fail(key, source, value, 'not a link rule', RULE_EXAMPLE);
  checkKeys(value, page ? PAGE_RULE_KEYS : RULE_KEYS, key, source);
  if (value.rel === undefined || (Array.isArray(value.rel) && value.rel.length === 0))
    fail(`${key}.rel`, source, value.rel, 'missing', '`nofollow`, `ugc`, `sponsored` or a list of them');
  if (value.external !== undefined && typeof value.external !== 'boolean')
    fail(
      `${key}.external`,
      source,
      value.external,
      'not a boolean',
      '`true` (links to other hosts) or `false` (links within the site)',
    );
  const rule: NormalizedLinkRule = {
    rel: [
      ...new Set(
        list(value.rel, `${key}.rel`, source, '`nofollow`, `ugc` or `sponsored`', (item, itemKey) =>
          relValue(item, itemKey, source),
        ),
      ),
    ],
    hosts: list(value.hosts, `${key}.hosts`, source, 'a host glob such as `*.example.com`', (item, itemKey) =>
      validateHostGlob(item, itemKey, source),
    ),
    paths: list(value.paths, `${key}.paths`, source, 'a URL path glob such as `/go/**`', (item, itemKey) =>
      validateGlob(item, itemKey, source),
    ),
    within: list(
      value.within,
      `${key}.within`,
      source,
      'a selector such as `.comments`',
      (item, itemKey) => parseSimpleSelector(item, itemKey, source).text,
    ),
    pages: list(value.pages, `${key}.pages`, source, 'a URL path glob such as `/forum/**`', (item, itemKey) =>
      validateGlob(item, itemKey, source),
    ),
    collections: list(value.collections, `${key}.collections`, source, 'a collection name', (item) => item),
  };
  if (value.external !== undefined) rule.external = value.external as boolean;
  return rule;
}
/** The `links` option checked and filled in. */
export function validateLinksOption(value: unknown, source: string): NormalizedLinks {
  const form = Array.isArray(value) ? { rules: value } : value;
  if (!isObject(form))
    return fail(
      'links',
      source,
      value,
      'not a links option',
      "a list of rules or `{ rules, dataKey }`, e.g. `[{ rel: 'ugc', within: '.comments' }]`",
    );
  checkKeys(form, ['rules', 'dataKey'], 'links', source);
  const dataKey = checkDataKey(form.dataKey, 'links.dataKey', source, BODY_DATA_KEYS.links);
  if (form.rules !== undefined && !Array.isArray(form.rules))
    fail('links.rules', source, form.rules, 'not a list', `a list of rules, each ${RULE_EXAMPLE}`);
  const rules = ((form.rules ?? []) as unknown[]).map((rule, i) =>
    validateLinkRule(rule, Array.isArray(value) ? `links[${i}]` : `links.rules[${i}]`, source),
  );
  return { rules, dataKey };
}
function checkDataKey(value: unknown, key: string, source: string, fallback: string): string | false {
  if (value === undefined) return fallback;
  if (value === false || (typeof value === 'string' && value.trim() !== '')) return value;
  return fail(
    key,
    source,
    value,
    'not a data key',
    `a page data key such as \`${fallback}\`, or \`false\` to read none`,
  );
}
/** Nosnippet selectors: simple selectors whose tag, when named, is one Google honours `data-nosnippet` on. */
function nosnippetSelectors(value: unknown, key: string, source: string): string[] {
  if (value === undefined || (Array.isArray(value) && value.length === 0))
    fail(key, source, value, 'missing', 'a selector such as `.newsletter-signup`, or a list of them');
  return list(value, key, source, 'a selector such as `.newsletter-signup`', (item, itemKey) => {
    const selector = parseSimpleSelector(item, itemKey, source);
    if (selector.tag !== undefined && !NOSNIPPET_ELEMENTS.has(selector.tag)) {
      fail(
        itemKey,
        source,
        item,
        `Google ignores \`data-nosnippet\` on \`<${selector.tag}>\` in`,
        'a selector of `span`, `div` or `section` elements, or one without a tag',
        selector.text.slice(selector.tag.length) || undefined,
      );
    }
    return selector.text;
  });
}
/** The `nosnippet` option checked and filled in: site-wide selectors become the first rule. */
export function validateNosnippetOption(value: unknown, source: string): NormalizedNosnippet {
  const form = Array.isArray(value) ? { selectors: value } : value;
  if (!isObject(form))
    return fail(
      'nosnippet',
      source,
      value,
      'not a nosnippet option',
      "a list of selectors or `{ selectors, rules, dataKey }`, e.g. `['.newsletter-signup']`",
    );
  checkKeys(form, ['selectors', 'rules', 'dataKey'], 'nosnippet', source);
  const dataKey = checkDataKey(form.dataKey, 'nosnippet.dataKey', source, BODY_DATA_KEYS.nosnippet);
  const rules: NormalizedNosnippet['rules'] = [];
  if (form.selectors !== undefined)
    rules.push({
      selectors: nosnippetSelectors(form.selectors, Array.isArray(value) ? 'nosnippet' : 'nosnippet.selectors', source),
      pages: [],
      collections: [],
    });
  if (form.rules !== undefined && !Array.isArray(form.rules))
    fail(
      'nosnippet.rules',
      source,
      form.rules,
      'not a list',
      "a list of rules such as `{ pages: ['/blog/**'], selectors: ['.ad'] }`",
    );
  ((form.rules ?? []) as unknown[]).forEach((rule, i) => {
    const key = `nosnippet.rules[${i}]`;
    if (!isObject(rule))
      fail(key, source, rule, 'not a nosnippet rule', "a rule such as `{ pages: ['/blog/**'], selectors: ['.ad'] }`");
    checkKeys(rule, ['selectors', 'pages', 'collections'], key, source);
    rules.push({
      selectors: nosnippetSelectors(rule.selectors, `${key}.selectors`, source),
      pages: list(rule.pages, `${key}.pages`, source, 'a URL path glob such as `/blog/**`', (item, itemKey) =>
        validateGlob(item, itemKey, source),
      ),
      collections: list(rule.collections, `${key}.collections`, source, 'a collection name', (item) => item),
    });
  });
  return { rules, dataKey };
}

/**
 * A page's own `links` value: `ugc` or `[ugc, nofollow]` (for its links to other hosts), rules
 * without page conditions, or `false` to turn the site's rules off on the page.
 */
export function readPageLinks(value: unknown, key: string, source: string): NormalizedLinkRule[] | false {
  if (value === false) return false;
  if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) {
    const rel = list(value, key, source, '`nofollow`, `ugc` or `sponsored`', (item, itemKey) =>
      relValue(item, itemKey, source),
    );
    if (rel.length === 0)
      return fail(key, source, value, 'an empty list', '`nofollow`, `ugc`, `sponsored` or a list of them, or `false`');
    return [{ rel: [...new Set(rel)], external: true, hosts: [], paths: [], within: [], pages: [], collections: [] }];
  }
  if (Array.isArray(value)) return value.map((rule, i) => validateLinkRule(rule, `${key}[${i}]`, source, true));
  return [validateLinkRule(value, key, source, true)];
}
/** A page's own `nosnippet` value: selectors, or `false` to turn the site's off on the page. */
export function readPageNosnippet(value: unknown, key: string, source: string): string[] | false {
  return value === false ? false : nosnippetSelectors(value, key, source);
}
/** Throws when the options use more distinct selectors than the body pass can track. */
export function checkSelectorCount(selectors: Iterable<string>, key: string, source: string): void {
  const distinct = new Set(selectors);
  if (distinct.size > MAX_BODY_SELECTORS) {
    fail(
      key,
      source,
      distinct.size,
      'too many distinct selectors',
      `at most ${MAX_BODY_SELECTORS} across \`links\` \`within\` and \`nosnippet\` for one page; give elements a shared class instead`,
    );
  }
}

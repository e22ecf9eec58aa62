/**
 * Adapter plumbing for the end-of-build "config that matched nothing" report: every collection
 * name, path glob and data condition of the options is checked against the pages of the build,
 * and each one that no page met becomes a warning with a did-you-mean from what the site has.
 * A misspelt `noindex.collections: ['draft']` would otherwise leave every draft indexable, silently.
 */
import { robotsWarning, suggest } from '../errors.js';
import { isNegatedGlob, matchesAnyGlob, urlGlobMatcher, urlPath } from '../glob.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import { dataValueMatches, isErrorPage, matchLocales, type PageToResolve } from '../resolve/resolve-page.js';
import { createOverrideCheck } from './rule-overrides.js';

/** What the report needs to know about one page of the build: what `resolvePage` is given. */
export interface ConfigUsagePage {
  /** The URL path the options' globs are matched against. */
  url: string;
  collections?: Iterable<string>;
  data?: Readonly<Record<string, unknown>>;
  status?: number;
  /** The page's other own directives (`Astro.locals.robots`, an entry's field), as `resolvePage` gets them. Default: none. */
  own?: PageToResolve['own'];
  /** The page's source file, for messages. Default: its URL. */
  source?: string;
  /** The page's locale as given to `resolvePage`. */
  locale?: string | readonly string[];
}

export interface ConfigUsageReportContext {
  /** Where the options were written, for the messages, e.g. `addPlugin options`. Default: `options`. */
  source?: string;
  /**
   * The path the site is served below (Eleventy's `pathPrefix`, Astro's `base`) and the name of
   * that setting: a glob written with it, or without it, is suggested the other way round when
   * that would match. Default: none.
   */
  base?: { path: string; setting: string };
  /**
   * URL path globs (with the base) of the routes rendered on request, which are no page of the
   * build: a glob that may match one of them is not reported as matching nothing. Default: none.
   */
  onDemandPaths?: readonly string[];
}

/** Records the pages of a build and reports, at its end, the options that matched none. */
export interface ConfigUsage {
  /** Notes one page; call it for every page the build renders, error pages included. */
  record(page: ConfigUsagePage): void;
  /** Forgets every page, for a new full build. */
  reset(): void;
  /**
   * One warning per collection name or glob no recorded page met (an exception: no page it left
   * out), per data condition whose key pages have with other values or that is close to a key
   * they have, and per page whose own `index` a rule overrode; `[]` before any page.
   */
  report(context?: ConfigUsageReportContext): string[];
}

/** Caps that keep the report's memory bounded on any site; they only limit the suggestions. */
const MAX_SAMPLE_URLS = 5000;
const MAX_KEYS = 1000;
const MAX_VALUES_PER_KEY = 20;
const MAX_LISTED = 8;
/** Pages whose overridden `index` is remembered; more only add to the count. */
const MAX_OVERRIDES = 1000;

interface GlobOption {
  key: string;
  glob: string;
  /** Error-page globs are matched against every page; the others only count pages that get tags. */
  errorPages: boolean;
  /** The glob without its `!`: what an exception is tried against. */
  pattern: string;
  /** For an exception: the globs of its list it makes exceptions to. */
  positives?: string[];
}

/** Every glob of the options, with the option path a message names. */
function globOptions(options: NormalizedRobotsOptions): GlobOption[] {
  const globs: GlobOption[] = [];
  const add = (list: readonly string[], keyOf: (index: number) => string, errorPages: boolean): void => {
    const positives = list.filter((glob) => !isNegatedGlob(glob));
    list.forEach((glob, i) => {
      const negated = isNegatedGlob(glob);
      globs.push({
        key: keyOf(i),
        glob,
        errorPages,
        pattern: negated ? glob.slice(1) : glob,
        ...(negated ? { positives } : {}),
      });
    });
  };
  add(options.noindex.paths, (i) => `noindex.paths[${i}]`, false);
  options.rules.forEach((rule, i) =>
    add(rule.path, (j) => (rule.path.length === 1 ? `rules[${i}].path` : `rules[${i}].path[${j}]`), false),
  );
  add(options.errorPages, (i) => `errorPages[${i}]`, true);
  // The body rules' page globs: a misspelt one would leave its links or snippets untouched, silently.
  options.links?.rules.forEach((rule, i) => add(rule.pages, (j) => `links.rules[${i}].pages[${j}]`, false));
  options.nosnippet?.rules.forEach((rule, i) => add(rule.pages, (j) => `nosnippet.rules[${i}].pages[${j}]`, false));
  return globs;
}
/** Every collection name the options name, with the option path a message names. */
function collectionOptions(options: NormalizedRobotsOptions): Array<{ key: string; name: string }> {
  const names = options.noindex.collections.map((name, i) => ({ key: `noindex.collections[${i}]`, name }));
  options.links?.rules.forEach((rule, i) =>
    rule.collections.forEach((name, j) => names.push({ key: `links.rules[${i}].collections[${j}]`, name })),
  );
  options.nosnippet?.rules.forEach((rule, i) =>
    rule.collections.forEach((name, j) => names.push({ key: `nosnippet.rules[${i}].collections[${j}]`, name })),
  );
  return names;
}

/** Every locale the options name (`noindex.locales`, `rules[].locales`), with the option path a message names. */
function localeOptions(options: NormalizedRobotsOptions): Array<{ key: string; locale: string }> {
  const locales = (options.noindex.locales ?? []).map((locale, i) => ({ key: `noindex.locales[${i}]`, locale }));
  options.rules.forEach((rule, i) =>
    rule.locales?.forEach((locale, j) => locales.push({ key: `rules[${i}].locales[${j}]`, locale })),
  );
  return locales;
}

/** A value as the messages show it: `true`, `"yes"`, `3`. */
function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
function listed(names: Iterable<string>): string {
  const all = [...names];
  const head = all
    .slice(0, MAX_LISTED)
    .map((name) => `\`${name}\``)
    .join(', ');
  return all.length > MAX_LISTED ? `${head} and ${all.length - MAX_LISTED} more` : head;
}
/** The literal start of a glob, up to its first wildcard: `/tag/` of `/tag/**`. */
function literalPrefix(glob: string): string {
  const wildcard = glob.search(/[*?[\]{}()!+@]/);
  return wildcard < 0 ? glob : glob.slice(0, wildcard);
}
/** `/a/b/c/` → `/a/`, `/a/b/`, `/a/b/c/`: what a glob's literal start is compared with. */
function pathPrefixes(url: string): string[] {
  const segments = urlPath(url).split('/').filter(Boolean);
  return segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}/`);
}

/**
 * A path a glob matches, for telling whether two globs can meet: each wildcard becomes one
 * segment's worth of letters, escapes their character. `/tags/*` → `/tags/x`.
 */
function sampleOfGlob(glob: string): string {
  let sample = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\' && i + 1 < glob.length) sample += glob[++i];
    else if (c === '*' || c === '?') {
      while (glob[i + 1] === '*') i++;
      sample += 'x';
    } else sample += c;
  }
  return sample;
}
/** Whether a glob of the options may match a URL of a route rendered on request (its glob), by a sample of each. */
function mayMatchRoute(glob: string, routeGlob: string): boolean {
  return matchesAnyGlob(sampleOfGlob(routeGlob), [glob]) || matchesAnyGlob(sampleOfGlob(glob), [routeGlob]);
}

/**
 * Starts a report for one build with these options. Adapters call `record` with what they give
 * `resolvePage` for each page and log `report()` after the build, so both adapters warn alike.
 */
export function createConfigUsage(options: NormalizedRobotsOptions): ConfigUsage {
  const globs = globOptions(options);
  const dataConditions = Object.entries(options.noindex.data ?? {});
  const locales = localeOptions(options);
  let matchedLocales = new Set<string>();
  /** The locales the pages have, first name of each, for the did-you-mean. */
  let pageLocales = new Set<string>();
  let pages = 0;
  let collections = new Set<string>();
  let matchedGlobs = new Set<string>();
  /** Globs that matched error pages only so far (which get no robots tags): said so, instead of "no page". */
  let errorPageGlobs = new Set<string>();
  /** The globs no page matched yet: most pages match none, so they are tested together first. */
  let unmatched = globs;
  let matchedData = new Set<string>();
  let sampleUrls: string[] = [];
  let keys = new Set<string>();
  let values = new Map<string, Map<string, number>>();
  const overrideCheck = createOverrideCheck(options);
  /** Page URL → the warning about its overridden `index`: once per page, however often it renders. */
  let overrides = new Map<string, string>();
  let moreOverrides = 0;

  const reset = (): void => {
    overrides = new Map();
    moreOverrides = 0;
    pages = 0;
    collections = new Set();
    matchedGlobs = new Set();
    errorPageGlobs = new Set();
    unmatched = globs;
    matchedData = new Set();
    sampleUrls = [];
    keys = new Set();
    values = new Map();
    matchedLocales = new Set();
    pageLocales = new Set();
  };

  const recordData = (data: Readonly<Record<string, unknown>> | undefined): void => {
    for (const [key, wanted] of dataConditions) {
      if (matchedData.has(key)) continue;
      if (dataValueMatches(data, key, wanted)) {
        matchedData.add(key);
        continue;
      }
      if (!data || !Object.hasOwn(data, key)) continue;
      const seen = values.get(key) ?? new Map<string, number>();
      values.set(key, seen);
      const value = shown(data[key]);
      if (seen.has(value) || seen.size < MAX_VALUES_PER_KEY) seen.set(value, (seen.get(value) ?? 0) + 1);
    }
    // Keys are only needed to suggest one for a condition nothing met yet.
    if (data && matchedData.size < dataConditions.length) {
      for (const key of Object.keys(data)) {
        if (keys.size >= MAX_KEYS) break;
        keys.add(key);
      }
    }
  };

  const recordGlobs = (page: ConfigUsagePage): void => {
    if (unmatched.length === 0) return;
    const matchesUrl = urlGlobMatcher(page.url);
    // Globs and exceptions alike are first tried as plain globs: most pages match none.
    if (!matchesUrl(unmatched.map((option) => option.pattern))) return;
    const errorPage = isErrorPage(
      page.status === undefined ? { url: page.url } : { url: page.url, status: page.status },
      [],
    );
    for (const option of unmatched) {
      if (!matchesUrl([option.pattern])) continue;
      if (errorPage && !option.errorPages) {
        errorPageGlobs.add(option.key);
        continue;
      }
      // An exception is used when it leaves out a page one of its list's globs takes.
      if (option.positives && !matchesUrl(option.positives)) continue;
      matchedGlobs.add(option.key);
    }
    unmatched = unmatched.filter((option) => !matchedGlobs.has(option.key));
  };

  const record = (page: ConfigUsagePage): void => {
    pages++;
    for (const name of page.collections ?? []) collections.add(name);
    recordGlobs(page);
    recordData(page.data);
    // Checked again when a page is recorded again (an incremental build): a page fixed since says nothing.
    const warning = overrideCheck(page);
    if (warning === undefined) overrides.delete(page.url);
    else if (overrides.has(page.url) || overrides.size < MAX_OVERRIDES) overrides.set(page.url, warning);
    else moreOverrides++;
    if (page.locale !== undefined && locales.length > 0) {
      const first = typeof page.locale === 'string' ? page.locale : page.locale[0];
      if (first !== undefined && pageLocales.size < MAX_KEYS) pageLocales.add(first);
      for (const option of locales)
        if (!matchedLocales.has(option.key) && matchLocales(page.locale, [option.locale]).length > 0)
          matchedLocales.add(option.key);
    }
    if (sampleUrls.length < MAX_SAMPLE_URLS) sampleUrls.push(page.url);
  };

  const matchesSample = (glob: string): boolean => sampleUrls.some((url) => matchesAnyGlob(url, [glob]));

  /** A glob that would match: without the base, with it, or with a literal start the site has. */
  const globSuggestion = (
    glob: string,
    base: ConfigUsageReportContext['base'],
  ): { glob: string; why?: string } | undefined => {
    const basePath = base ? `/${base.path.replace(/^\/+|\/+$/g, '')}` : '/';
    if (basePath !== '/') {
      if (glob.startsWith(`${basePath}/`) && matchesSample(glob.slice(basePath.length))) {
        return {
          glob: glob.slice(basePath.length),
          why: `a glob without ${base!.setting} (\`${basePath}/\`), which page URLs do not include`,
        };
      }
      if (!glob.startsWith(`${basePath}/`) && glob.startsWith('/') && matchesSample(basePath + glob)) {
        return {
          glob: basePath + glob,
          why: `a glob with ${base!.setting} (\`${basePath}/\`), which page URLs include`,
        };
      }
    }
    const literal = literalPrefix(glob);
    if (literal === glob) {
      // No wildcard: the closest page URL, with or without its trailing slash.
      const urls = new Set(sampleUrls.flatMap((url) => [urlPath(url), urlPath(url).replace(/(.)\/+$/, '$1')]));
      urls.delete(glob);
      const close = suggest(glob, urls);
      return close !== undefined && matchesSample(close) ? { glob: close } : undefined;
    }
    // A wildcard: the closest folder of the same depth as the glob's literal folders (`/tag/` of `/tag/**`).
    const folder = literal.slice(0, literal.lastIndexOf('/') + 1);
    const depth = folder.split('/').filter(Boolean).length;
    if (depth === 0) return undefined;
    const prefixes = new Set(sampleUrls.flatMap(pathPrefixes));
    const close = suggest(
      folder,
      [...prefixes].filter((prefix) => prefix.split('/').filter(Boolean).length === depth),
    );
    const candidate = close === undefined ? undefined : close + glob.slice(folder.length);
    return candidate !== undefined && matchesSample(candidate) ? { glob: candidate } : undefined;
  };

  const report = (context: ConfigUsageReportContext = {}): string[] => {
    if (pages === 0) return [];
    const source = context.source ?? 'options';
    const lines: string[] = [];
    collectionOptions(options).forEach(({ key, name }) => {
      if (collections.has(name)) return;
      const suggestion = suggest(name, collections);
      lines.push(
        robotsWarning({
          code: 'unused-collection',
          source,
          key,
          problem: 'no page of this build is in the collection',
          value: name,
          expected:
            collections.size > 0
              ? `one of the site's collections: ${listed([...collections].sort())}`
              : 'a collection that has pages (this site has none)',
          ...(suggestion ? { suggestion } : {}),
        }).message,
      );
    });
    for (const option of globs) {
      if (matchedGlobs.has(option.key)) continue;
      if (option.positives) {
        lines.push(
          robotsWarning({
            code: 'unused-glob',
            source,
            key: option.key,
            problem:
              "no page of this build is left out by the exception (no page the list's other globs match is under it)",
            value: option.glob,
            expected: `an exception under one of the list's globs (${listed(option.positives)}) that names at least one page`,
          }).message,
        );
        continue;
      }
      if (!option.positives && context.onDemandPaths?.some((route) => mayMatchRoute(option.glob, route))) continue;
      if (errorPageGlobs.has(option.key)) {
        lines.push(
          robotsWarning({
            code: 'unused-glob',
            source,
            key: option.key,
            problem: 'the glob matches error pages only (404 and 5xx pages, which never get robots tags)',
            value: option.glob,
            expected: "a glob that matches at least one page's URL path",
          }).message,
        );
        continue;
      }
      const fix = globSuggestion(option.glob, context.base);
      lines.push(
        robotsWarning({
          code: 'unused-glob',
          source,
          key: option.key,
          problem: 'no page of this build matches the glob',
          value: option.glob,
          expected: fix?.why ?? "a glob that matches at least one page's URL path",
          ...(fix ? { suggestion: fix.glob } : {}),
        }).message,
      );
    }
    for (const option of locales) {
      if (matchedLocales.has(option.key)) continue;
      const suggestion = suggest(option.locale, pageLocales);
      lines.push(
        robotsWarning({
          code: 'unused-locale',
          source,
          key: option.key,
          problem: 'no page of this build has the locale',
          value: option.locale,
          expected:
            pageLocales.size > 0
              ? `one of the locales the pages have: ${listed([...pageLocales].sort())}`
              : 'a locale the pages have (none of this build has one: give them `locale` or `lang` data, or a language prefix such as `/de/`)',
          ...(suggestion ? { suggestion } : {}),
        }).message,
      );
    }
    for (const [key, wanted] of dataConditions) {
      if (matchedData.has(key)) continue;
      const seen = values.get(key);
      const wantedText = wanted.map(shown).join(' or ');
      if (seen && seen.size > 0) {
        const held = [...seen]
          .map(([value, count]) => `${value} (${count} ${count === 1 ? 'page' : 'pages'})`)
          .join(', ');
        lines.push(
          robotsWarning({
            code: 'unused-data-value',
            source,
            key: `noindex.data.${key}`,
            problem: `no page's \`${key}\` is ${wantedText} (values are compared exactly); the pages have`,
            value: held,
            expected: "the value exactly as the pages' data holds it",
          }).message,
        );
        continue;
      }
      // No page has the key, and none a key like it: the drafts of a site that builds none (eleventy-base-blog
      // drops them from production builds), not a typo. Nothing to say.
      const suggestion = suggest(key, keys);
      if (suggestion === undefined) continue;
      lines.push(
        robotsWarning({
          code: 'unused-data-key',
          source,
          key: `noindex.data.${key}`,
          problem: "no page's data has the key",
          value: key,
          expected: `a key the pages' data has, set to ${wantedText} on the pages to keep out of search results`,
          suggestion,
        }).message,
      );
    }
    lines.push(...overrides.values());
    if (moreOverrides > 0) lines.push(`…and ${moreOverrides} more pages whose own \`index\` a rule overrode.`);
    return lines;
  };

  return { record, reset, report };
}

/**
 * Adapter plumbing for the end-of-build warning about pages whose own `index` lost to a rule: a
 * page that says `robots: index` (or `all`, or `true`) under a `noindex.paths` glob or a `rules`
 * entry that sets `noindex` stays out of search results, since the most restrictive source wins.
 * That is by design, but silent; the warning names the rule and the exception that would let
 * the page out (`!/tags/featured/`).
 */
import { robotsWarning } from '../errors.js';
import { matchingGlobs, urlGlobMatcher, urlPath } from '../glob.js';
import { parseRobots } from '../directives/parse.js';
import { isNoindex } from '../directives/reconcile.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import { isErrorPage, matchLocales, matchNoindex, ruleApplies, type PageToResolve } from '../resolve/resolve-page.js';

/** What the check reads of a page: what the adapters give `resolvePage`. */
export type OverridePage = Pick<PageToResolve, 'url' | 'data' | 'collections' | 'own' | 'source' | 'status' | 'locale'>;

/** One option that keeps the page out of search results. */
interface OverridingRule {
  /** The option as written: ``noindex.paths[0]` (`/tags/**`)`. */
  label: string;
  /** The list the page's exception would go into, with it: `['/tags/**', '!/tags/featured/']`. */
  fix?: { key: string; globs: string[] };
}

/** Whether one of the page's own values asks for the page to be indexed: `index`, `all` or `true`. */
function saysIndex(value: unknown): boolean {
  if (value === true) return true;
  if (value === undefined || value === null || value === false) return false;
  try {
    // The page's own value was already checked (and reported) by resolvePage: read it leniently here.
    const { all } = parseRobots(value, {}, { strict: false, dropInvalid: true });
    return all.flags.has('index') || all.flags.has('all');
  } catch {
    return false;
  }
}

/** The page's own values (front matter key, `own` sources) that ask for indexing, with their keys. */
function ownIndexValues(page: OverridePage, frontMatterKey: string): Array<{ key: string; value: unknown }> {
  const found: Array<{ key: string; value: unknown }> = [];
  const data = page.data;
  if (data && Object.hasOwn(data, frontMatterKey) && saysIndex(data[frontMatterKey]))
    found.push({ key: frontMatterKey, value: data[frontMatterKey] });
  for (const own of page.own ?? []) {
    if (saysIndex(own.robots)) found.push({ key: own.key ?? frontMatterKey, value: own.robots });
  }
  return found;
}

const code = (text: string): string => `\`${text}\``;

/**
 * Returns a checker for one build's options: given a page, the warning for its overridden `index`,
 * or undefined. Pages without an own `index`/`all`/`true` cost one property lookup.
 */
export function createOverrideCheck(options: NormalizedRobotsOptions): (page: OverridePage) => string | undefined {
  // Which rules keep pages out of search results for every crawler, parsed once for the build.
  const noindexRules = options.rules.flatMap((rule, index) => {
    try {
      return isNoindex(parseRobots(rule.robots, {}, { strict: false, dropInvalid: true }).all) ? [{ rule, index }] : [];
    } catch {
      return [];
    }
  });
  const noindex = options.noindex;
  const anyRule =
    noindexRules.length > 0 ||
    noindex.paths.length > 0 ||
    noindex.collections.length > 0 ||
    Object.keys(noindex.data).length > 0 ||
    (noindex.locales?.length ?? 0) > 0;

  return (page) => {
    if (!anyRule) return undefined;
    const own = ownIndexValues(page, options.frontMatterKey);
    // An error page carries no robots tags at all: nothing of its own is overridden.
    if (own.length === 0 || isErrorPage(page, options.errorPages)) return undefined;
    const matchesUrl = urlGlobMatcher(page.url);
    const path = urlPath(page.url);
    const exception = `!${path}`;
    const overriding: OverridingRule[] = [];
    const match = matchNoindex(page, noindex, matchesUrl);
    for (const glob of match.paths) {
      overriding.push({
        label: `${code(`noindex.paths[${noindex.paths.indexOf(glob)}]`)} (${code(glob)})`,
        fix: { key: 'noindex.paths', globs: [...noindex.paths, exception] },
      });
    }
    for (const name of match.collections)
      overriding.push({
        label: `${code(`noindex.collections[${noindex.collections.indexOf(name)}]`)} (${code(name)})`,
      });
    for (const key of match.data) overriding.push({ label: code(`noindex.data.${key}`) });
    for (const name of match.locales)
      overriding.push({ label: `${code(`noindex.locales[${noindex.locales?.indexOf(name) ?? 0}]`)} (${code(name)})` });
    for (const { rule, index } of noindexRules) {
      // Resolution's own test, so the warning names exactly the rules that gave the page its noindex.
      if (!ruleApplies(rule, page.locale, matchesUrl)) continue;
      if (rule.path.length > 0) {
        const globs = matchingGlobs(matchesUrl, rule.path);
        overriding.push({
          label: `${code(`rules[${index}].path`)} (${globs.map(code).join(', ')})`,
          fix: { key: `rules[${index}].path`, globs: [...rule.path, exception] },
        });
      } else {
        overriding.push({
          label: `${code(`rules[${index}].locales`)} (${matchLocales(page.locale, rule.locales).map(code).join(', ')})`,
        });
      }
    }
    if (overriding.length === 0) return undefined;
    const fix = overriding.find((rule) => rule.fix)?.fix;
    return robotsWarning({
      code: 'page-index-overridden',
      source: page.source ?? page.url,
      key: own[0]!.key,
      problem: `the page ${code(path)} asks to be indexed, but ${overriding.map((rule) => rule.label).join(' and ')} keeps it out of search results (the most restrictive source wins), so it carries \`noindex\` despite its own value`,
      value: own[0]!.value,
      expected: fix
        ? `an exception for the page in ${code(fix.key)}: a glob starting with \`!\``
        : 'the page left out of the collection or data condition, or its own `index` removed',
      ...(fix ? { suggestion: JSON.stringify(fix.globs) } : {}),
    }).message;
  };
}

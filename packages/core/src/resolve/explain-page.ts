/**
 * explainPage: why a page carries its robots tags. Each source of directives `resolvePage` combined
 * (site default, content-type rule, path rule, header rule, the page's own setting, a tag already
 * in the HTML, a preview build, the extra Googlebot tag), named the way the user wrote it, with what it says.
 * The dev toolbar and the audit report show it as "where it came from".
 */
import type { ParsedRobots, RobotsSource } from '../directives/types.js';
import { emptyDirectives } from '../directives/types.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/vocabulary.js';
import { formatDirectives, mergeAudiences } from '../directives/reconcile.js';
import type { RobotsWarning } from '../errors.js';
import { matchingGlobs, urlGlobMatcher } from '../glob.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import {
  collectSources,
  getsExtraGooglebotTag,
  isErrorPage,
  matchLocales,
  matchNoindex,
  resolvePageTags,
  type PageToResolve,
} from './resolve-page.js';

/** What kind of input a directive came from. */
export type DirectiveOriginKind =
  | 'defaults'
  | 'noindex'
  | 'rule'
  | 'header-rule'
  | 'page'
  | 'existing-tag'
  | 'not-indexable'
  | 'googlebot';
/** One input of a page's resolution, as the user wrote it. JSON-safe. */
export interface DirectiveOrigin {
  kind: DirectiveOriginKind;
  /** One line for people, e.g. ``path rule `rules[1]` (`/private/**`)``. */
  label: string;
  /** Where it is written: `options` for the robots-kit options, else the page's file (or URL). */
  file: string;
  /** The key that holds it (`rules[1].robots`, `robots`, `noindex`), or the tag as written. */
  key: string;
  /** For `noindex` and `rule`: the collections, globs or data keys the page matched. */
  matched?: string[];
  /** What it says, per audience (`robots` for every crawler), as tag values: `{ robots: 'noindex, follow' }`. */
  directives: Record<string, string>;
}
/** Why a page carries its tags. JSON-safe, so it crosses the dev server's socket as it is. */
export interface PageExplanation {
  url: string;
  /** 4xx/5xx pages carry no robots tags, whatever the options say. */
  errorPage: boolean;
  /** The tags the page must carry (`resolvePage`). */
  tags: Record<string, string>;
  origins: DirectiveOrigin[];
  /** The warnings resolving the page gave. */
  warnings: string[];
}
/** An origin with its parsed directives, to tell which origin decided what for a crawler. */
export interface ExplainedSource {
  origin: DirectiveOrigin;
  parsed: ParsedRobots;
}

const RULE_KEY = /^rules\[(\d+)\]\.robots$/;
const HEADER_RULE_KEY = /^headers\.rules\[(\d+)\]\.robots$/;
function code(text: string): string {
  return `\`${text}\``;
}
/** The origin of one collected source, from the `RobotsSource` it was parsed with. */
function describeSource(
  source: RobotsSource,
  page: PageToResolve,
  options: NormalizedRobotsOptions,
): Omit<DirectiveOrigin, 'directives'> {
  const file = source.file ?? page.source ?? page.url;
  const key = source.key ?? options.frontMatterKey;
  if (file === 'options' && key === 'defaults')
    return { kind: 'defaults', label: 'site default (`defaults` option)', file, key };
  if (file === 'options' && key === 'indexable') {
    return {
      kind: 'not-indexable',
      label: 'preview build: every page is kept out of search results (`indexable`)',
      file,
      key,
    };
  }
  if (file === 'options' && key === 'noindex') {
    const match = matchNoindex(page, options.noindex);
    const matched = [
      ...match.collections.map((name) => `collection ${code(name)}`),
      ...match.paths.map((glob) => `path ${code(glob)}`),
      ...match.data.map((name) => `data ${code(name)}`),
      ...match.locales.map((name) => `locale ${code(name)}`),
    ];
    return {
      kind: 'noindex',
      label: `content type kept out of search results: ${matched.join(', ')} (\`noindex\` option)`,
      file,
      key,
      matched,
    };
  }
  const rule = file === 'options' ? RULE_KEY.exec(key) : null;
  if (rule) {
    const index = Number(rule[1]);
    const globs = matchingGlobs(urlGlobMatcher(page.url), options.rules[index]?.path ?? []);
    const locales = matchLocales(page.locale, options.rules[index]?.locales);
    const matched = [...globs, ...locales];
    const what = [...globs.map(code), ...locales.map((name) => `locale ${code(name)}`)].join(', ');
    return {
      kind: 'rule',
      label: `${globs.length > 0 ? 'path rule' : 'locale rule'} ${code(`rules[${index}]`)} (${what})`,
      file,
      key,
      matched,
    };
  }
  const headerRule = file === 'options' ? HEADER_RULE_KEY.exec(key) : null;
  if (headerRule) {
    const index = Number(headerRule[1]);
    const path = options.headers?.rules?.[index]?.path ?? [];
    const matched = matchingGlobs(urlGlobMatcher(page.url), typeof path === 'string' ? [path] : path);
    return {
      kind: 'header-rule',
      label: `header rule ${code(`headers.rules[${index}]`)} (${matched.map(code).join(', ')}), sent with the page as X-Robots-Tag`,
      file,
      key,
      matched,
    };
  }
  if (key.startsWith('<meta'))
    return {
      kind: 'existing-tag',
      label: `tag already in the page's HTML (a layout or theme): ${code(key)}`,
      file,
      key,
    };
  return { kind: 'page', label: `the page's own setting: ${code(key)} in ${file}`, file, key };
}
/** `{ robots: 'noindex', googlebot: 'nosnippet' }` for what one source says. */
function directivesRecord(parsed: ParsedRobots): Record<string, string> {
  const record: Record<string, string> = {};
  const all = formatDirectives(parsed.all);
  if (all.length > 0) record[ALL_CRAWLERS_META_NAME] = all.join(', ');
  for (const [name, directives] of parsed.crawlers) {
    const tokens = formatDirectives(directives);
    if (tokens.length > 0) record[name] = tokens.join(', ');
  }
  return record;
}

/**
 * Why `page` carries the tags `resolvePage` gives it: every source it combined, in the order it
 * combined them, each named as the user wrote it. `settings` must be normalized.
 */
export function explainPageSources(
  page: PageToResolve,
  settings: NormalizedRobotsOptions,
): { explanation: PageExplanation; sources: ExplainedSource[] } {
  const resolved = resolvePageTags(page, settings);
  const base = { url: page.url, tags: resolved.tags, warnings: resolved.warnings.map((warning) => warning.message) };
  if (isErrorPage(page, settings.errorPages))
    return { explanation: { ...base, errorPage: true, origins: [] }, sources: [] };
  const located: RobotsSource[] = [];
  const parsed = collectSources(page, settings, [], located);
  const sources = parsed.map(
    (one, index): ExplainedSource => ({
      origin: { ...describeSource(located[index]!, page, settings), directives: directivesRecord(one) },
      parsed: one,
    }),
  );
  if (settings.googlebot) {
    // The extra tag resolvePage gives Googlebot on pages it may index.
    const { all, crawlers } = mergeAudiences(parsed);
    if (getsExtraGooglebotTag(all, crawlers.get('googlebot'))) {
      const extra: ParsedRobots = {
        all: emptyDirectives(),
        crawlers: new Map([['googlebot', { flags: new Set(), ...settings.googlebot }]]),
        warnings: [],
      };
      sources.push({
        origin: {
          kind: 'googlebot',
          label: 'the extra Googlebot tag for indexable pages (`googlebot` option)',
          file: 'options',
          key: 'googlebot',
          directives: directivesRecord(extra),
        },
        parsed: extra,
      });
    }
  }
  return { explanation: { ...base, errorPage: false, origins: sources.map((source) => source.origin) }, sources };
}

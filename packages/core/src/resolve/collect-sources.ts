import { emptyDirectives } from '../directives/mutable-directives.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { parseRobots } from '../directives/parse-robots.js';
import type { ParsedRobots, RobotsInput, RobotsSource } from '../directives/types.js';
import type { RobotsWarning } from '../errors/robots-warning.js';
import { DEFAULTS } from '../options/defaults.js';
import { matchesAnyGlob } from '../options/glob.js';
import type { NormalizedRobotsOptions } from '../options/normalized-options.js';
import type { PageToResolve } from './page.js';

function belongsToNoindexCollection(page: PageToResolve, collections: readonly string[]): boolean {
  if (collections.length === 0 || !page.collections) return false;
  const wanted = new Set(collections);
  for (const name of page.collections) if (wanted.has(name)) return true;
  return false;
}

/** Every source of directives that applies to the page, parsed: defaults, content types, rules, front matter, existing tags. */
export function collectSources(page: PageToResolve, options: NormalizedRobotsOptions, warnings: RobotsWarning[]): ParsedRobots[] {
  const sources: ParsedRobots[] = [];
  const add = (input: RobotsInput | unknown, source: RobotsSource, strict = options.strict): void => {
    const parsed = parseRobots(input, source, { strict });
    warnings.push(...parsed.warnings);
    sources.push(parsed);
  };

  if (options.defaults !== undefined) add(options.defaults, { file: 'options', key: 'defaults' });
  if (belongsToNoindexCollection(page, options.noindex.collections) || matchesAnyGlob(page.url, options.noindex.paths)) {
    add(DEFAULTS.contentTypeNoindex, { file: 'options', key: 'noindex' });
  }
  options.rules.forEach((rule, i) => {
    if (matchesAnyGlob(page.url, rule.path)) add(rule.robots, { file: 'options', key: `rules[${i}].robots` });
  });
  const data = page.data;
  // Only the page's own key: `constructor` or `toString` must not be read from Object.prototype.
  if (data && Object.hasOwn(data, options.frontMatterKey) && data[options.frontMatterKey] !== undefined) {
    add(data[options.frontMatterKey], { file: page.source ?? page.url, key: options.frontMatterKey });
  }
  for (const own of page.own ?? []) {
    if (own.robots !== undefined) add(own.robots, { file: own.source ?? page.source ?? page.url, key: own.key ?? options.frontMatterKey });
  }
  for (const tag of page.existing ?? []) {
    const name = tag.name.trim().toLowerCase();
    // A theme's tag is not the user's input: unknown tokens in it only warn.
    const parsed = parseRobots(tag.content, { file: page.source ?? page.url, key: `<meta name="${tag.name}">` }, { strict: false });
    warnings.push(...parsed.warnings);
    sources.push(name === ALL_CRAWLERS_META_NAME ? parsed : { all: emptyDirectives(), crawlers: new Map([[name, parsed.all]]), warnings: [] });
  }
  if (!options.indexable) add(DEFAULTS.nonIndexable, { file: 'options', key: 'indexable' });
  return sources;
}

import { formatDirectives, isNoindex } from '../directives/format-directives.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import { reconcileWarnings } from '../directives/reconcile.js';
import type { Directives } from '../directives/types.js';
import type { RobotsWarning } from '../errors/robots-warning.js';
import { normalizeOptions } from '../options/normalize-options.js';
import type { NormalizedRobotsOptions } from '../options/normalized-options.js';
import type { RobotsOptions } from '../options/options-schema.js';
import { collectSources } from './collect-sources.js';
import { isErrorPage } from './is-error-page.js';
import type { PageToResolve, ResolvedPage } from './page.js';

const GOOGLEBOT = 'googlebot';

function crawlerOrder(a: string, b: string): number {
  if (a === GOOGLEBOT) return -1;
  if (b === GOOGLEBOT) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The tags a page must carry, with the warnings met on the way. Sources combine
 * additively and the most restrictive directive wins; a crawler's own tag holds only
 * what it adds to the `robots` tag; indexable pages get the extra Googlebot tag.
 */
export function resolvePageDetailed(page: PageToResolve, options: RobotsOptions | NormalizedRobotsOptions): ResolvedPage {
  const settings = normalizeOptions(options);
  if (isErrorPage(page, settings.errorPages)) return { tags: {}, warnings: [] };

  const warnings: RobotsWarning[] = [];
  const sources = collectSources(page, settings, warnings);
  const all = mergeDirectives(...sources.map((source) => source.all));
  const robotsTokens = formatDirectives(all);
  warnings.push(...reconcileWarnings(all, ALL_CRAWLERS_META_NAME));

  const tags: Record<string, string> = {};
  if (robotsTokens.length > 0) tags[ALL_CRAWLERS_META_NAME] = robotsTokens.join(', ');

  const specific = new Map<string, Directives[]>();
  for (const source of sources) {
    for (const [name, directives] of source.crawlers) specific.set(name, [...(specific.get(name) ?? []), directives]);
  }
  if (settings.googlebot) {
    const googlebot = mergeDirectives(all, ...(specific.get(GOOGLEBOT) ?? []));
    if (!isNoindex(googlebot)) specific.set(GOOGLEBOT, [...(specific.get(GOOGLEBOT) ?? []), { flags: new Set(), ...settings.googlebot }]);
  }

  const alreadySaid = new Set(robotsTokens);
  for (const name of [...specific.keys()].sort(crawlerOrder)) {
    const effective = mergeDirectives(all, ...specific.get(name)!);
    const tokens = formatDirectives(effective).filter((token) => !alreadySaid.has(token));
    if (tokens.length > 0) tags[name] = tokens.join(', ');
    if (!all.flags.has('indexifembedded')) warnings.push(...reconcileWarnings(effective, name));
  }
  return { tags, warnings };
}

/** The tags a page must carry, as meta name → content: `{ robots: 'noindex, follow' }`; `{}` for error pages. */
export function resolvePage(page: PageToResolve, options: RobotsOptions | NormalizedRobotsOptions): Record<string, string> {
  return resolvePageDetailed(page, options).tags;
}

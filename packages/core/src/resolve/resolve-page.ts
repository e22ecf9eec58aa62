import { formatDirectives, isNoindex } from '../directives/format-directives.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { mergeAudiences } from '../directives/merge-audiences.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import { reconcileWarnings } from '../directives/reconcile.js';
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
  const { all, crawlers } = mergeAudiences(collectSources(page, settings, warnings));
  const robotsTokens = formatDirectives(all);
  warnings.push(...reconcileWarnings(all, ALL_CRAWLERS_META_NAME));

  const tags: Record<string, string> = {};
  if (robotsTokens.length > 0) tags[ALL_CRAWLERS_META_NAME] = robotsTokens.join(', ');

  if (settings.googlebot) {
    const own = crawlers.get(GOOGLEBOT);
    const forGooglebot = own ? [own] : [];
    if (!isNoindex(mergeDirectives(all, ...forGooglebot))) crawlers.set(GOOGLEBOT, mergeDirectives(...forGooglebot, { flags: new Set(), ...settings.googlebot }));
  }

  const alreadySaid = new Set(robotsTokens);
  for (const name of [...crawlers.keys()].sort(crawlerOrder)) {
    const effective = mergeDirectives(all, crawlers.get(name)!);
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

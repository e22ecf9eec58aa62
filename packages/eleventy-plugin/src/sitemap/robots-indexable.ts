import { normalizeOptions, type RobotsOptions } from '@robots-kit/core';
import { buildCollectionMembership } from '../collection-membership.js';
import { PLUGIN_NAME } from '../plugin-name.js';
import { collectionsOfItems } from './collections-of-items.js';
import { filterIndexable } from './filter-indexable.js';

/**
 * The items of a collection that belong in a sitemap: drops `permalink: false` pages, error
 * pages, and pages whose robots tags carry `noindex` or `none` (for every crawler or for
 * Googlebot), resolved exactly as the plugin resolves them. For `.11ty.js` templates and
 * config code; templates use the plugin's `robotsIndexable` filter, which already knows the
 * plugin's options (in `.11ty.js`: `this.robotsIndexable(data.collections.all)`).
 *
 * ```js
 * import { robotsIndexable } from '@robots-kit/eleventy';
 * const items = robotsIndexable(data.collections.all, robotsOptions);
 * ```
 *
 * @param items - A collection, e.g. `collections.all`.
 * @param options - The options given to the plugin (share one object). Default: `{}`.
 */
export function robotsIndexable<T>(items: readonly T[], options: RobotsOptions = {}): T[] {
  const normalized = normalizeOptions(options, { package: PLUGIN_NAME, source: 'robotsIndexable options' });
  const collections = collectionsOfItems(items);
  return filterIndexable<T>(items, normalized, collections ? buildCollectionMembership(collections) : undefined, 'robotsIndexable');
}

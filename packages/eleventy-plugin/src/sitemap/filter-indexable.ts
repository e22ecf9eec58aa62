import { RobotsError, type NormalizedRobotsOptions } from '@robots-kit/core';
import type { CollectionMembership } from '../collection-membership.js';
import { PLUGIN_NAME } from '../plugin-name.js';
import { isIndexableItem, type CollectionItemLike } from './is-indexable-item.js';

/** The items that belong in a sitemap, in their order; a new array. */
export function filterIndexable<T>(items: unknown, options: NormalizedRobotsOptions, membership: CollectionMembership | undefined, name: string): T[] {
  if (!Array.isArray(items)) {
    throw new RobotsError({
      code: 'not-a-collection',
      package: PLUGIN_NAME,
      key: name,
      value: items === null ? 'null' : typeof items,
      problem: 'expected a collection to filter, got',
      expected: 'an array of collection items, e.g. `collections.all`',
    });
  }
  return (items as T[]).filter((item) => isIndexableItem(item as CollectionItemLike, options, membership));
}

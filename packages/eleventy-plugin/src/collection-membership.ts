import type { EleventyCollectionItem, EleventyPage, EleventyPageData } from './eleventy-types.js';

/** Which collections each page of one build belongs to. */
export interface CollectionMembership {
  /** The `collections` object it was built from; a new build has a new one. */
  readonly source: object;
  readonly byPage: WeakMap<EleventyPage, Set<string>>;
  /** Pages 2..n of a pagination are in no collection: they share their template's membership. */
  readonly byInputPath: Map<string, Set<string>>;
  /** Data of every page in a collection, for pages whose data was not captured. */
  readonly dataByPage: WeakMap<EleventyPage, EleventyPageData>;
}

function addTo<K>(map: { get(key: K): Set<string> | undefined; set(key: K, value: Set<string>): unknown }, key: K, name: string): void {
  const names = map.get(key);
  if (names) names.add(name);
  else map.set(key, new Set([name]));
}

/**
 * One pass over every collection, once per build: looking membership up per page
 * would make the build grow with the square of the page count.
 */
export function buildCollectionMembership(
  collections: Readonly<Record<string, readonly EleventyCollectionItem[] | undefined>>,
): CollectionMembership {
  const membership: CollectionMembership = {
    source: collections,
    byPage: new WeakMap(),
    byInputPath: new Map(),
    dataByPage: new WeakMap(),
  };
  for (const [name, items] of Object.entries(collections)) {
    if (!Array.isArray(items)) continue;
    for (const item of items as readonly EleventyCollectionItem[]) {
      if (typeof item?.page === 'object' && item.page !== null) {
        addTo(membership.byPage, item.page, name);
        if (item.data) membership.dataByPage.set(item.page, item.data);
      }
      if (typeof item?.inputPath === 'string') addTo(membership.byInputPath, item.inputPath, name);
    }
  }
  return membership;
}

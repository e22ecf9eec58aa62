import type { EleventyCollectionItem } from '../eleventy-types.js';

type Collections = Readonly<Record<string, readonly EleventyCollectionItem[] | undefined>>;

/** The build's `collections`, as every collection item's data carries it once templates render. */
export function collectionsOfItems(items: unknown): Collections | undefined {
  if (!Array.isArray(items)) return undefined;
  for (const item of items as Array<{ data?: { collections?: unknown } } | undefined>) {
    const collections = item?.data?.collections;
    if (typeof collections === 'object' && collections !== null) return collections as Collections;
  }
  return undefined;
}

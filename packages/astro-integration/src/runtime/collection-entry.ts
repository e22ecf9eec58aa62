/** The parts of an Astro content collection entry the middleware reads. */
export interface CollectionEntryLike {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  /** Root-relative source file, for loaders that read files (`glob`, `file`). */
  filePath?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isCollectionEntry(value: unknown): value is CollectionEntryLike {
  return isRecord(value) && typeof value.id === 'string' && typeof value.collection === 'string' && isRecord(value.data);
}

/**
 * The entry a `getStaticPaths` page renders: `props` itself when the route spreads the entry
 * into props, else the first prop that is an entry (`props: { post }`). Lists of entries
 * (an index page's `posts`) are not the page's own entry and are ignored.
 */
export function findPageEntry(props: unknown): CollectionEntryLike | undefined {
  if (isCollectionEntry(props)) return props;
  if (!isRecord(props)) return undefined;
  return Object.values(props).find(isCollectionEntry);
}

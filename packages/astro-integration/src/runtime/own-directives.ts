import type { CollectionEntryLike } from './collection-entry.js';
import type { RobotsData } from './robots-data.js';

/** One of a page's own settings, where it came from (for error messages) and under which key. */
export interface OwnDirectives {
  robots: unknown;
  source: string;
  key: string;
}

export interface OwnDirectivesInput {
  /** The front matter / entry data key (`frontMatterKey`); `Astro.locals` always uses `robots`. */
  key: string;
  data: RobotsData;
  routePattern: string;
  locals: Record<string, unknown> | undefined;
  entry: CollectionEntryLike | undefined;
}

/** Same value twice (the schema kept the raw front matter as it was): one source, not two. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Every setting the page makes about itself, to be combined additively (most restrictive wins):
 * `Astro.locals.robots` (the page's code), the collection entry's validated `robots` (with the
 * `robotsSchema()` fragment), the entry's raw front matter (collection schemas strip unknown
 * keys; skipped when the schema kept the same value), and the page file's own front matter.
 */
export function ownDirectives({ key, data, routePattern, locals, entry }: OwnDirectivesInput): OwnDirectives[] {
  const pageFile = data.routes[routePattern];
  const own: OwnDirectives[] = [];
  if (locals?.robots !== undefined) {
    own.push({ robots: locals.robots, source: `${pageFile ?? routePattern} (Astro.locals.robots)`, key: 'robots' });
  }
  if (entry) {
    const entryData = entry.data[key];
    if (entryData !== undefined) own.push({ robots: entryData, source: entry.filePath ?? `${entry.collection} entry \`${entry.id}\``, key });
    if (entry.filePath && Object.hasOwn(data.frontMatter, entry.filePath)) {
      const raw = data.frontMatter[entry.filePath];
      if (entryData === undefined || !sameValue(raw, entryData)) own.push({ robots: raw, source: entry.filePath, key });
    }
  }
  if (pageFile && Object.hasOwn(data.frontMatter, pageFile)) {
    own.push({ robots: data.frontMatter[pageFile], source: pageFile, key });
  }
  return own;
}

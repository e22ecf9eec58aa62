import type { CollectionEntryLike } from './collection-entry.js';
import type { RobotsData } from './robots-data.js';

/** A page's own directives and the file they came from, for error messages. */
export interface OwnDirectives {
  value: unknown;
  source: string;
}

export interface OwnDirectivesInput {
  /** The front matter / entry data key (`frontMatterKey`); `Astro.locals` always uses `robots`. */
  key: string;
  data: RobotsData;
  routePattern: string;
  locals: Record<string, unknown> | undefined;
  entry: CollectionEntryLike | undefined;
}

/**
 * The most specific setting wins: `Astro.locals.robots` (set by the page's code), then the
 * collection entry's validated data (with the `robotsSchema()` fragment), then the entry's raw
 * front matter (collection schemas strip unknown keys), then the page file's own front matter.
 */
export function ownDirectives({ key, data, routePattern, locals, entry }: OwnDirectivesInput): OwnDirectives | undefined {
  const pageFile = data.routes[routePattern];
  if (locals?.robots !== undefined) {
    return { value: locals.robots, source: `${pageFile ?? routePattern} (Astro.locals.robots)` };
  }
  if (entry) {
    const entryFile = entry.filePath ?? `${entry.collection} entry \`${entry.id}\``;
    if (entry.data[key] !== undefined) return { value: entry.data[key], source: entryFile };
    if (entry.filePath && Object.hasOwn(data.frontMatter, entry.filePath)) {
      return { value: data.frontMatter[entry.filePath], source: entry.filePath };
    }
  }
  if (pageFile && Object.hasOwn(data.frontMatter, pageFile)) {
    return { value: data.frontMatter[pageFile], source: pageFile };
  }
  return undefined;
}

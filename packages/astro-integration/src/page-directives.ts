/**
 * Which directives a page sets about itself, at request time: `Astro.locals.robots`, the
 * collection entry it renders (validated data and raw front matter), and its own front
 * matter. The front matter was read at build or dev time (front-matter.ts) and arrives in
 * `RobotsData` through the Vite plugin's virtual module; nothing here touches the file system.
 */
import type { NormalizedRobotsOptions } from '@robots-kit/core';

/**
 * What the integration hands to its middleware through a Vite virtual module: plain JSON,
 * because functions and class instances do not survive the middleware bundle.
 */
export interface RobotsData {
  /** The options, validated and with defaults, at `astro:config:setup`. */
  options: NormalizedRobotsOptions;
  /** Route pattern (`/blog/[slug]`) → the root-relative file that renders it (`src/pages/blog/[slug].astro`). */
  routes: Record<string, string>;
  /** Root-relative file → its own directives, for the content files whose front matter has the key. */
  frontMatter: Record<string, unknown>;
}

/** The parts of an Astro content collection entry the middleware reads. */
export interface CollectionEntryLike {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  /** Root-relative source file, for loaders that read files (`glob`, `file`). */
  filePath?: string;
}

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

/** Same value twice (the schema kept the raw front matter as it was): one source, not two. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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

function isCollectionEntry(value: unknown): value is CollectionEntryLike {
  return isRecord(value) && typeof value.id === 'string' && typeof value.collection === 'string' && isRecord(value.data);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

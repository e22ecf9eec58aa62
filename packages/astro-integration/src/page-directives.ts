/**
 * Which directives a page sets about itself, at request time: `Astro.locals.robots`, the
 * collection entry it is the page of (validated data and raw front matter), and its own front
 * matter. Which entry is the page's own is decided once, the same way on prerendered and on
 * on-demand pages: Starlight's route entry, else among the entries the page rendered with
 * `render()` (recorded per request) and those in its props, the one the route's params name.
 * The front matter was read at build or dev time (front-matter.ts) and arrives in `RobotsData`
 * through the Vite plugin's virtual module; nothing here touches the file system.
 */
import type { NormalizedRobotsOptions } from '@robots-kit/core/internal/runtime';
import type { SiteLocales } from './i18n.js';

/**
 * What the integration hands to its middleware through a Vite virtual module: plain JSON,
 * because functions and class instances do not survive the middleware bundle.
 */
export interface RobotsData {
  /** The options, validated and with defaults, at `astro:config:setup` (`headers.rules` included: pages resolve with them). */
  options: NormalizedRobotsOptions;
  /** Route pattern (`/blog/[slug]`) → the root-relative file that renders it (`src/pages/blog/[slug].astro`). */
  routes: Record<string, string>;
  /** Patterns of endpoint routes, whose bodies are left alone even when they send HTML. */
  endpoints: string[];
  /**
   * Root-relative content file → the front matter values robots-kit reads: the robots key and
   * the keys of `noindex.data`, for the files that have any of them.
   */
  frontMatter: Record<string, Record<string, unknown>>;
  /** The `onDemand` option, defaults filled in. */
  onDemand: { header: boolean; metaTags: boolean };
  /** Astro's `base`, which page URLs include. */
  base: string;
  /**
   * Whether the build streams prerendered pages (Astro does when any route renders on demand):
   * the middleware then reads such a page to its end before resolving it, as a static build does.
   */
  prerenderStreams: boolean;
  /** Astro's `i18n` locales, when the config has `i18n`. */
  locales?: SiteLocales;
}

/** The parts of an Astro content collection entry the middleware reads. */
export interface CollectionEntryLike {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  /** Root-relative source file, for loaders that read files (`glob`, `file`). */
  filePath?: string;
  /** Legacy collections' slug, which routes use as a param. */
  slug?: string;
}

/** One of a page's own settings, where it came from (for error messages) and under which key. */
export interface OwnDirectives {
  robots: unknown;
  source: string;
  key: string;
}

/** Everything the page says about itself, as core's resolution takes it. */
export interface PageSources {
  own: OwnDirectives[];
  /** The page's entry's collection, for `noindex.collections`. */
  collections?: string[];
  /** Its entry's data and its front matter (robots key left out: it is in `own`), for `noindex.data`. */
  data?: Record<string, unknown>;
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
export function ownDirectives({ key, data, routePattern, locals, entry }: OwnDirectivesInput): PageSources {
  const pageFile = data.routes[routePattern];
  const own: OwnDirectives[] = [];
  let pageData: Record<string, unknown> | undefined;
  if (locals?.robots !== undefined) {
    own.push({ robots: locals.robots, source: `${pageFile ?? routePattern} (Astro.locals.robots)`, key: 'robots' });
  }
  if (entry) {
    const entryData = Object.hasOwn(entry.data, key) ? entry.data[key] : undefined;
    if (entryData !== undefined)
      own.push({ robots: entryData, source: entry.filePath ?? `${entry.collection} entry \`${entry.id}\``, key });
    const raw = frontMatterOf(data, entry.filePath);
    if (raw !== undefined && Object.hasOwn(raw, key)) {
      if (entryData === undefined || !sameValue(raw[key], entryData))
        own.push({ robots: raw[key], source: entry.filePath!, key });
    }
    // The schema's values win over the raw ones it was given (a default, a transform).
    pageData = { ...raw, ...entry.data };
  }
  const pageMatter = frontMatterOf(data, pageFile);
  if (pageMatter !== undefined) {
    if (Object.hasOwn(pageMatter, key)) own.push({ robots: pageMatter[key], source: pageFile!, key });
    pageData = { ...pageMatter, ...pageData };
  }
  if (pageData !== undefined) delete pageData[key];
  return { own, ...(entry ? { collections: [entry.collection] } : {}), ...(pageData ? { data: pageData } : {}) };
}

function frontMatterOf(data: RobotsData, file: string | undefined): Record<string, unknown> | undefined {
  return file !== undefined && Object.hasOwn(data.frontMatter, file) ? data.frontMatter[file] : undefined;
}

/** Same value twice (the schema kept the raw front matter as it was): one source, not two. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the middleware knows about the page when it picks its entry. */
export interface PageEntryInput {
  props: unknown;
  params: Record<string, string | undefined>;
  locals: Record<string, unknown> | undefined;
  /** The entries the page passed to `render()` during this request, in order. */
  rendered: readonly unknown[];
}

export interface PageEntryChoice {
  /** The page's own entry, when there is one and it can be told. */
  entry?: CollectionEntryLike;
  /** Every entry that could have been the page's own: more than one, and no `entry`, means it could not tell. */
  candidates: CollectionEntryLike[];
}

/**
 * The entry the page is the page of, never an arbitrary one:
 * 1. Starlight's `Astro.locals.starlightRoute.entry`;
 * 2. the only entry the page rendered or holds in its props (`props: { post }`, or the entry
 *    spread into props); lists of entries (an index page's `posts`) are not the page's own;
 * 3. of several, the one whose `id` (or legacy `slug`) is a route param, or all of them joined
 *    (`[...slug]`): the entry the route was generated for;
 * 4. else the prop named `entry`; else the only one of them the page rendered.
 * Otherwise no entry, with the candidates, so that the caller can warn.
 */
export function findPageEntry({ props, params, locals, rendered }: PageEntryInput): PageEntryChoice {
  const starlight = (locals?.starlightRoute as { entry?: unknown } | undefined)?.entry;
  if (isCollectionEntry(starlight)) return { entry: starlight, candidates: [starlight] };
  const { entries: fromProps, named } = propEntries(props);
  // The common page: nothing rendered, no entry in its props. One shared answer, no arrays made per request.
  if (rendered.length === 0 && fromProps.length === 0) return NO_ENTRY;
  const renderedEntries = unique(rendered.filter(isCollectionEntry));
  const candidates = unique([...renderedEntries, ...fromProps]);
  if (candidates.length <= 1) return { ...(candidates[0] ? { entry: candidates[0] } : {}), candidates };
  const byParams = candidates.filter((entry) => matchesParams(entry, params));
  if (byParams.length === 1) return { entry: byParams[0]!, candidates };
  if (named) return { entry: named, candidates };
  if (renderedEntries.length === 1) return { entry: renderedEntries[0]!, candidates };
  return { candidates };
}

/** No entry and no candidate: frozen, as it is shared by every request that has none. */
const NO_ENTRY: PageEntryChoice = Object.freeze({ candidates: Object.freeze([]) as unknown as CollectionEntryLike[] });
const NO_PROP_ENTRIES: { entries: CollectionEntryLike[]; named?: CollectionEntryLike } = Object.freeze({
  entries: Object.freeze([]) as unknown as CollectionEntryLike[],
});

/** The entries among a page's props: the props themselves, or each prop that is one; `entry` by name. */
function propEntries(props: unknown): { entries: CollectionEntryLike[]; named?: CollectionEntryLike } {
  if (isCollectionEntry(props)) return { entries: [props] };
  if (!isRecord(props)) return NO_PROP_ENTRIES;
  let entries: CollectionEntryLike[] | undefined;
  // A loop rather than `Object.values().filter()`: most pages' props (`{}` on demand) hold no entry, and then nothing is allocated.
  for (const name in props) {
    if (!Object.hasOwn(props, name)) continue;
    const value = props[name];
    if (isCollectionEntry(value)) (entries ??= []).push(value);
  }
  if (entries === undefined) return NO_PROP_ENTRIES;
  const named = isCollectionEntry(props.entry) ? props.entry : undefined;
  return { entries, ...(named ? { named } : {}) };
}

/** Whether a route param is the entry's id or slug, or all params joined are (a rest param split by the router). */
function matchesParams(entry: CollectionEntryLike, params: Record<string, string | undefined>): boolean {
  const values = Object.values(params).filter((value): value is string => typeof value === 'string' && value !== '');
  if (values.length === 0) return false;
  const joined = values.join('/');
  return [entry.id, entry.slug].some((id) => typeof id === 'string' && (values.includes(id) || id === joined));
}

function unique(entries: readonly CollectionEntryLike[]): CollectionEntryLike[] {
  // Most pages have no entry or one: nothing to compare, no set made per request.
  if (entries.length <= 1) return [...entries];
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = `${entry.collection}\u0000${entry.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isCollectionEntry(value: unknown): value is CollectionEntryLike {
  return (
    isRecord(value) && typeof value.id === 'string' && typeof value.collection === 'string' && isRecord(value.data)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where the entries the page renders are recorded: one instance per process, found by the wrapped `render()` of `astro:content`. */
export const RENDERED_ENTRIES = Symbol.for('@robots-kit/astro: rendered entries');

/** The part of `AsyncLocalStorage` used: a per-request list of rendered entries. */
interface EntryStorage {
  run<R>(store: unknown[], callback: () => R): R;
  getStore(): unknown[] | undefined;
}

/** The recorder the wrapped `render()` calls (see vite-plugin.ts). */
export interface RenderedEntriesRecorder {
  record(entry: unknown): void;
  storage: EntryStorage | undefined;
  /** Set when `render()` ran in a request that could not be followed (no AsyncLocalStorage here). */
  untracked: boolean;
}

/**
 * `AsyncLocalStorage` where the runtime has one: a global on edge runtimes (Vercel, Cloudflare
 * with `nodejs_als`), Node's built-in module elsewhere, asked for at run time rather than
 * imported so that the middleware bundle has no `node:` import.
 */
function entryStorage(): EntryStorage | undefined {
  type Constructor = new () => EntryStorage;
  const scope = globalThis as {
    AsyncLocalStorage?: Constructor;
    process?: { getBuiltinModule?: (id: string) => unknown };
  };
  const builtin = scope.process?.getBuiltinModule?.('async_hooks') as { AsyncLocalStorage?: Constructor } | undefined;
  const Storage = scope.AsyncLocalStorage ?? builtin?.AsyncLocalStorage;
  return Storage === undefined ? undefined : new Storage();
}

/** The process's recorder once this module instance found it: a symbol lookup on the global object costs every request. */
let known: RenderedEntriesRecorder | undefined;

/** The process's recorder, made on first use (the first module instance wins: in dev the middleware is reloaded). */
export function renderedEntriesRecorder(): RenderedEntriesRecorder {
  if (known !== undefined) return known;
  const scope = globalThis as Record<symbol, RenderedEntriesRecorder | undefined>;
  let recorder = scope[RENDERED_ENTRIES];
  if (!recorder) {
    const storage = entryStorage();
    recorder = {
      storage,
      untracked: false,
      record(entry) {
        const store = storage?.getStore();
        if (store) store.push(entry);
        else if (!storage) this.untracked = true;
      },
    };
    scope[RENDERED_ENTRIES] = recorder;
  }
  return (known = recorder);
}

/**
 * Runs the rest of the request (`next()`) with a fresh list of rendered entries: every entry
 * the page, its layouts and components pass to `render()` before its head is sent lands in it.
 */
export function withRenderedEntries<T>(next: () => T): { result: T; rendered: unknown[] } {
  const { storage } = renderedEntriesRecorder();
  const rendered: unknown[] = [];
  return { result: storage ? storage.run(rendered, next) : next(), rendered };
}

/**
 * With several candidates and no way to tell, the choice matters only when they say different
 * things: a page that renders three posts without robots settings gets the same tags whichever
 * is taken. The key of what an entry contributes; equal keys, equal results.
 */
export function entryContribution(
  entry: CollectionEntryLike,
  input: Omit<OwnDirectivesInput, 'entry'>,
  dataKeys: readonly string[],
): string {
  const sources = ownDirectives({ ...input, entry });
  const data = sources.data ?? {};
  return JSON.stringify([
    sources.own.map((own) => own.robots),
    sources.collections,
    dataKeys.map((key) => (Object.hasOwn(data, key) ? data[key] : null)),
  ]);
}

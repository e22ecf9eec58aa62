/**
 * The directive data: the input forms, parsed directives per audience, and merging two sets so
 * that the most restrictive value wins.
 */
import type { RobotsWarning } from '../errors.js';

/** Directives that are a bare word. */
export type FlagDirective =
  | 'all'
  | 'index'
  | 'noindex'
  | 'follow'
  | 'nofollow'
  | 'none'
  | 'noarchive'
  | 'nocache'
  | 'nosnippet'
  | 'notranslate'
  | 'noimageindex'
  /** Non-standard (see `NON_STANDARD_DIRECTIVES`): no AI use of the page. */
  | 'noai'
  /** Non-standard: no AI use of the page's images. */
  | 'noimageai'
  | 'indexifembedded';
export type ImagePreview = 'none' | 'standard' | 'large';
/** The directives for one audience (all crawlers, or one crawler). */
export interface Directives {
  flags: ReadonlySet<FlagDirective>;
  /** Characters of snippet; -1 is unlimited, 0 equals `nosnippet`. */
  maxSnippet?: number;
  maxImagePreview?: ImagePreview;
  /** Seconds of video preview; -1 is unlimited. */
  maxVideoPreview?: number;
  /** ISO 8601 instant after which the page should not be shown. */
  unavailableAfter?: string;
}
/** The result of parsing one input in any of the accepted forms. */
export interface ParsedRobots {
  /** Directives for every crawler (the `robots` meta name). */
  all: Directives;
  /** Directives for one crawler, keyed by its lowercase name (`googlebot`, `bingbot`, …). */
  crawlers: ReadonlyMap<string, Directives>;
  /** Problems that did not throw (only with `strict: false`, or directives that have no effect). */
  warnings: RobotsWarning[];
}
/** Any of the accepted input forms: `"noindex, nofollow"`, an array, a boolean, or an object. */
export type RobotsInput = string | readonly string[] | boolean | RobotsObject | Date | null | undefined;
export interface RobotsObject {
  [key: string]: unknown;
}
/** Where an input came from, for error messages. */
export interface RobotsSource {
  /** A file path, `options`, or a URL. */
  file?: string;
  /** The key that held the input, e.g. `robots` or `rules[2].robots`. */
  key?: string;
}
/** A robots meta tag found in a page before the transform. */
export interface ExistingRobotsTag {
  /** The meta name as written, e.g. `robots`, `GoogleBot`. */
  name: string;
  content: string;
}

/** The working form of {@link Directives} while inputs are being parsed and merged. */
export interface MutableDirectives {
  flags: Set<FlagDirective>;
  maxSnippet?: number;
  maxImagePreview?: ImagePreview;
  maxVideoPreview?: number;
  unavailableAfter?: string;
}
export function emptyDirectives(): MutableDirectives {
  return { flags: new Set() };
}
export function isEmptyDirectives(directives: Directives): boolean {
  return (
    directives.flags.size === 0 &&
    directives.maxSnippet === undefined &&
    directives.maxImagePreview === undefined &&
    directives.maxVideoPreview === undefined &&
    directives.unavailableAfter === undefined
  );
}

/** The more restrictive of two lengths, where -1 means unlimited. */
function smallerLength(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}

function smallerPreview(a: ImagePreview | undefined, b: ImagePreview | undefined): ImagePreview | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return IMAGE_PREVIEW_ORDER.indexOf(a) <= IMAGE_PREVIEW_ORDER.indexOf(b) ? a : b;
}

function earlierDate(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/**
 * Adds `source` into `target`: flags are combined, and for every valued directive the most
 * restrictive value wins. Used both across sources and within one (`max-snippet:50, max-snippet:10`).
 */
export function mergeInto(target: MutableDirectives, source: Partial<Directives>): MutableDirectives {
  for (const flag of source.flags ?? []) target.flags.add(flag);
  const maxSnippet = smallerLength(target.maxSnippet, source.maxSnippet);
  const maxImagePreview = smallerPreview(target.maxImagePreview, source.maxImagePreview);
  const maxVideoPreview = smallerLength(target.maxVideoPreview, source.maxVideoPreview);
  const unavailableAfter = earlierDate(target.unavailableAfter, source.unavailableAfter);
  if (maxSnippet !== undefined) target.maxSnippet = maxSnippet;
  if (maxImagePreview !== undefined) target.maxImagePreview = maxImagePreview;
  if (maxVideoPreview !== undefined) target.maxVideoPreview = maxVideoPreview;
  if (unavailableAfter !== undefined) target.unavailableAfter = unavailableAfter;
  return target;
}

/** Combines directives additively; for every valued directive the most restrictive value wins. */
export function mergeDirectives(...sources: Directives[]): MutableDirectives {
  return mergeDirectiveList(sources);
}
/**
 * {@link mergeDirectives} over a list of any length: a page can carry hundreds of thousands of
 * robots tags, more than a spread call's arguments fit on the stack.
 */
export function mergeDirectiveList(sources: Iterable<Directives>): MutableDirectives {
  const merged = emptyDirectives();
  for (const source of sources) mergeInto(merged, source);
  return merged;
}

/** Least to most restrictive. */
export const IMAGE_PREVIEW_ORDER: readonly ImagePreview[] = ['none', 'standard', 'large'];

import type { RobotsWarning } from '../errors/robots-warning.js';

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

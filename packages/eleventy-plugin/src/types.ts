/*
 * The small part of Eleventy 3's API this plugin uses. Eleventy ships JSDoc types
 * that do not import cleanly from TypeScript (TS7016), so the plugin declares its own.
 */

/** Eleventy's `ConsoleLogger` (src/Util/ConsoleLogger.js); every method respects `--quiet`. */
export interface EleventyLogger {
  warn(message: string): void;
  /** Printed in blue through the warning channel. */
  info?(message: string): void;
  error?(message: string): void;
  /** Eleventy's ConsoleLogger: `force` prints even under `--quiet`. */
  logWithOptions?(options: { message: string; type?: 'log' | 'warn' | 'error'; color?: string; force?: boolean }): void;
}

/** `data.page`, and `this.page` in a transform: the same object for the same output. */
export interface EleventyPage {
  /** `false` for `permalink: false`. */
  url: string | false;
  /** `false` for `permalink: false`. */
  outputPath: string | false;
  inputPath: string;
}

/** One entry of `collections.<name>`. */
export interface EleventyCollectionItem {
  page: EleventyPage;
  inputPath: string;
  /** `false` for `permalink: false`. */
  url?: string | false;
  data: EleventyPageData;
  /** The page's rendered content (a getter that throws before the page is rendered). */
  readonly templateContent?: unknown;
}

/** A page's data after the cascade and computed data. */
export interface EleventyPageData {
  [key: string]: unknown;
  page: EleventyPage;
  collections?: Readonly<Record<string, readonly EleventyCollectionItem[] | undefined>>;
  tags?: unknown;
  statusCode?: unknown;
  layout?: unknown;
}

/** `this` inside a transform (src/Util/TransformsUtil.js). */
export interface EleventyTransformContext {
  page: EleventyPage;
  /**
   * Set only when the `renderTransforms` filter runs the transforms on someone else's content
   * with a base URL, as `@11ty/eleventy-plugin-rss` does for each feed entry; `undefined` when
   * Eleventy transforms a page's own output (src/Template.js `runTransforms`).
   */
  baseHref?: string;
}

export type EleventyTransform = (this: EleventyTransformContext, content: unknown, outputPath?: unknown) => unknown;

/** An `addPassthroughCopy` entry (src/UserConfig.js): input path or glob → output. */
export interface EleventyPassthroughEntry {
  /** `true`: the input path relative to the input directory; a string: relative to the output directory. */
  outputPath: true | string;
  /** Options for `@11ty/recursive-copy`; `filter` limits what a directory copy copies. */
  copyOptions?: { filter?: unknown; [option: string]: unknown };
}

/** The folders of a build (src/Util/ProjectDirectories.js), relative to the working directory. */
export interface EleventyDirectories {
  input: string;
  output: string;
  /** Global data, e.g. `./src/_data/`. */
  data?: string;
}

/** The argument of the `eleventy.before` and `eleventy.after` events (src/Eleventy.js `executeBuild`). */
export interface EleventyBuildEvent {
  directories: EleventyDirectories;
  runMode?: 'build' | 'watch' | 'serve';
  /** `fs` writes files; `json` and `ndjson` (`toJSON()`, `toNDJSON()`) write nothing. */
  outputMode?: 'fs' | 'json' | 'ndjson';
  incremental?: boolean;
}

/** The argument of the `eleventy.passthrough` event: output URL → input file of every copied file. */
export interface EleventyPassthroughEvent {
  map: Readonly<Record<string, string>>;
}

/** A template's `this` in `.11ty.js` and filters: Eleventy binds the page being rendered. */
export interface EleventyFilterContext {
  page?: EleventyPage;
}

/** The `eleventyConfig` object a plugin receives (src/UserConfig.js). */
export interface EleventyConfig {
  versionCheck?(compatibleRange: string): void;
  addGlobalData(name: string, data: unknown): unknown;
  addTransform(name: string, transform: EleventyTransform): void;
  /** Eleventy 3: runs once per template with the data its pages render with (src/Template.js `runPreprocessors`). */
  addPreprocessor?(
    name: string,
    fileExtensions: string | string[],
    callback: (data: EleventyPageData, content: unknown) => unknown,
  ): void;
  addTemplate?(virtualInputPath: string, content: unknown, data?: Record<string, unknown>): void;
  addFilter(name: string, filter: (this: EleventyFilterContext | undefined, ...args: any[]) => unknown): void;
  addWatchTarget?(path: string): void;
  on(eventName: string, listener: (...args: any[]) => unknown): unknown;
  /** Every `addPassthroughCopy` entry, by input path or glob; the user's config has run when plugins run. */
  passthroughCopies?: Record<string, EleventyPassthroughEntry>;
  /** Set before plugins run (src/TemplateConfig.js). */
  directories?: EleventyDirectories;
  /** Set before plugins run; `/` unless the site is served below a path. */
  pathPrefix?: string;
  /** Set by Eleventy before the build runs; read it lazily. */
  logger?: EleventyLogger;
  /** Globs and paths `--watch` and `--serve` ignore (src/UserConfig.js); read when the watcher starts, after the first build. */
  watchIgnores?: Set<string>;
  /** Paths and globs Eleventy never reads as templates (src/UserConfig.js), relative to the project folder. */
  ignores?: Set<string>;
  /** Options of `eleventy --serve`'s dev server; a `middleware` list is appended to the user's, not put in its place. */
  setServerOptions?(
    options: {
      middleware?: Array<
        (
          request: import('node:http').IncomingMessage,
          response: import('node:http').ServerResponse,
          next: () => unknown,
        ) => unknown
      >;
    },
    override?: boolean,
  ): void;
  /** `setFrontMatterParsingOptions`: gray-matter's options, `delimiters` among them. */
  frontMatterParsingOptions?: { delimiters?: string | readonly string[]; [option: string]: unknown };
  /** `setDataFileSuffixes`; `false` for the default `['.11tydata', '']`. */
  dataFileSuffixesOverride?: string[] | false;
  /** `setDataFileBaseName`; `false` for the default (the folder's name). */
  dataFileDirBaseNameOverride?: string | false;
}

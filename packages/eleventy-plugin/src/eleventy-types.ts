/*
 * The small part of Eleventy 3's API this plugin uses. Eleventy ships JSDoc types
 * that do not import cleanly from TypeScript (TS7016), so the plugin declares its own.
 */

/** Eleventy's `ConsoleLogger` (src/Util/ConsoleLogger.js); `warn` respects `--quiet`. */
export interface EleventyLogger {
  warn(message: string): void;
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
  data: EleventyPageData;
}

/** A page's data after the cascade and computed data. */
export interface EleventyPageData {
  [key: string]: unknown;
  page: EleventyPage;
  collections?: Readonly<Record<string, readonly EleventyCollectionItem[] | undefined>>;
  tags?: unknown;
  statusCode?: unknown;
}

/** `this` inside a transform (src/Util/TransformsUtil.js). */
export interface EleventyTransformContext {
  page: EleventyPage;
}

export type EleventyTransform = (this: EleventyTransformContext, content: unknown, outputPath?: unknown) => unknown;

/** The `eleventyConfig` object a plugin receives (src/UserConfig.js). */
export interface EleventyConfig {
  versionCheck?(compatibleRange: string): void;
  addGlobalData(name: string, data: unknown): unknown;
  addTransform(name: string, transform: EleventyTransform): void;
  on(eventName: string, listener: (...args: unknown[]) => unknown): unknown;
  /** Set by Eleventy before the build runs; read it lazily. */
  logger?: EleventyLogger;
}

/** The package entry: the plugin (default export, `robotsPlugin`, and what CommonJS `require()` returns), the sitemap function, and the types users need. */
export type { RobotsOptions } from '@robots-kit/core';
export { robotsPlugin as default, robotsPlugin } from './plugin.js';
// `require('@robots-kit/eleventy')` (Node's require of an ES module) returns this export: the plugin function.
export { commonJsExport as 'module.exports' } from './plugin.js';
export type { CollectionItemLike } from './sitemap.js';
export { robotsIndexable } from './sitemap.js';
export type { EleventyConfig } from './types.js';

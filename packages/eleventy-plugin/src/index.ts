/** The package entry: the plugin (default export), the sitemap function, and the types users need. */
export type { RobotsOptions } from '@robots-kit/core';
export { robotsPlugin as default } from './plugin.js';
export type { CollectionItemLike } from './sitemap.js';
export { robotsIndexable } from './sitemap.js';
export type { EleventyConfig } from './types.js';

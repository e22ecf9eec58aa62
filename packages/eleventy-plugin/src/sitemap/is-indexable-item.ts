import { isErrorPage, isNoindexPage, type NormalizedRobotsOptions } from '@robots-kit/core';
import type { CollectionMembership } from '../collection-membership.js';
import type { EleventyPage, EleventyPageData } from '../eleventy-types.js';
import { locateError } from '../locate-error.js';
import { readStatusCode } from '../read-status-code.js';
import { resolveEleventyPage } from '../resolve-eleventy-page.js';

/** A collection item, or anything shaped like one (`url`, `data`, `page`, `inputPath`). */
export interface CollectionItemLike {
  url?: unknown;
  inputPath?: unknown;
  outputPath?: unknown;
  page?: Partial<EleventyPage>;
  data?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The item's own `page` when it has one (collection membership is keyed by it), else one built from the item. */
function itemPage(item: CollectionItemLike, url: string): EleventyPage & { url: string } {
  const page = item.page;
  if (page && page.url === url && typeof page.inputPath === 'string') return page as EleventyPage & { url: string };
  return {
    url,
    inputPath: text(item.inputPath) ?? text(page?.inputPath) ?? '',
    outputPath: text(item.outputPath) ?? text(page?.outputPath) ?? false,
  };
}

/**
 * Whether a page belongs in a sitemap: it has a URL (`permalink: false` pages have none),
 * is not an error page, and the tags the plugin gives it carry no `noindex` or `none` for
 * every crawler or for Googlebot. Tags hard-coded in a layout are not seen here (the page
 * may not be rendered yet); `audit: true` reports a noindex page left in a sitemap.
 */
export function isIndexableItem(item: CollectionItemLike, options: NormalizedRobotsOptions, membership: CollectionMembership | undefined): boolean {
  const url = item?.url ?? item?.page?.url;
  if (typeof url !== 'string' || url === '') return false;
  const data = typeof item.data === 'object' && item.data !== null ? (item.data as EleventyPageData) : undefined;
  const status = readStatusCode(data);
  if (isErrorPage(status === undefined ? { url } : { url, status }, options.errorPages)) return false;
  const page = itemPage(item, url);
  try {
    return !isNoindexPage(resolveEleventyPage(page, data, membership, [], options).tags);
  } catch (error) {
    throw locateError(error, page.inputPath || url);
  }
}

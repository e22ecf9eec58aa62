import { resolvePageDetailed, type ExistingRobotsTag, type NormalizedRobotsOptions, type ResolvedPage } from '@robots-kit/core';
import type { CollectionMembership } from './collection-membership.js';
import { collectionsOfPage } from './collections-of-page.js';
import type { EleventyPage, EleventyPageData } from './eleventy-types.js';
import { readStatusCode } from './read-status-code.js';

/** What core needs to know about one Eleventy page, read from its data and this build's collections. */
export function resolveEleventyPage(
  page: EleventyPage & { url: string },
  data: EleventyPageData | undefined,
  membership: CollectionMembership | undefined,
  existing: ExistingRobotsTag[],
  options: NormalizedRobotsOptions,
): ResolvedPage {
  return resolvePageDetailed(
    {
      url: page.url,
      data,
      collections: collectionsOfPage(page, data?.tags, membership),
      status: readStatusCode(data),
      existing,
      source: page.inputPath,
    },
    options,
  );
}

import type { CollectionMembership } from './collection-membership.js';
import type { EleventyPage } from './eleventy-types.js';
import { readTags } from './read-tags.js';

/**
 * The collections a page belongs to, plus its own tags: a page kept out of
 * collections (`eleventyExcludeFromCollections`) is still a `drafts` page when tagged so.
 */
export function collectionsOfPage(page: EleventyPage, tags: unknown, membership: CollectionMembership | undefined): Set<string> {
  const names = new Set(membership?.byPage.get(page) ?? membership?.byInputPath.get(page.inputPath));
  for (const tag of readTags(tags)) names.add(tag);
  return names;
}

import type { BuildState } from './build-state.js';
import { buildCollectionMembership, type CollectionMembership } from './collection-membership.js';
import type { EleventyPageData } from './eleventy-types.js';

/**
 * The membership index of the current build, built on first use. `data.collections`
 * is complete only once templates render, so this runs at transform time. A different
 * `collections` object means a new build even if `eleventy.before` was missed.
 */
export function membershipForBuild(state: BuildState, data: Pick<EleventyPageData, 'collections'> | undefined): CollectionMembership | undefined {
  const collections = data?.collections;
  if (typeof collections !== 'object' || collections === null) return state.membership;
  if (state.membership?.source !== collections) state.membership = buildCollectionMembership(collections);
  return state.membership;
}

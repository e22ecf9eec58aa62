import type { CollectionMembership } from './collection-membership.js';

/**
 * What the plugin learns during one build. The plugin function runs once per
 * config load, but `--serve` and `--watch` run many builds: this is reset in
 * `eleventy.before` so nothing leaks from one build into the next.
 */
export interface BuildState {
  membership: CollectionMembership | undefined;
  /** Warnings already logged; a feed renders a page's transforms a second time. */
  reported: Set<string>;
}

export function createBuildState(): BuildState {
  return { membership: undefined, reported: new Set() };
}

export function resetBuildState(state: BuildState): void {
  state.membership = undefined;
  state.reported.clear();
}

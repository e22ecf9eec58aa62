import type { HtmlPage, RobotsTxtReport } from '@robots-kit/core';
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
  /**
   * Every HTML page the transform gave tags, by URL: the robots.txt warnings and
   * `headers.html` read them after the build. An incremental build renders only what
   * changed, so there the pages of earlier builds are kept and updated instead.
   */
  pages: Map<string, HtmlPage>;
  /** The robots.txt of this build, once the virtual template has rendered it. */
  robotsTxt: RobotsTxtReport | undefined;
  /** A file that a passthrough copy the plugin could not take over copied to `/robots.txt` in this build. */
  copiedRobotsTxt: string | undefined;
}

export function createBuildState(): BuildState {
  return { membership: undefined, reported: new Set(), pages: new Map(), robotsTxt: undefined, copiedRobotsTxt: undefined };
}

export function resetBuildState(state: BuildState, build: { incremental?: boolean } = {}): void {
  state.membership = undefined;
  state.reported.clear();
  if (!build.incremental) state.pages.clear();
  state.robotsTxt = undefined;
  state.copiedRobotsTxt = undefined;
}

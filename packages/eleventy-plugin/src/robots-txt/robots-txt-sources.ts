import path from 'node:path';
import type { EleventyDirectories } from '../eleventy-types.js';

/** Where the site's own robots.txt may come from, found when the plugin was added and during builds. */
export interface RobotsTxtSources {
  /** Passthrough copies the plugin took over (see `claimPassthroughRobotsTxt`). */
  claimed: string[];
  /** Files an unclaimed passthrough copy (a glob) was seen copying to `/robots.txt`. */
  copied: Set<string>;
}

/** The candidate files, in the order they are preferred: claimed passthrough copies, then `<input>/robots.txt`, then copied ones. */
export function robotsTxtCandidates(sources: RobotsTxtSources, directories: EleventyDirectories): string[] {
  return [...sources.claimed, path.join(directories.input, 'robots.txt'), ...sources.copied];
}

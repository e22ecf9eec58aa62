import { buildRobotsTxt } from './build-robots-txt.js';
import type { RobotsTxtContext, RobotsTxtOptions } from './options-types.js';

/**
 * Writes robots.txt from the options. Deterministic; groups are separated by
 * one blank line and the text ends with one newline.
 *
 * - `context.indexable === false` (a preview or staging build) writes
 *   `User-agent: *` / `Disallow: /` with a comment saying why, whatever else
 *   is configured.
 * - `context.existing` (e.g. the user's `public/robots.txt`) is merged: groups
 *   naming the same crawlers are merged, rules and sitemaps de-duplicated, and
 *   none of its lines dropped (only blank lines).
 *
 * Throws RobotsError for invalid options (see `validateRobotsTxtOptions`), a
 * relative sitemap with no `context.site`, or a record the options and the
 * existing file set differently. See `generateRobotsTxtReport` for warnings.
 */
export function generateRobotsTxt(options: RobotsTxtOptions, context: RobotsTxtContext): string {
  return buildRobotsTxt(options, context);
}

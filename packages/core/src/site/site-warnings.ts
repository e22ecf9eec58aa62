import { findGroupTraps } from '../robots-txt/find-group-traps.js';
import { parseRobotsTxt } from '../robots-txt/parse-robots-txt.js';
import { capLines } from './cap-lines.js';
import { findHiddenNoindex } from './find-hidden-noindex.js';

/**
 * The build-time warnings about a site's robots.txt and its pages, one line each, capped:
 * noindex pages that robots.txt hides from crawlers, and crawler groups that drop the
 * `*` group's disallows.
 */
export function siteWarnings(pages: Iterable<{ url: string; tags: Readonly<Record<string, string>> }>, robotsTxt: string, max = 10): string[] {
  const parsed = parseRobotsTxt(robotsTxt);
  const hidden = findHiddenNoindex(pages, parsed).map(
    (page) =>
      `${page.url} carries noindex but robots.txt${page.line ? ` line ${page.line}` : ''} disallows it for ${page.crawler === '*' ? 'all crawlers' : page.crawler}, so crawlers never see the noindex; allow crawling it or drop the Disallow.`,
  );
  const traps = findGroupTraps(parsed).map(
    (trap) =>
      `robots.txt: the \`${trap.userAgent}\` group makes ${trap.userAgent} ignore the \`*\` group, so it may crawl ${trap.droppedDisallows.map((rule) => `\`${rule.value}\` (line ${rule.line})`).join(', ')}; repeat those Disallow lines in its group.`,
  );
  return [...capLines(hidden, max), ...traps];
}

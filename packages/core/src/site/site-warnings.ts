/**
 * Adapter plumbing for end-of-build warnings: reading written tags back, noindex pages hidden by
 * Disallow, capped log lines.
 */
import { isRobotsMetaName } from '../directives/vocabulary.js';
import type { ExistingRobotsTag } from '../directives/types.js';
import { attributeValue, type HeadNodeFilter, namedMetas, scanPreBody } from '../html/scan-head.js';
import { decodeAttributeValue } from '../html/tag-reader.js';
import { isNoindex } from '../directives/reconcile.js';
import { parseRobots } from '../directives/parse.js';
import { disallowsAnything, explainMatch } from '../robots-txt/match.js';
import { parseRobotsTxt } from '../robots-txt/parse.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import type { RobotsTxtReport } from '../robots-txt/generate.js';

/** At most `max` lines, then one that says how many more there were: build logs stay readable. */
export function capLines(lines: readonly string[], max = 10): string[] {
  if (lines.length <= max) return [...lines];
  return [...lines.slice(0, max), `…and ${lines.length - max} more`];
}

/** Only the robots metas get a node: a head of many other elements costs no memory for them. */
const ROBOTS_METAS: HeadNodeFilter = {
  names: new Set(['meta']),
  meta: (meta) => meta.name !== undefined && isRobotsMetaName(decodeAttributeValue(meta.name)),
};

/**
 * The robots tags in a built page's head (`robots` and crawler names), read with the same
 * pre-body scanner as `injectRobots`. Adapters use it after the build, e.g. to keep noindex
 * pages out of sitemaps, without re-resolving anything.
 */
export function readRobotsTags(html: string): ExistingRobotsTag[] {
  try {
    return namedMetas(scanPreBody(html, { keep: ROBOTS_METAS }).headNodes)
      .filter((meta) => isRobotsMetaName(meta.name))
      .map((meta) => ({ name: meta.name, content: attributeValue(meta.tag, 'content') ?? '' }));
  } catch {
    return [];
  }
}

/**
 * Robots tags read from a page as core's `name → content` form. Names are lower-cased; two
 * tags for the same name are joined, as crawlers combine them.
 */
export function tagsRecord(tags: readonly ExistingRobotsTag[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, content } of tags) {
    const key = name.trim().toLowerCase();
    record[key] = record[key] === undefined ? content : `${record[key]}, ${content}`;
  }
  return record;
}

/** Names whose noindex keeps a page out of the results the sitemap is for. */
const SEARCH_AUDIENCES = new Set(['robots', 'googlebot']);
/**
 * Whether robots tags keep the page out of the index for every crawler or for Googlebot.
 * Takes resolved tags (`{ robots: 'noindex' }`) or tags read from a page.
 */
export function isNoindexPage(tags: Readonly<Record<string, string>> | readonly ExistingRobotsTag[]): boolean {
  const list = Array.isArray(tags)
    ? (tags as readonly ExistingRobotsTag[])
    : Object.entries(tags).map(([name, content]) => ({ name, content }));
  return list.some(({ name, content }) => {
    if (!SEARCH_AUDIENCES.has(name.trim().toLowerCase())) return false;
    return isNoindex(parseRobots(content, {}, { strict: false }).all);
  });
}

export interface HiddenNoindex {
  url: string;
  /** The crawler robots.txt blocks: `*` or `Googlebot`. */
  crawler: string;
  /** The robots.txt line of the deciding rule. */
  line?: number;
}
const CRAWLERS = ['*', 'Googlebot'];
/** The name asked for: `*` stands for any crawler without a group of its own. */
const agentOf = (crawler: string): string => (crawler === '*' ? 'robots-kit' : crawler);
/**
 * Pages that carry noindex but that robots.txt disallows for `*` or Googlebot: crawlers never
 * fetch them, so they never see the noindex (Google's robots meta specification, last paragraph).
 */
export function findHiddenNoindex(
  pages: Iterable<{ url: string; tags: Readonly<Record<string, string>> }>,
  robotsTxt: string | ParsedRobotsTxt,
): HiddenNoindex[] {
  const parsed = typeof robotsTxt === 'string' ? parseRobotsTxt(robotsTxt) : robotsTxt;
  const hidden: HiddenNoindex[] = [];
  // A robots.txt that disallows nothing to these crawlers (`Disallow:` alone, or only AI bots
  // blocked) hides no page: the pages are not iterated, so a caller reading them from the built
  // files lazily reads none.
  if (!CRAWLERS.some((crawler) => disallowsAnything(parsed, agentOf(crawler)))) return hidden;
  for (const page of pages) {
    if (!isNoindexPage(page.tags)) continue;
    for (const crawler of CRAWLERS) {
      const verdict = explainMatch(parsed, agentOf(crawler), `https://site.invalid${page.url}`);
      if (!verdict.allowed) {
        hidden.push({ url: page.url, crawler, ...(verdict.rule ? { line: verdict.rule.line } : {}) });
        break;
      }
    }
  }
  return hidden;
}

/**
 * The build-time warnings about a site's robots.txt and its pages, one line each: what the
 * robots.txt report found (group traps, AI bots still allowed, lines kept from an existing
 * file), then the noindex pages that robots.txt hides from crawlers, capped at `max` with a
 * count. A non-indexable build blocks every page on purpose, so its pages are not checked.
 */
export function siteWarnings(
  report: Pick<RobotsTxtReport, 'warnings' | 'parsed'>,
  pages: Iterable<{ url: string; tags: Readonly<Record<string, string>> }>,
  { indexable = true, max = 10 }: { indexable?: boolean; max?: number } = {},
): string[] {
  const fromReport = report.warnings.map((warning) => warning.message);
  if (!indexable) return fromReport;
  const hidden = findHiddenNoindex(pages, report.parsed).map(
    (page) =>
      `${page.url} carries noindex but robots.txt${page.line ? ` line ${page.line}` : ''} disallows it for ${page.crawler === '*' ? 'all crawlers' : page.crawler}, so crawlers never see the noindex; allow crawling it or drop the Disallow.`,
  );
  return [...fromReport, ...capLines(hidden, max)];
}

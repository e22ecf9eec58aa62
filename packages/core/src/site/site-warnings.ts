import type { RobotsTxtReport } from '../robots-txt/generate-robots-txt-report.js';
import { capLines } from './cap-lines.js';
import { findHiddenNoindex } from './find-hidden-noindex.js';

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

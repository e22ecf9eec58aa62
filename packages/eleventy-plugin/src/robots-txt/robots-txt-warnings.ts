import { siteWarnings, type HtmlPage, type RobotsTxtReport } from '@robots-kit/core';

/**
 * What the build should warn about once robots.txt and the pages are known: lines of
 * robots.txt crawlers ignore, AI bots `blockAiBots` did not block, noindex pages that
 * robots.txt keeps crawlers from ever reading, and crawler groups that drop the `*`
 * group's disallows (group traps come from `siteWarnings` only; the report has them too).
 * A build that is not indexable disallows everything and noindexes every page on purpose.
 */
export function robotsTxtWarnings(report: RobotsTxtReport, pages: Iterable<HtmlPage>, indexable: boolean): string[] {
  const own = report.warnings.filter((warning) => warning.code !== 'robots-txt-group-trap').map((warning) => warning.message);
  return indexable ? [...own, ...siteWarnings(pages, report.text)] : own;
}

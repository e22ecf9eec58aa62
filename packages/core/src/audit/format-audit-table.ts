import { makeColors } from './colors.js';
import { formatFindingsSection } from './format-findings-section.js';
import { formatPagesSection, type PagesSectionOptions } from './format-pages-section.js';
import { plural } from './plural.js';
import { severityCounts } from './severity-counts.js';
import { terminalSafe } from './terminal-safe.js';
import type { AuditReport } from './types.js';

export interface AuditTableOptions extends PagesSectionOptions {
  /** ANSI colours. Default: false. */
  color?: boolean;
}

/** The report for people: a headline, findings grouped by id, pages with restrictions, and the totals. */
export function formatAuditTable(report: AuditReport, options: AuditTableOptions = {}): string {
  const colors = makeColors(options.color ?? false);
  const { summary } = report;
  const external = report.sitemaps.filter((sitemap) => sitemap.kind === 'external').length;
  const facts = [
    report.site ? `site ${report.site}` : 'site unknown (pass --site)',
    `${plural(summary.pages, 'page')}${summary.errorPages > 0 ? ` (${plural(summary.errorPages, 'error page')})` : ''}`,
    `${plural(summary.sitemapUrls, 'sitemap URL')}`,
    ...(external > 0 ? [`${plural(external, 'sitemap')} on another site not read`] : []),
    report.robotsTxt.found ? 'robots.txt found' : 'no robots.txt',
    ...(report.headerFiles.length > 0 ? [`headers from ${report.headerFiles.join(', ')}`] : []),
    `crawlers ${report.crawlers.join(', ')}`,
  ];
  const lines = [colors.bold(`robots-kit check ${terminalSafe(report.directory)}`), colors.dim(`  ${terminalSafe(facts.join(' · '))}`), ''];
  lines.push(...formatFindingsSection(report.findings, colors));
  const pages = formatPagesSection(report, colors, options);
  if (pages.length > 0) lines.push(...pages, '');
  const totals = severityCounts(summary.findings);
  const verdict = summary.findings.error > 0 ? colors.red(totals) : summary.findings.warning > 0 ? colors.yellow(totals) : colors.green(totals);
  lines.push(`${verdict} ${colors.dim(`in ${summary.durationMs} ms`)}`);
  return lines.join('\n') + '\n';
}

import { plural } from './plural.js';
import { severityCounts } from './severity-counts.js';
import { terminalSafe } from './terminal-safe.js';
import type { AuditReport } from './types.js';

const URLS_SHOWN = 3;

/**
 * The report in a few plain lines (no colours, safe for any logger): a headline, then one line
 * per finding with up to three of its URLs. For the adapters' `audit: true` step.
 */
export function formatAuditSummary(report: AuditReport): string[] {
  const { summary } = report;
  const lines = [
    `robots-kit audit of ${report.directory}: ${plural(summary.pages, 'page')}, ${plural(summary.sitemapUrls, 'sitemap URL')}; ${severityCounts(summary.findings)}`,
  ];
  for (const finding of report.findings) {
    const location = finding.source ? ` [${finding.source.file}${finding.source.line === undefined ? '' : `:${finding.source.line}`}]` : '';
    const more = finding.urls.length > URLS_SHOWN ? `, … ${finding.urls.length - URLS_SHOWN} more` : '';
    const urls = finding.urls.length > 0 ? ` (${finding.urls.slice(0, URLS_SHOWN).join(', ')}${more})` : '';
    lines.push(terminalSafe(`${finding.severity} ${finding.id}: ${finding.message}${location}${urls}`));
  }
  return lines;
}

import type { Colors } from './colors.js';
import { formatTableRows } from './format-table-rows.js';
import { isRestricted } from './is-restricted.js';
import { shorten } from './shorten.js';
import { terminalSafe } from './terminal-safe.js';
import type { AuditPage, AuditReport } from './types.js';
import { verdictCells } from './verdict-cells.js';

export interface PagesSectionOptions {
  /** List every page, not only those with restrictions. Default: false. */
  allPages?: boolean;
  /** Rows shown before the rest is summarised, when not listing all. Default: 25. */
  limit?: number;
}

const HEADER = ['URL', 'CRAWLER', 'CRAWL', 'INDEX', 'FOLLOW', 'SNIPPET', 'IMAGE', 'UNAVAILABLE_AFTER', 'FROM'];

/** Rows of one page; crawlers that see the page alike share a row. */
function pageRows(page: AuditPage): string[][] {
  const byCells = new Map<string, { crawlers: string[]; cells: string[] }>();
  for (const [crawler, verdict] of Object.entries(page.crawlers)) {
    const cells = verdictCells(verdict);
    const key = cells.join('\u0000');
    const row = byCells.get(key);
    if (row) row.crawlers.push(crawler);
    else byCells.set(key, { crawlers: [crawler], cells });
  }
  return [...byCells.values()].map(({ crawlers, cells }) => [terminalSafe(shorten(page.url, 60)), crawlers.join(', '), ...cells.map(terminalSafe)]);
}

/** The per-URL table: pages with restrictions (error pages left out), or every page. */
export function formatPagesSection(report: AuditReport, colors: Colors, options: PagesSectionOptions = {}): string[] {
  const wanted = options.allPages
    ? report.pages
    : report.pages.filter((page) => !page.errorPage && Object.values(page.crawlers).some(isRestricted));
  if (wanted.length === 0) return [];
  const limit = options.allPages ? Infinity : (options.limit ?? 25);
  const shown = wanted.slice(0, limit);
  const title = options.allPages ? `Pages (${wanted.length})` : `Pages with restrictions (${wanted.length} of ${report.pages.length})`;
  const rows = formatTableRows([HEADER, ...shown.flatMap(pageRows)], (cell, column, row) => {
    if (row === 0) return colors.dim(cell);
    if (column >= 2 && column <= 4 && cell.trim() === 'no') return colors.yellow(cell);
    return cell;
  });
  const lines = [colors.bold(title), ...rows.map((row) => `  ${row}`)];
  if (wanted.length > shown.length) lines.push(colors.dim(`  … ${wanted.length - shown.length} more (--pages lists all, --json gives every decision)`));
  return lines;
}

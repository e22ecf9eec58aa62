/** The audit report for a terminal: the table, the summary and the log lines the adapters print. */
import type {
  CrawlerVerdict,
  DecisionSource,
  AuditPage,
  AuditReport,
  AuditFinding,
  AuditFindingId,
  AuditSeverity,
  AuditSummary,
} from '../audit/types.js';
import { isRestricted } from '../audit/verdict.js';
import { AUDIT_FINDINGS, severityCounts, groupBy, plural, shorten } from '../audit/findings.js';

/**
 * C0 and C1 controls (ESC starts terminal escape sequences, CSI is U+009B), DEL, bidirectional
 * overrides and line separators: characters that could rewrite or reorder terminal output.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Text from the audited files made safe to print: unsafe characters become visible `\u{1b}` escapes. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u{${char.charCodeAt(0).toString(16)}}`);
}

/** Rows as aligned columns (widths from the plain text), each row passed through `style` by column. */
export function formatTableRows(
  rows: readonly string[][],
  style: (cell: string, column: number, row: number) => string = (cell) => cell,
): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  return rows.map((row, rowIndex) =>
    row
      .map((cell, column) => style(column === row.length - 1 ? cell : cell.padEnd(widths[column]!), column, rowIndex))
      .join('  ')
      .trimEnd(),
  );
}

function location(source: DecisionSource): string {
  return source.line === undefined ? source.file : `${source.file}:${source.line}`;
}
/** A verdict as table cells: crawl, index, follow, snippet, image preview, unavailable_after, where from. */
export function verdictCells(verdict: CrawlerVerdict): string[] {
  const sources = Object.values(verdict.because).flat() as DecisionSource[];
  const where = [...new Set(sources.map(location))].join(' ');
  return [
    verdict.crawlable ? 'yes' : 'no',
    verdict.indexable ? 'yes' : 'no',
    verdict.followLinks ? 'yes' : 'no',
    verdict.maxSnippet === undefined ? '-' : verdict.maxSnippet === 0 ? 'none' : String(verdict.maxSnippet),
    verdict.maxImagePreview ?? '-',
    verdict.unavailableAfter ?? '-',
    shorten(where || '-', 80),
  ];
}

export interface PagesSectionOptions {
  /** List every page, not only those with restrictions. Default: false. */
  allPages?: boolean;
  /** Rows shown before the rest is summarised, when not listing all. Default: 25. */
  limit?: number;
}
const HEADER = ['URL', 'CRAWLER', 'CRAWL', 'INDEX', 'FOLLOW', 'SNIPPET', 'IMAGE', 'UNAVAILABLE_AFTER', 'FROM'];
/** Rows of one page; crawlers that see the page alike share a row. */
function pageRows(page: Pick<AuditPage, 'url' | 'crawlers'>): string[][] {
  const byCells = new Map<string, { crawlers: string[]; cells: string[] }>();
  for (const [crawler, verdict] of Object.entries(page.crawlers)) {
    const cells = verdictCells(verdict);
    const key = cells.join('\u0000');
    const row = byCells.get(key);
    if (row) row.crawlers.push(crawler);
    else byCells.set(key, { crawlers: [crawler], cells });
  }
  return [...byCells.values()].map(({ crawlers, cells }) => [
    terminalSafe(shorten(page.url, 60)),
    crawlers.join(', '),
    ...cells.map(terminalSafe),
  ]);
}
/** The per-URL table: pages with restrictions (error pages left out), or every page. */
export function formatPagesSection(report: AuditReport, colors: Colors, options: PagesSectionOptions = {}): string[] {
  const wanted = options.allPages
    ? report.pages
    : report.pages.filter((page) => !page.errorPage && Object.values(page.crawlers).some(isRestricted));
  if (wanted.length === 0) return [];
  const limit = options.allPages ? Infinity : (options.limit ?? 25);
  const shown = wanted.slice(0, limit);
  const title = options.allPages
    ? `Pages (${wanted.length})`
    : `Pages with restrictions (${wanted.length} of ${report.pages.length})`;
  const rows = formatTableRows([HEADER, ...shown.flatMap(pageRows)], (cell, column, row) => {
    if (row === 0) return colors.dim(cell);
    if (column >= 2 && column <= 4 && cell.trim() === 'no') return colors.yellow(cell);
    return cell;
  });
  const lines = [colors.bold(title), ...rows.map((row) => `  ${row}`)];
  if (wanted.length > shown.length)
    lines.push(colors.dim(`  … ${wanted.length - shown.length} more (--pages lists all, --json gives every decision)`));
  return lines;
}
/** The files other than pages (PDFs, images) that a header rule or robots.txt restricts, or all of them with `allPages`. */
export function formatFilesSection(report: AuditReport, colors: Colors, options: PagesSectionOptions = {}): string[] {
  const files = report.files ?? [];
  const wanted = options.allPages ? files : files.filter((file) => Object.values(file.crawlers).some(isRestricted));
  if (wanted.length === 0) return [];
  const shown = wanted.slice(0, options.allPages ? Infinity : (options.limit ?? 25));
  const rows = formatTableRows([HEADER, ...shown.flatMap(pageRows)], (cell, _column, row) =>
    row === 0 ? colors.dim(cell) : cell,
  );
  const lines = [
    colors.bold(`Files with restrictions (${wanted.length} of ${files.length})`),
    ...rows.map((row) => `  ${row}`),
  ];
  if (wanted.length > shown.length)
    lines.push(colors.dim(`  … ${wanted.length - shown.length} more (--json gives every decision)`));
  return lines;
}

/** URLs printed under a finding before the rest is counted. */
const URLS_SHOWN = 5;
const LABELS: Record<AuditSeverity, string> = { error: 'ERROR', warning: 'WARN ', info: 'INFO ' };
function label(severity: AuditSeverity, colors: Colors): string {
  const text = LABELS[severity];
  return severity === 'error'
    ? colors.red(colors.bold(text))
    : severity === 'warning'
      ? colors.yellow(text)
      : colors.cyan(text);
}
/** Findings grouped by id: a heading per id, then each finding's message, location and first URLs. */
export function formatFindingsSection(findings: readonly AuditFinding[], colors: Colors): string[] {
  const lines: string[] = [];
  for (const group of groupBy(findings, (finding) => `${finding.severity} ${finding.id}`).values()) {
    const first = group[0]!;
    lines.push(
      `${label(first.severity, colors)} ${colors.bold(first.id)} ${colors.dim(`${AUDIT_FINDINGS[first.id].title} (${group.length})`)}`,
    );
    for (const finding of group) {
      const where = finding.source
        ? colors.dim(
            `${terminalSafe(finding.source.file)}${finding.source.line === undefined ? '' : `:${finding.source.line}`}  `,
          )
        : '';
      lines.push(`  ${where}${terminalSafe(finding.message)}`);
      for (const url of finding.urls.slice(0, URLS_SHOWN)) lines.push(`      ${terminalSafe(shorten(url, 160))}`);
      if (finding.urls.length > URLS_SHOWN)
        lines.push(colors.dim(`      … and ${finding.urls.length - URLS_SHOWN} more`));
    }
    lines.push('');
  }
  return lines;
}

const SUMMARY_URLS_SHOWN = 3;
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
    const location = finding.source
      ? ` [${finding.source.file}${finding.source.line === undefined ? '' : `:${finding.source.line}`}]`
      : '';
    const more = finding.urls.length > SUMMARY_URLS_SHOWN ? `, … ${finding.urls.length - SUMMARY_URLS_SHOWN} more` : '';
    const urls = finding.urls.length > 0 ? ` (${finding.urls.slice(0, SUMMARY_URLS_SHOWN).join(', ')}${more})` : '';
    lines.push(terminalSafe(`${finding.severity} ${finding.id}: ${finding.message}${location}${urls}`));
  }
  return lines;
}

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
  const lines = reportHeading(`robots-kit check ${report.directory}`, facts, colors);
  lines.push(...formatFindingsSection(report.findings, colors));
  const pages = formatPagesSection(report, colors, options);
  if (pages.length > 0) lines.push(...pages, '');
  const files = formatFilesSection(report, colors, options);
  if (files.length > 0) lines.push(...files, '');
  lines.push(verdictLine(summary, colors));
  return lines.join('\n') + '\n';
}

/**
 * The first lines of a report for people (the folder check's, the log analysis'): the command in
 * bold, what was read in one dim line, then a blank line. Both are made terminal-safe here.
 */
export function reportHeading(title: string, facts: readonly string[], colors: Colors): string[] {
  return [colors.bold(terminalSafe(title)), colors.dim(`  ${terminalSafe(facts.join(' · '))}`), ''];
}

/** The last line of a report for people: the totals by severity, coloured by the worst, and the time taken. */
export function verdictLine(
  summary: { findings: AuditSummary['findings']; durationMs: number },
  colors: Colors,
): string {
  const totals = severityCounts(summary.findings);
  const verdict =
    summary.findings.error > 0
      ? colors.red(totals)
      : summary.findings.warning > 0
        ? colors.yellow(totals)
        : colors.green(totals);
  return `${verdict} ${colors.dim(`in ${summary.durationMs} ms`)}`;
}

/** A line for a framework logger, at the level of what it reports. */
export interface AuditLogLine {
  level: 'error' | 'warn' | 'info';
  message: string;
}

/** Options of {@link auditLogLines}. */
export interface AuditLogOptions {
  /** Every finding on a line of its own, info findings too. Default: `false`. */
  verbose?: boolean;
}

/** Target URLs named in an info summary line before the rest is counted. */
const INFO_URLS_SHOWN = 3;

/**
 * What an adapter's `audit: true` step logs: the summary headline, then one line per
 * finding at its severity; and how many findings are errors (which fail the build).
 * Info findings of one kind share one line (unless `verbose`): they are the ones that are
 * often meant, such as `link-to-noindex` for tag pages and drafts the options made noindex,
 * and a line each, on every build and every `--serve` rebuild, buried the warnings. The full
 * list stays in `robots-kit check`, its JSON and the HTML report.
 */
export function auditLogLines(
  report: AuditReport,
  options: AuditLogOptions = {},
): { lines: AuditLogLine[]; errors: number } {
  const [headline = '', ...findingLines] = formatAuditSummary(report);
  const lines: AuditLogLine[] = [{ level: 'info', message: headline }];
  // Info findings by id, each group logged where its first finding would have been.
  const infos = new Map<AuditFindingId, { at: number; findings: AuditFinding[]; line: string }>();
  report.findings.forEach((finding, i) => {
    const message = findingLines[i] ?? finding.message;
    if (options.verbose || finding.severity !== 'info') {
      lines.push({ level: LEVEL[finding.severity], message });
      return;
    }
    const group = infos.get(finding.id);
    if (group) group.findings.push(finding);
    else {
      infos.set(finding.id, { at: lines.length, findings: [finding], line: message });
      lines.push({ level: 'info', message });
    }
  });
  for (const [id, group] of infos) {
    if (group.findings.length === 1) continue;
    const targets = group.findings.map((finding) => finding.source?.file ?? finding.urls[0] ?? '');
    const shown = targets.slice(0, INFO_URLS_SHOWN).join(', ');
    const more = targets.length > INFO_URLS_SHOWN ? `, … ${targets.length - INFO_URLS_SHOWN} more` : '';
    lines[group.at] = {
      level: 'info',
      message: terminalSafe(
        `info ${id}: ${plural(group.findings.length, 'finding')}, ${AUDIT_FINDINGS[id].title} (${shown}${more}). Often meant (tag pages, drafts); the full list: \`robots-kit check ${report.directory}\`, its --format=json, or the HTML report.`,
      ),
    };
  }
  return { lines, errors: report.findings.filter((finding) => finding.severity === 'error').length };
}

export interface Colors {
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

function sgr(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity = (text: string): string => text;

/** ANSI colours, or plain text when `enabled` is false. */
export function makeColors(enabled: boolean): Colors {
  if (!enabled)
    return { red: identity, yellow: identity, cyan: identity, green: identity, dim: identity, bold: identity };
  return {
    red: sgr(31, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
    green: sgr(32, 39),
    dim: sgr(2, 22),
    bold: sgr(1, 22),
  };
}

const LEVEL = { error: 'error', warning: 'warn', info: 'info' } as const;

import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { formatAuditSarif, formatGithubAnnotations } from '../../src/report/code-scanning.js';
import { formatAuditSummary, formatAuditTable, terminalSafe } from '../../src/report/table.js';
import { createProgressBar } from '../../src/cli/run-cli.js';
import { toSafeJson } from '../../src/report/json.js';
import type { AuditReport } from '../../src/audit/types.js';
import { captureStream } from './capture.js';
import { fixturePath } from './fixture-path.js';

const NOW = new Date('2026-06-01T00:00:00Z');

function withFindings(report: AuditReport, findings: AuditReport['findings']): AuditReport {
  return { ...report, findings, summary: { ...report.summary, findings: { error: 0, warning: 0, info: 0 } } };
}

describe('formatAuditSummary', () => {
  it('gives a headline and one line per finding with its first URLs and location', async () => {
    const report = await auditSite(fixturePath('noindex-disallowed'), { now: NOW });
    const lines = formatAuditSummary(report);
    expect(lines[0]).toMatch(
      /^robots-kit audit of .*noindex-disallowed\/?: 3 pages, 1 sitemap URL; 1 error, 0 warnings, 0 info$/,
    );
    expect(lines[1]).toMatch(
      /^error noindex-disallowed: robots\.txt line 2 .* \[robots\.txt:2\] \(\/private\/, \/private\/team\/\)$/,
    );
    expect(lines).toHaveLength(2);
  });

  it('cuts long URL lists, and prints findings without location or URLs plainly', async () => {
    const report = await auditSite(fixturePath('clean'), { now: NOW });
    const lines = formatAuditSummary(
      withFindings(report, [
        { id: 'expired', severity: 'warning', message: 'm', urls: ['/1', '/2', '/3', '/4', '/5'] },
        { id: 'no-sitemap', severity: 'info', message: 'n\u001b[2J', urls: [] },
      ]),
    );
    expect(lines.slice(1)).toEqual(['warning expired: m (/1, /2, /3, … 2 more)', 'info no-sitemap: n\\u{1b}[2J']);
    expect(lines.join('')).not.toContain('\u001b');
  });
});

describe('formatAuditTable', () => {
  it('groups findings by id with counts, and limits URL lists and page rows', async () => {
    const report = await auditSite(fixturePath('robots-txt-syntax'), { now: NOW });
    const table = formatAuditTable(report);
    expect(table).toMatch(
      /ERROR robots-txt-syntax robots\.txt line crawlers ignore or misread \(2\)\n {2}robots\.txt:1 {2}robots\.txt line 1/,
    );
    expect(table).toMatch(/WARN {2}robots-txt-syntax .* \(1\)/);
    const many = withFindings(report, [
      { id: 'expired', severity: 'warning', message: 'm', urls: Array.from({ length: 8 }, (_, i) => `/p${i}/`) },
    ]);
    const text = formatAuditTable(many);
    expect(text).toContain('      /p4/\n      … and 3 more');
    expect(text).not.toContain('/p5/');
  });

  it('summarises page rows beyond the limit and says how to see them', async () => {
    const report = await auditSite(fixturePath('noindex-disallowed'), { now: NOW });
    expect(formatAuditTable(report, { limit: 1 })).toContain(
      '… 1 more (--pages lists all, --json gives every decision)',
    );
    expect(formatAuditTable({ ...report, site: undefined as never })).toContain('site unknown (pass --site)');
  });

  it('colours severities and "no" cells when asked', async () => {
    const report = await auditSite(fixturePath('group-override'), { now: NOW });
    const table = formatAuditTable(report, { color: true });
    expect(table).toContain('\u001b[33mWARN \u001b[39m');
    expect(table).toMatch(/\u001b\[33mno {3}\u001b\[39m/);
  });
});

describe('machine formats', () => {
  it('escape workflow-command data and properties', async () => {
    const report = await auditSite(fixturePath('clean'), { now: NOW });
    const text = formatGithubAnnotations(
      withFindings(report, [
        { id: 'no-sitemap', severity: 'info', message: '50% done\r\nnext', urls: [] },
        {
          id: 'expired',
          severity: 'warning',
          message: 'm',
          urls: Array.from({ length: 12 }, (_, i) => `/${i}`),
          source: { file: 'a,b:c.html', line: 3 },
        },
      ]),
      fixturePath('clean'),
    );
    expect(text).toBe(
      '::notice title=robots-kit no-sitemap::50%25 done\\u{d}\\u{a}next\n::warning file=a%2Cb%3Ac.html,line=3,title=robots-kit expired::m URLs: /0 /1 /2 /3 /4 /5 /6 /7 /8 /9 … 2 more\n',
    );
    expect(formatGithubAnnotations(withFindings(report, []))).toBe('');
  });

  it('write SARIF results without a location when a finding has none', async () => {
    const report = await auditSite(fixturePath('no-sitemap'), { now: NOW });
    const sarif = JSON.parse(formatAuditSarif(report)) as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    expect(sarif.runs[0]!.results).toEqual([
      {
        ruleId: 'no-sitemap',
        ruleIndex: expect.any(Number) as unknown,
        level: 'note',
        message: { text: expect.stringContaining('No sitemap found') as unknown },
      },
    ]);
  });

  it('escape C1 controls and bidi overrides that JSON.stringify leaves raw', () => {
    expect(toSafeJson({ a: '\u009b2J\u202e\u0007' })).toBe('{\n  "a": "\\u009b2J\\u202e\\u0007"\n}\n');
  });
});

describe('terminal safety and progress', () => {
  it('turns escape sequences and reordering characters into visible escapes', () => {
    expect(terminalSafe('a\u001b[31mb\u009bc\u202ed\u2028e\tf')).toBe(
      'a\\u{1b}[31mb\\u{9b}c\\u{202e}d\\u{2028}e\\u{9}f',
    );
    expect(terminalSafe('café ✓')).toBe('café ✓');
  });

  it('draws at most every interval, always the last step, and clears only what it drew', () => {
    const stream = captureStream(true);
    const bar = createProgressBar(stream, 60_000);
    bar.update(1, 10);
    bar.update(2, 10);
    bar.update(10, 10);
    bar.finish();
    bar.finish();
    expect(stream.text()).toBe(
      `\r[${'#'.repeat(4)}${'.'.repeat(36)}] 1/10 pages\r[${'#'.repeat(40)}] 10/10 pages\r\u001b[2K`,
    );
    const quiet = captureStream(true);
    createProgressBar(quiet).finish();
    expect(quiet.text()).toBe('');
  });
});

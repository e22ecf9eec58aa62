import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import type { AuditFinding, AuditFindingId, AuditReport } from '../../src/audit/types.js';
import { fixturePath } from './fixture-path.js';

const NOW = new Date('2026-06-01T00:00:00Z');

async function audit(name: string, options: Parameters<typeof auditSite>[1] = {}): Promise<AuditReport> {
  return auditSite(fixturePath(name), { now: NOW, ...options });
}

function only(report: AuditReport, id: AuditFindingId): AuditFinding {
  const found = report.findings.filter((finding) => finding.id === id);
  expect(found, `findings: ${JSON.stringify(report.findings, null, 2)}`).toHaveLength(1);
  return found[0]!;
}

function ids(report: AuditReport): string[] {
  return [...new Set(report.findings.map((finding) => finding.id))].sort();
}

describe('auditSite findings', () => {
  it('reports nothing for a clean site', async () => {
    const report = await audit('clean');
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({
      pages: 5,
      errorPages: 1,
      sitemapUrls: 3,
      skipped: 0,
      findings: { error: 0, warning: 0, info: 0 },
    });
    expect(report.site).toBe('https://example.com');
    expect(report.sitemaps.map((sitemap) => [sitemap.file, sitemap.kind, sitemap.urlCount])).toEqual([
      ['sitemap-index.xml', 'index', 1],
      ['sitemap-0.xml', 'urlset', 3],
    ]);
  });

  it('noindex-disallowed: noindex pages robots.txt blocks, grouped by rule', async () => {
    const report = await audit('noindex-disallowed');
    expect(ids(report)).toEqual(['noindex-disallowed']);
    const finding = only(report, 'noindex-disallowed');
    expect(finding).toMatchObject({
      severity: 'error',
      urls: ['/private/', '/private/team/'],
      source: { file: 'robots.txt', line: 2 },
      crawlers: ['googlebot', '*'],
    });
    expect(finding.message).toContain('`Disallow: /private/`');
  });

  it('noindex-in-sitemap: noindex pages and error pages listed in a sitemap', async () => {
    const report = await audit('noindex-in-sitemap');
    expect(ids(report)).toEqual(['noindex-in-sitemap']);
    const finding = only(report, 'noindex-in-sitemap');
    expect(finding).toMatchObject({
      severity: 'error',
      urls: ['/404', '/draft/'],
      source: { file: 'sitemap.xml' },
      crawlers: ['googlebot'],
    });
    expect(finding.message).toContain('1 error page');
  });

  it('disallowed-in-sitemap: sitemap URLs robots.txt blocks', async () => {
    const report = await audit('disallowed-in-sitemap');
    expect(ids(report)).toEqual(['disallowed-in-sitemap']);
    expect(only(report, 'disallowed-in-sitemap')).toMatchObject({
      severity: 'error',
      urls: ['/admin/'],
      source: { file: 'robots.txt', line: 2 },
    });
  });

  it('conflicting-tags: two robots tags for the same crawler that disagree, but not equal ones', async () => {
    const report = await audit('conflicting-tags');
    expect(ids(report)).toEqual(['conflicting-tags']);
    const finding = only(report, 'conflicting-tags');
    expect(finding).toMatchObject({ severity: 'warning', urls: ['/'], source: { file: 'index.html', line: 6 } });
    expect(finding.message).toContain('(`noindex`)');
  });

  it('conflicting-tags: a tag and an X-Robots-Tag header rule that disagree, but not ones that agree', async () => {
    const report = await audit('conflicting-header');
    expect(ids(report)).toEqual(['conflicting-tags']);
    const finding = only(report, 'conflicting-tags');
    expect(finding).toMatchObject({ urls: ['/drafts/a/'], source: { file: 'drafts/a/index.html', line: 6 } });
    expect(finding.message).toContain('`/drafts/*  X-Robots-Tag: noindex` (_headers)');
    expect(report.headerFiles).toEqual(['_headers']);
  });

  it('robots-on-error-page: a robots tag on a 404 page, not on a clean 500 page', async () => {
    const report = await audit('robots-on-error-page');
    expect(ids(report)).toEqual(['robots-on-error-page']);
    expect(only(report, 'robots-on-error-page')).toMatchObject({
      severity: 'warning',
      urls: ['/404'],
      source: { file: '404.html', line: 6 },
    });
    expect(report.pages.find((page) => page.url === '/500/')?.errorPage).toBe(true);
  });

  it('robots-tag-in-body: a robots tag after the body starts', async () => {
    const report = await audit('robots-tag-in-body');
    expect(ids(report)).toEqual(['robots-tag-in-body']);
    expect(only(report, 'robots-tag-in-body')).toMatchObject({
      severity: 'warning',
      urls: ['/late/'],
      source: { file: 'late/index.html', line: 9 },
    });
  });

  it('invalid-robots-directive: unknown names and bad values, keeping the valid directives', async () => {
    const report = await audit('invalid-robots-directive');
    expect(ids(report)).toEqual(['invalid-robots-directive']);
    const finding = only(report, 'invalid-robots-directive');
    expect(finding.message).toContain('Did you mean `noindex`?');
    expect(finding.message).toContain('invalid `max-snippet` value `lots`');
    const verdict = report.pages.find((page) => page.url === '/typo/')!.crawlers.googlebot!;
    expect(verdict).toMatchObject({ indexable: true, followLinks: false, directives: ['nofollow'] });
  });

  it('expired: unavailable_after in the past, only for the crawler it names', async () => {
    const report = await audit('expired');
    expect(ids(report)).toEqual(['expired']);
    expect(only(report, 'expired')).toMatchObject({ severity: 'warning', urls: ['/sale/'], crawlers: ['googlebot'] });
    const sale = report.pages.find((page) => page.url === '/sale/')!;
    expect(sale.crawlers.googlebot).toMatchObject({ indexable: false, unavailableAfter: '2025-01-31' });
    expect(sale.crawlers['*']).toMatchObject({ indexable: true });
  });

  it('expired: depends on options.now', async () => {
    const report = await audit('expired', { now: new Date('2024-01-01T00:00:00Z') });
    expect(ids(report)).toEqual([]);
  });

  it("redirect pages (Astro's `redirects` and i18n fallbacks: a refresh, noindex and a canonical to the target) are not pages of their own", async () => {
    const report = await audit('redirect-pages');
    // The one finding is the page that is not a redirect; the refresh without a URL does not make the home page one.
    expect(ids(report)).toEqual(['canonical-to-noindex']);
    expect(only(report, 'canonical-to-noindex').urls).toEqual(['/copy/']);
  });

  it('canonical-to-noindex: a relative canonical resolved to a noindex page', async () => {
    const report = await audit('canonical-to-noindex');
    // Written relative (`../original/`): also `canonical-relative`, naming the URL it resolves to.
    expect(ids(report)).toEqual(['canonical-relative', 'canonical-to-noindex']);
    expect(only(report, 'canonical-relative').message).toContain('`https://example.com/original/`');
    const finding = only(report, 'canonical-to-noindex');
    expect(finding).toMatchObject({ severity: 'error', urls: ['/copy/'], source: { file: 'copy/index.html' } });
    expect(finding.message).toContain('/original/');
    expect(report.pages.find((page) => page.url === '/copy/')?.canonical).toBe('https://example.com/original/');
  });

  it('group-override: a Googlebot group that drops the * disallows', async () => {
    const report = await audit('group-override');
    expect(ids(report)).toEqual(['group-override']);
    const finding = only(report, 'group-override');
    expect(finding).toMatchObject({
      severity: 'warning',
      urls: ['/private/'],
      source: { file: 'robots.txt', line: 4 },
      crawlers: ['googlebot'],
    });
    expect(finding.message).toContain('`Disallow: /private/` (line 2)');
  });

  it('robots-txt-syntax: one finding per line, error when fetching changes', async () => {
    const report = await audit('robots-txt-syntax');
    expect(ids(report)).toEqual(['robots-txt-syntax']);
    const lines = report.findings.map((finding) => [finding.source?.line, finding.severity]);
    expect(lines).toEqual([
      [1, 'error'],
      [4, 'error'],
      [5, 'warning'],
    ]);
  });

  it('no-robots-txt', async () => {
    const report = await audit('no-robots-txt');
    expect(ids(report)).toEqual(['no-robots-txt']);
    expect(only(report, 'no-robots-txt').severity).toBe('info');
    expect(report.robotsTxt.found).toBe(false);
    expect(report.site).toBe('https://example.com');
  });

  it('sitemap-missing: robots.txt names a sitemap that is not there', async () => {
    const report = await audit('sitemap-missing');
    expect(ids(report)).toEqual(['sitemap-missing']);
    expect(only(report, 'sitemap-missing')).toMatchObject({
      severity: 'error',
      source: { file: 'robots.txt', line: 4 },
    });
    expect(report.sitemaps).toEqual([
      { url: 'https://example.com/sitemap-index.xml', file: 'sitemap-index.xml', kind: 'missing', urlCount: 0 },
    ]);
  });

  it('sitemap-invalid: a sitemap that is not a urlset or index', async () => {
    const report = await audit('sitemap-invalid');
    expect(ids(report)).toEqual(['sitemap-invalid']);
    expect(only(report, 'sitemap-invalid')).toMatchObject({ severity: 'error', source: { file: 'sitemap.xml' } });
  });

  it('sitemap-foreign-url: URLs on another host or scheme', async () => {
    const report = await audit('sitemap-foreign-url');
    expect(ids(report)).toEqual(['sitemap-foreign-url']);
    const finding = only(report, 'sitemap-foreign-url');
    expect(finding.message).toContain('2 URLs');
    expect(report.summary.sitemapUrls).toBe(1);
  });

  it('sitemap-url-missing: URLs with no file, not files that exist', async () => {
    const report = await audit('sitemap-url-missing');
    expect(ids(report)).toEqual(['sitemap-url-missing']);
    expect(only(report, 'sitemap-url-missing')).toMatchObject({
      severity: 'warning',
      urls: ['/gone/'],
      source: { file: 'sitemap.xml' },
    });
  });

  it('no-sitemap', async () => {
    const report = await audit('no-sitemap');
    expect(ids(report)).toEqual(['no-sitemap']);
    expect(report.site).toBeUndefined();
  });

  it('skipped: a page that is not UTF-8', async () => {
    const report = await audit('skipped');
    expect(ids(report)).toEqual(['skipped']);
    expect(only(report, 'skipped')).toMatchObject({ severity: 'info', source: { file: 'latin1.html' } });
    expect(only(report, 'skipped').message).toContain('not valid UTF-8');
    expect(report.summary).toMatchObject({ pages: 1, skipped: 1 });
  });
});

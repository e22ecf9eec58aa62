import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import type { AuditReport, CrawlerVerdict } from '../../src/audit/types.js';
import { fixturePath } from './fixture-path.js';

function verdict(report: AuditReport, url: string, crawler: string): CrawlerVerdict {
  const page = report.pages.find((candidate) => candidate.url === url);
  expect(page, `no page ${url} in ${report.pages.map((p) => p.url).join(' ')}`).toBeDefined();
  return page!.crawlers[crawler]!;
}

describe('per-URL verdicts', () => {
  it('say where each restriction came from: tag line, robots.txt line, error page', async () => {
    const report = await auditSite(fixturePath('noindex-disallowed'));
    expect(verdict(report, '/private/team/', 'googlebot')).toEqual({
      crawlable: false,
      indexable: false,
      followLinks: false,
      directives: ['noindex', 'nofollow'],
      because: {
        crawl: [{ kind: 'robots.txt', file: 'robots.txt', line: 2, text: 'Disallow: /private/' }],
        index: [
          {
            kind: 'meta',
            file: 'private/team/index.html',
            line: 6,
            text: '<meta name="robots" content="noindex, nofollow">',
          },
        ],
        follow: [
          {
            kind: 'meta',
            file: 'private/team/index.html',
            line: 6,
            text: '<meta name="robots" content="noindex, nofollow">',
          },
        ],
      },
    });
    const clean = await auditSite(fixturePath('clean'));
    expect(verdict(clean, '/404', '*').because.index).toEqual([
      { kind: 'error-page', file: '404.html', text: 'a 404/5xx error page' },
    ]);
  });

  it('apply crawler-specific tags only to that crawler, and merge them with robots', async () => {
    const report = await auditSite(fixturePath('conflicting-tags'));
    expect(verdict(report, '/agree/', 'googlebot')).toMatchObject({
      indexable: false,
      maxSnippet: 0,
      directives: ['noindex', 'follow', 'nosnippet'],
    });
    expect(verdict(report, '/agree/', '*')).toMatchObject({ indexable: false, directives: ['noindex', 'follow'] });
    expect(verdict(report, '/agree/', '*').maxSnippet).toBeUndefined();
  });

  it('read X-Robots-Tag rules from _headers, .htaccess and vercel.json', async () => {
    const report = await auditSite(fixturePath('header-files'));
    expect(report.headerFiles).toEqual(['.htaccess', 'vercel.json']);
    expect(verdict(report, '/feed', '*')).toMatchObject({
      indexable: false,
      because: { index: [{ kind: 'header', file: '.htaccess', text: '^feed\\.html$  X-Robots-Tag: noindex' }] },
    });
    expect(verdict(report, '/print/a/', 'googlebot')).toMatchObject({ maxSnippet: 0 });
    expect(verdict(report, '/print/a/', '*').maxSnippet).toBeUndefined();
    expect(verdict(report, '/legal/terms/', '*')).toMatchObject({
      indexable: true,
      maxImagePreview: 'standard',
      directives: ['noarchive', 'max-image-preview:standard'],
    });
    expect(verdict(report, '/', '*')).toEqual({
      crawlable: true,
      indexable: true,
      followLinks: true,
      directives: [],
      because: {},
    });
  });

  it('evaluate the crawlers asked for, with robots.txt groups and meta names of their own', async () => {
    const report = await auditSite(fixturePath('group-override'), { crawlers: ['Bingbot', 'googlebot'] });
    expect(report.crawlers).toEqual(['bingbot', 'googlebot']);
    expect(verdict(report, '/private/', 'bingbot').crawlable).toBe(false);
    expect(verdict(report, '/private/', 'googlebot').crawlable).toBe(true);
  });

  it('report limits and the tag that set them', async () => {
    const report = await auditSite(fixturePath('clean'));
    const home = verdict(report, '/', 'googlebot');
    expect(home).toMatchObject({ maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 });
    expect(home.because.videoPreview?.[0]).toMatchObject({ file: 'index.html', line: 7 });
    expect(verdict(report, '/', '*').maxImagePreview).toBeUndefined();
  });
});

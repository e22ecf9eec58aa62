/**
 * Issue 11, item 13: a preview build (`indexable: false`) is audited for what it must
 * guarantee, that no page can be indexed, not for the findings its `Disallow: /` and
 * `noindex, nofollow` trigger on purpose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import type { AuditReport } from '../../src/audit/types.js';
import { NON_INDEXABLE_ROBOTS_TXT } from '../../src/robots-txt/generate.js';
import { tempSite } from './temp-site.js';

const NOW = new Date('2026-06-01T00:00:00Z');

function page(tags: readonly string[] = [], canonical?: string): string {
  const metas = tags.map((tag) => `<meta ${tag}>`).join('');
  const link = canonical ? `<link rel="canonical" href="${canonical}">` : '';
  return `<!DOCTYPE html><html><head><title>t</title>${metas}${link}</head><body><p>t</p></body></html>`;
}

const PREVIEW_TAG = 'name="robots" content="noindex, nofollow"';

/** A preview build as both adapters write it: every page noindex, robots.txt disallows all, a sitemap of every page. */
function previewBuild(extra: Record<string, string> = {}): Record<string, string> {
  const urls = ['/', '/docs/', '/docs/old/'];
  return {
    'robots.txt': NON_INDEXABLE_ROBOTS_TXT,
    'index.html': page([PREVIEW_TAG]),
    'docs/index.html': page([PREVIEW_TAG]),
    // The old page names the new one as canonical: fine in a preview, an error in production.
    'docs/old/index.html': page(
      ['name="robots" content="noindex, nofollow, unavailable_after: 2020-01-01"'],
      'https://example.com/docs/',
    ),
    '404.html': page(),
    'sitemap-index.xml':
      '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-0.xml</loc></sitemap></sitemapindex>',
    'sitemap-0.xml': `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>https://example.com${url}</loc></url>`).join('')}</urlset>`,
    ...extra,
  };
}

async function auditFiles(files: Record<string, string>, indexable?: boolean): Promise<AuditReport> {
  const site = tempSite(files);
  try {
    return await auditSite(site.root, {
      site: 'https://example.com',
      now: NOW,
      ...(indexable === undefined ? {} : { indexable }),
    });
  } finally {
    site.cleanup();
  }
}

function ids(report: AuditReport): string[] {
  return [...new Set(report.findings.map((finding) => finding.id))].sort();
}

describe('issue 11 item 13: the audit of a preview build', () => {
  it('passes a preview build as the adapters write it, which the production audit fails', async () => {
    const production = await auditFiles(previewBuild());
    expect(ids(production)).toEqual([
      'canonical-on-noindex',
      'canonical-to-noindex',
      'disallowed-in-sitemap',
      'expired',
      'noindex-disallowed',
      'noindex-in-sitemap',
    ]);
    const preview = await auditFiles(previewBuild(), false);
    expect(preview.findings).toEqual([]);
    expect(preview.summary.pages).toBe(4);
  });

  it('fails a preview build with a page that carries no noindex, naming it and the crawlers', async () => {
    const report = await auditFiles(previewBuild({ 'landing.html': page() }), false);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      id: 'preview-indexable',
      severity: 'error',
      urls: ['/landing'],
      source: { file: 'landing.html' },
      crawlers: ['googlebot', '*'],
    });
    expect(report.findings[0]!.message).toContain('/landing may be indexed by googlebot and *');
  });

  it('counts an X-Robots-Tag header rule as the noindex a page needs', async () => {
    const headers = '/*\n  X-Robots-Tag: noindex, nofollow\n';
    const report = await auditFiles(previewBuild({ 'landing.html': page(), _headers: headers }), false);
    expect(report.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
  });

  it('names only the crawlers a page is still indexable for', async () => {
    const report = await auditFiles(previewBuild({ 'g.html': page(['name="googlebot" content="noindex"']) }), false);
    expect(report.findings.map((finding) => [finding.id, finding.urls, finding.crawlers])).toEqual([
      ['preview-indexable', ['/g'], ['*']],
    ]);
  });

  it('still reports what breaks any build: a robots tag in the body, an unknown directive', async () => {
    const body = `<!DOCTYPE html><html><head><title>t</title><meta ${PREVIEW_TAG}></head><body><meta name="robots" content="noindx"></body></html>`;
    const report = await auditFiles(previewBuild({ 'body.html': body }), false);
    expect(ids(report)).toEqual(['conflicting-tags', 'invalid-robots-directive', 'robots-tag-in-body']);
  });

  it('reports exactly the non-error pages that lack noindex for some crawler (property)', async () => {
    const tagFor = fc.constantFrom<string | undefined>(
      undefined,
      PREVIEW_TAG,
      'name="googlebot" content="noindex"',
      'name="robots" content="none"',
      'name="robots" content="nofollow"',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(tagFor, { minLength: 1, maxLength: 6 }), fc.boolean(), async (tags, withErrorPage) => {
        const files: Record<string, string> = { 'robots.txt': NON_INDEXABLE_ROBOTS_TXT };
        tags.forEach((tag, i) => (files[`p${i}.html`] = page(tag === undefined ? [] : [tag])));
        if (withErrorPage) files['404.html'] = page();
        const report = await auditFiles(files, false);
        // Indexable for `*` unless the robots tag says noindex/none; for googlebot also its own tag counts.
        const expected = tags.flatMap((tag, i) =>
          tag === PREVIEW_TAG || tag?.includes('content="none"') ? [] : [`/p${i}`],
        );
        const found = report.findings
          .filter((finding) => finding.id === 'preview-indexable')
          .flatMap((finding) => finding.urls);
        expect(found.sort()).toEqual(expected.sort());
      }),
      { numRuns: 40 },
    );
  });
});

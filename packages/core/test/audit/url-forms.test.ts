/**
 * Issue 41, item 3: the audit reports what Google's documentation and Lighthouse reject in how a
 * page writes its canonical and hreflang URLs: relative hreflang hrefs (`hreflang-relative`), a
 * relative canonical (`canonical-relative`) and two different canonicals (`canonical-conflict`),
 * each with the URL that would be used. Before, it resolved them silently (and took the first canonical).
 */
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { AUDIT_FINDINGS } from '../../src/audit/findings.js';
import { readPage } from '../../src/audit/read-page.js';
import type { AuditReport } from '../../src/audit/types.js';
import { tempSite } from './temp-site.js';

function page(head: string): string {
  return `<!DOCTYPE html><html><head><title>t</title>${head}</head><body><p>t</p></body></html>`;
}
async function audit(files: Record<string, string>, site: string | null = 'https://example.com'): Promise<AuditReport> {
  const folder = tempSite({ 'robots.txt': 'User-agent: *\nAllow: /\n', ...files });
  try {
    return await auditSite(folder.root, site === null ? {} : { site });
  } finally {
    folder.cleanup();
  }
}
const IDS = new Set(['hreflang-relative', 'canonical-relative', 'canonical-conflict']);
const ours = (report: AuditReport) =>
  report.findings
    .filter((finding) => IDS.has(finding.id))
    .map((finding) => [finding.id, finding.urls, finding.message]);

describe('issue 41: relative and conflicting canonical and hreflang URLs', () => {
  it('finds nothing when every canonical and hreflang URL is absolute and there is one canonical', async () => {
    const cluster =
      '<link rel="alternate" hreflang="en" href="https://example.com/"><link rel="alternate" hreflang="de" href="HTTPS://example.com/de/">';
    const report = await audit({
      'index.html': page(`${cluster}<link rel="canonical" href="https://example.com/">`),
      // The same canonical twice is no conflict.
      'de/index.html': page(
        `${cluster}<link rel="canonical" href="https://example.com/de/"><link rel="canonical" href="/de/">`,
      ),
    });
    expect(ours(report)).toEqual([]);
  });

  it('names a relative hreflang href with the URL it resolves to, against the page and its <base href>', async () => {
    const report = await audit({
      'index.html': page(
        '<link rel="alternate" hreflang="en" href="https://example.com/"><link rel="alternate" hreflang="fr" href="/fr/">',
      ),
      'fr/index.html': page(
        '<base href="https://example.com/fr/"><link rel="alternate" hreflang="en" href="//example.com/"><link rel="alternate" hreflang="fr" href="./">',
      ),
    });
    expect(ours(report)).toEqual([
      [
        'hreflang-relative',
        ['/'],
        '/: 1 hreflang link is not written as a fully qualified URL: `fr` `/fr/` (`https://example.com/fr/`); Google asks for fully qualified URLs with `https://` and Lighthouse fails them. Write the URLs they resolve to (in parentheses).',
      ],
      [
        'hreflang-relative',
        ['/fr/'],
        '/fr/: 2 hreflang links are not written as a fully qualified URL: `en` `//example.com/` (`https://example.com/`), `fr` `./` (`https://example.com/fr/`); Google asks for fully qualified URLs with `https://` and Lighthouse fails them. Write the URLs they resolve to (in parentheses).',
      ],
    ]);
    expect(AUDIT_FINDINGS['hreflang-relative'].severity).toBe('warning');
  });

  it('names a relative canonical with the URL it resolves to, and a page that names two canonicals with both', async () => {
    const report = await audit({
      'a/index.html': page('<link rel="canonical" href="../b/">'),
      'b/index.html': page(
        '<link rel="canonical" href="https://example.com/b/"><link rel="canonical" href="https://example.com/">',
      ),
      // Error pages are never indexed: their canonical is not checked.
      '404.html': page('<link rel="canonical" href="/404.html">'),
    });
    expect(ours(report)).toEqual([
      [
        'canonical-conflict',
        ['/b/'],
        '/b/ names 2 different canonical URLs (`https://example.com/b/`, `https://example.com/`): Google ignores conflicting canonicals and Lighthouse fails the page; the audit uses the first, `https://example.com/b/`. Keep one.',
      ],
      [
        'canonical-relative',
        ['/a/'],
        '/a/ names its canonical as `../b/`, a relative URL: write the absolute URL it resolves to, `https://example.com/b/` (Google recommends absolute canonical URLs; Lighthouse fails relative ones).',
      ],
    ]);
  });

  it('resolves against the page path when the site is unknown', async () => {
    const report = await audit({ 'a/index.html': page('<link rel="canonical" href="b/">') }, null);
    expect(ours(report)[0]?.[2]).toContain('resolves to, `/a/b/`');
  });

  it('reads every head canonical, each distinct one once and a bounded number, none from the body', () => {
    const canonicals = Array.from({ length: 30 }, (_, i) => `<link rel="canonical" href="/c${i % 15}/">`).join('');
    const facts = readPage(
      `<head><link rel="canonical" href="/first/">${canonicals}<link rel="canonical" href="/first/"></head><body><link rel="canonical" href="/body/"></body>`,
    );
    expect(facts.canonical).toBe('/first/');
    expect(facts.otherCanonicals).toEqual(Array.from({ length: 10 }, (_, i) => `/c${i}/`));
  });
});

/**
 * Issue 16, part 3: the audit of a site's language versions. hreflang alternates that are
 * noindex, disallowed, missing, not linking back or badly written, and canonical links on noindex
 * pages, on a built folder; and the checks stay linear in the number of hreflang links.
 */
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { AUDIT_FINDINGS } from '../../src/audit/findings.js';
import type { AuditFinding, AuditReport } from '../../src/audit/types.js';
import { readPage } from '../../src/audit/read-page.js';
import { tempSite } from './temp-site.js';
import { readFileSync } from 'node:fs';

/** A page with hreflang links (`[hreflang, href]`), robots meta tags and a canonical. */
function page(alternates: ReadonlyArray<readonly [string, string]>, extra = ''): string {
  const links = alternates.map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${href}">`).join('');
  return `<!DOCTYPE html><html><head><title>t</title>${links}${extra}</head><body><p>t</p></body></html>`;
}
const CLUSTER = [
  ['en', 'https://example.com/'],
  ['de', 'https://example.com/de/'],
  ['fr', 'https://example.com/fr/'],
  ['x-default', 'https://example.com/'],
] as const;

async function audit(files: Record<string, string>): Promise<AuditReport> {
  const site = tempSite({ 'robots.txt': 'User-agent: *\nAllow: /\n', ...files });
  try {
    return await auditSite(site.root, { site: 'https://example.com' });
  } finally {
    site.cleanup();
  }
}
function i18nFindings(report: AuditReport): AuditFinding[] {
  return report.findings.filter(
    // Relative hrefs (`hreflang-relative`, url-forms.test.ts) are written here on purpose, for brevity.
    (finding) =>
      (finding.id.startsWith('hreflang-') && finding.id !== 'hreflang-relative') ||
      finding.id === 'canonical-on-noindex',
  );
}

describe('issue 16: hreflang and canonical checks of the audit', () => {
  it('finds nothing in a cluster whose pages all name each other, x-default included', async () => {
    const report = await audit({
      'index.html': page(CLUSTER),
      'de/index.html': page(CLUSTER),
      'fr/index.html': page(CLUSTER),
    });
    expect(i18nFindings(report)).toEqual([]);
  });

  it('reports an alternate that is noindex, disallowed, missing, or does not link back, naming pages and crawlers', async () => {
    const cluster = [...CLUSTER, ['it', '/it/'], ['es', '/es/'], ['pt', '/pt/']] as const;
    const report = await audit({
      'robots.txt': 'User-agent: *\nDisallow: /es/\n',
      'index.html': page(cluster),
      'de/index.html': page(cluster, '<meta name="robots" content="noindex">'),
      'fr/index.html': page([['fr', '/fr/']]),
      'es/index.html': page(cluster),
      'it/index.html': page(cluster),
      // /pt/ has no page.
    });
    const found = i18nFindings(report).map((finding) => [
      finding.id,
      finding.severity,
      finding.urls,
      finding.crawlers,
      finding.source?.file,
    ]);
    expect(found).toEqual([
      ['hreflang-missing', 'warning', ['/', '/it/'], undefined, 'index.html'],
      ['hreflang-no-return', 'warning', ['/', '/fr/', '/it/'], undefined, 'fr/index.html'],
      ['hreflang-to-disallowed', 'warning', ['/', '/es/', '/it/'], ['googlebot', '*'], 'index.html'],
      ['hreflang-to-noindex', 'warning', ['/', '/de/', '/it/'], ['googlebot', '*'], 'index.html'],
    ]);
    const byId = new Map(report.findings.map((finding) => [finding.id, finding.message]));
    expect(byId.get('hreflang-to-noindex')).toMatch(
      /^2 pages name \/de\/ as the `de` version, but it is noindex for googlebot and \*/,
    );
    expect(byId.get('hreflang-no-return')).toMatch(/\/fr\/ does not name them back/);
    expect(byId.get('hreflang-missing')).toMatch(/https:\/\/example\.com\/pt\/ as the `pt` version.*no page there/);
    // /de/ is noindex and /es/ disallowed: their own links are no cluster of theirs, so they are not checked.
    expect(
      report.findings.every((finding) => !finding.urls.includes('/es/') || finding.id === 'hreflang-to-disallowed'),
    ).toBe(true);
  });

  it('reports hreflang values crawlers ignore, and one value naming two URLs', async () => {
    const report = await audit({
      'index.html': page([
        ['en_US', '/'],
        ['x-default', '/'],
        ['x-default', '/en/'],
        ['zh-Hant-TW', '/'],
        ['es-419', '/'],
      ]),
      'en/index.html': page([]),
    });
    const invalid = report.findings.filter((finding) => finding.id === 'hreflang-invalid');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.message).toMatch(/`en_US` is no language code \(write `en-US`\); `x-default` names two URLs/);
    expect(invalid[0]!.message).not.toMatch(/zh-Hant-TW|es-419/);
  });

  it('reports a canonical to another URL on a noindex page, and says why; a self-canonical is fine', async () => {
    const report = await audit({
      'index.html': page([]),
      'tag/a/index.html': page(
        [],
        '<meta name="robots" content="noindex, follow"><link rel="canonical" href="https://example.com/">',
      ),
      'tag/b/index.html': page([], '<meta name="robots" content="noindex"><link rel="canonical" href="/tag/b/">'),
      'tag/c/index.html': page(
        [],
        '<meta name="googlebot" content="noindex"><link rel="canonical" href="https://elsewhere.example/">',
      ),
    });
    const found = report.findings.filter((finding) => finding.id === 'canonical-on-noindex');
    expect(found.map((finding) => [finding.urls, finding.crawlers])).toEqual([
      [['/tag/a/'], ['googlebot', '*']],
      [['/tag/c/'], ['googlebot']],
    ]);
    expect(found[0]!.message).toMatch(/carry the noindex over.*or ignore the canonical.*Yoast drops the canonical/);
    expect(AUDIT_FINDINGS['canonical-on-noindex'].description).toMatch(/Yoast/);
  });

  it('reads only head hreflang links, with rel as a token list, and keeps a bounded number per page', () => {
    const facts = readPage(
      '<head><link rel="ALTERNATE nofollow" hreflang="de" href="/de/"><link rel="alternate" href="/feed.xml"><link rel="canonical" hreflang="fr" href="/fr/"></head>' +
        '<body><link rel="alternate" hreflang="it" href="/it/"></body>',
    );
    expect(facts.alternates).toEqual([{ hreflang: 'de', href: '/de/' }]);
    const many = readPage(`<head>${'<link rel="alternate" hreflang="de" href="/de/">'.repeat(1500)}</head>`);
    expect(many.alternates).toHaveLength(1000);
  });

  it('checks 2,000 pages that each name 40 language versions (80,000 links), one finding per broken cluster', async () => {
    const languages = Array.from({ length: 40 }, (_, i) =>
      `l${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`.slice(0, 3),
    );
    const files: Record<string, string> = {};
    for (let group = 0; group < 50; group++) {
      const cluster = languages.map((lang) => [lang, `/${lang}/${group}/`] as const);
      // Every language version but the last links back: one no-return finding per group.
      languages.forEach(
        (lang, i) => (files[`${lang}/${group}/index.html`] = page(i === languages.length - 1 ? [] : cluster)),
      );
    }
    const report = await audit(files);
    expect(report.summary.pages).toBe(2000);
    expect(report.findings.filter((finding) => finding.id === 'hreflang-no-return')).toHaveLength(50);
    expect(
      report.findings.filter(
        (finding) =>
          finding.id.startsWith('hreflang-') &&
          finding.id !== 'hreflang-no-return' &&
          finding.id !== 'hreflang-relative',
      ),
    ).toEqual([]);
  });

  it('keeps hreflang URLs within bounds: a link over 4,096 characters is skipped, and said so', async () => {
    const long = `/${'a'.repeat(5000)}/`;
    const report = await audit({
      'index.html': page([
        ['de', long],
        ['en', '/'],
      ]),
    });
    const skipped = report.findings.filter((finding) => finding.id === 'skipped');
    expect(skipped.map((finding) => [finding.message, finding.source])).toEqual([
      [
        'Skipped 1 hreflang link (the first in index.html): over 4,096 characters, or beyond the 2,000,000 links the audit checks per site; they were not checked.',
        { file: 'index.html' },
      ],
    ]);
    expect(
      report.findings.filter((finding) => finding.id.startsWith('hreflang-') && finding.id !== 'hreflang-relative'),
    ).toEqual([]);
  });

  it("lists every finding id of the catalogue in core's README", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(Object.keys(AUDIT_FINDINGS).filter((id) => !readme.includes(`\`${id}\``))).toEqual([]);
  });
});

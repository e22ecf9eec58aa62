import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './capture.js';
import { tempSite } from './temp-site.js';

const ESC = '\u001b';
const HOSTILE = `${ESC}[2J${ESC}]0;owned${'\u0007'}\u009b31m\u202egnp.exe\u0000`;
/** Our own colour codes, the only escape sequences allowed in the output. */
const OWN_SGR = /\u001b\[\d+m/g;

function assertInert(text: string): void {
  const rest = text.replace(OWN_SGR, '');
  expect(rest).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<urlset><url><loc>https://example.com/&lol9;&xxe;</loc></url></urlset>`;

describe('hostile site content', () => {
  let root: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ root, cleanup } = tempSite({
      'robots.txt': `User-agent: *\nDisallow: /private/\n# ${HOSTILE}\nAllow: /${'a'.repeat(100_000)}\n${HOSTILE}: value\nSitemap: https://example.com/sitemap-index.xml\n`,
      'sitemap-index.xml':
        '<sitemapindex><sitemap><loc>https://example.com/lol.xml</loc></sitemap><sitemap><loc>https://example.com/bomb.xml.gz</loc></sitemap><sitemap><loc>https://example.com/urls.xml</loc></sitemap></sitemapindex>',
      'lol.xml': BILLION_LAUGHS,
      'bomb.xml.gz': gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x20)),
      'urls.xml': `<urlset><url><loc>https://example.com/&lt;script&gt;alert(1)&lt;/script&gt;/</loc></url><url><loc>https://example.com/${encodeURIComponent(HOSTILE)}/</loc></url></urlset>`,
      'index.html': `<!DOCTYPE html><html><head><meta name="robots" content="noindex, ${HOSTILE}"><meta name="robots" content="${'x'.repeat(1_000_000)}"></head><body>${'y'.repeat(5_000_000)}</body></html>`,
      [`${HOSTILE.replaceAll('\u0000', '')}.html`]: `<head><meta name="robots" content="nofollow"><link rel="canonical" href="javascript:alert(1)"></head>`,
      'unclosed.html': `<!--${'<meta name="robots" content="noindex">'.repeat(50_000)}`,
      'many.html': `<head>${'<meta name="robots" content="noarchive">'.repeat(5_000)}<meta name="robots" content="${'bogus, '.repeat(5_000)}"></head>`,
      'deep.html': `${'<div>'.repeat(200_000)}<meta name="robots" content="noindex">`,
      'private/<script>alert(1)</script>.html': '<title>x</title><meta name="robots" content="noindex">',
    }));
  });
  afterAll(() => cleanup());

  // Bounded time is the test timeout's job (speed is measured by `npm run bench`, not asserted here).
  it('is audited without crashing or hanging, with entity bombs and gzip bombs left inert', async () => {
    const report = await auditSite(root);
    expect(report.summary.pages).toBe(6);
    const sitemaps = Object.fromEntries(report.sitemaps.map((sitemap) => [sitemap.file, sitemap.kind]));
    expect(sitemaps).toMatchObject({ 'lol.xml': 'urlset', 'bomb.xml.gz': 'invalid', 'urls.xml': 'urlset' });
    expect(report.findings.map((finding) => finding.id)).toEqual(
      expect.arrayContaining([
        'sitemap-invalid',
        'robots-txt-syntax',
        'invalid-robots-directive',
        'noindex-disallowed',
        'robots-tag-in-body',
        'sitemap-url-missing',
      ]),
    );
    for (const finding of report.findings) expect(finding.message.length).toBeLessThan(2_000);
    const unclosed = report.pages.find((page) => page.file === 'unclosed.html')!;
    expect(unclosed.crawlers['*']!.indexable).toBe(true);
    const deep = report.pages.find((page) => page.file === 'deep.html')!;
    expect(deep.crawlers['*']!.indexable).toBe(false);
  });

  it.each([['table'], ['json'], ['github'], ['sarif']])(
    'prints no terminal control sequences from the files (--format=%s)',
    async (format) => {
      const io = captureIo({ stdoutTTY: true, stderrTTY: true });
      const code = await runCli(['check', root, `--format=${format}`, '--pages'], io);
      expect(code).toBe(1);
      assertInert(io.stdout.text());
      assertInert(io.stderr.text().replaceAll('\r', ''));
      expect(io.stdout.text()).toContain(
        format === 'table' ? '\\u{1b}[2J' : format === 'json' || format === 'sarif' ? '\\u001b[2J' : '\\u{1b}[2J',
      );
    },
  );
});

/**
 * The audit's link and snippet findings (issue 16): `link-to-noindex` (info, indexable builds
 * only), `nofollow-internal-link` (warning) and `nosnippet-ignored` (warning), on built folders.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { pageLinkFacts } from '../../src/audit/link-checks.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { auditSite } from '../../src/audit/audit-site.js';
import { readPage } from '../../src/audit/read-page.js';
import type { AuditFinding, AuditReport } from '../../src/audit/types.js';
import { tempSite } from './temp-site.js';

const page = (body: string, head = ''): string =>
  `<!DOCTYPE html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;
const NOINDEX = '<meta name="robots" content="noindex">';
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function audit(
  files: Record<string, string>,
  options: Parameters<typeof auditSite>[1] = {},
): Promise<AuditReport> {
  const site = tempSite({ 'robots.txt': 'User-agent: *\nDisallow: /private/\n', ...files });
  cleanup = site.cleanup;
  return auditSite(site.root, { site: 'https://example.com', ...options });
}
function ofId(report: AuditReport, id: string): AuditFinding[] {
  return report.findings.filter((finding) => finding.id === id);
}

describe('link findings', () => {
  it('reports links from indexable pages to noindex and disallowed pages as info, once per target', async () => {
    const report = await audit({
      'index.html': page(
        '<a href="/tags/a/">tag</a><a href="tags/a/#x">again</a><a href="https://example.com/private/">private</a><a href="https://other.org/tags/a/">other</a>',
      ),
      'about/index.html': page('<a href="../tags/a/">tag</a><a href="/">home</a>'),
      'tags/a/index.html': page('<a href="/">home</a>', NOINDEX),
      'private/index.html': page('secret'),
      // A noindex page linking to another noindex page: not reported (it is not indexable itself).
      'drafts/index.html': page('<a href="/tags/a/">tag</a>', NOINDEX),
    });
    const found = ofId(report, 'link-to-noindex');
    expect(found.map((finding) => [finding.severity, finding.urls])).toEqual([
      ['info', ['/', '/about/', '/tags/a/']],
      ['info', ['/', '/private/']],
    ]);
    expect(found[1]!.message).toMatch(/links to \/private\/, which is disallowed by robots\.txt for googlebot and \*/);
    expect(found[0]!.message).toMatch(
      /^2 indexable pages \(\/, \/about\/\) link to \/tags\/a\/, which is noindex for googlebot and \*/,
    );
    expect(found[0]!.source).toEqual({ file: 'tags/a/index.html' });
  });

  it('does not report links to noindex pages in a non-indexable build', async () => {
    const files = { 'index.html': page('<a href="/b/">b</a>'), 'b/index.html': page('b', NOINDEX) };
    expect(ofId(await audit(files), 'link-to-noindex')).toHaveLength(1);
    expect(ofId(await audit(files, { indexable: false }), 'link-to-noindex')).toEqual([]);
  });

  it('finds a noindex page behind every spelling of its URL, though followed links to no listed page are not kept (one Map probe per link)', async () => {
    // Each spelling pageAt resolves (index.html, a percent-escape, the slash toggled with `ignore`,
    // a query), and links to paths that are no page at all, which are dropped before the checks.
    const spellings = ['/b/index.html', '/caf%C3%A9/', '/b?x=1', '/b.html', '/nowhere/', '/b/c/'];
    const files = {
      'index.html': page(spellings.map((href) => `<a href="${href}">x</a>`).join('')),
      'b/index.html': page('b', NOINDEX),
      'café/index.html': page('c', NOINDEX),
      'b/c.html': page('c', NOINDEX),
    };
    const targets = async (trailingSlash: 'always' | 'never' | 'ignore'): Promise<string[]> =>
      ofId(await audit(files, { trailingSlash }), 'link-to-noindex')
        .map((finding) => finding.source!.file!)
        .sort();
    expect(await targets('ignore')).toEqual(['b/c.html', 'b/index.html', 'café/index.html']);
    expect(await targets('always')).toEqual(['b/index.html', 'café/index.html']);
    // `never`: `/caf%C3%A9/` with its slash is no URL of the site.
    expect(await targets('never')).toEqual(['b/index.html']);
  });

  it('warns about nofollow on links to the site’s own pages, not on links elsewhere', async () => {
    const report = await audit({
      'index.html': page(
        '<a href="/about/" rel="noopener NoFollow">a</a><a href="https://example.com/x" rel=nofollow>x</a><a href="https://other.org/" rel="nofollow">o</a><a href="/y" rel="ugc">y</a>',
      ),
      'about/index.html': page('<a href="/" rel="sponsored">home</a>'),
    });
    const found = ofId(report, 'nofollow-internal-link');
    expect(found.map((finding) => [finding.severity, finding.urls, finding.source?.file])).toEqual([
      ['warning', ['/'], 'index.html'],
    ]);
    expect(found[0]!.message).toMatch(/^\/ has 2 `nofollow` links to the site's own pages \(`\/about\/`, `\/x`\)/);
  });

  it('warns about data-nosnippet on elements other than span, div and section', async () => {
    const report = await audit({
      'index.html': page(
        '<div data-nosnippet>ok</div><SPAN DATA-NOSNIPPET>ok</SPAN><p data-nosnippet>no</p><li data-nosnippet>no</li><p data-nosnippet>again</p><script>"<p data-nosnippet>"</script>',
      ),
      'ok/index.html': page('<section data-nosnippet>fine</section>'),
    });
    const found = ofId(report, 'nosnippet-ignored');
    expect(found.map((finding) => [finding.severity, finding.urls])).toEqual([['warning', ['/']]]);
    expect(found[0]!.message).toContain('`<p>`, `<li>`');
  });

  it('reads each link’s own href and rel, whatever other attributes come first', () => {
    const facts = readPage(
      page(
        '<a href="/1" title="t">1</a><a class="x" data-id="7" href="/2" REL="NoFollow">2</a><a name="n">3</a><a id=i href=\'/3\'>4</a>',
      ),
    );
    expect(facts.links).toEqual([
      { href: '/1', rel: '' },
      { href: '/2', rel: 'NoFollow' },
      { href: '/3', rel: '' },
    ]);
  });

  it('reads at most 2,000 links of a page', () => {
    const facts = readPage(page('<a href="/x">x</a>'.repeat(5000)));
    expect(facts.links).toHaveLength(2000);
  });
});

describe('pageLinkFacts: the fast path for plain paths', () => {
  it('finds for every link what the URL parser finds (the same link read through a `<base href>` of the page itself)', () => {
    const pieces = [
      '/',
      'a',
      'Z',
      '9',
      '-',
      '_',
      '~',
      '.',
      '..',
      '%2e',
      '%41',
      '?q=1',
      '#f',
      ' ',
      '\\',
      'é',
      '//',
      '/docs',
      ':',
      '@',
      '\t',
    ];
    const href = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => `/${parts.join('')}`);
    const sites = [
      undefined,
      { origin: 'https://example.com', basePath: '' },
      { origin: 'https://example.com', basePath: '/docs' },
    ];
    fc.assert(
      fc.property(
        fc.array(href, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...sites),
        fc.constantFrom('/', '/docs/a/', '/posts/x/'),
        (hrefs, site, url) => {
          const links = hrefs.map((h, i) => ({ href: h, rel: i % 2 === 0 ? 'nofollow' : '' }));
          const fast = pageLinkFacts({ robotsTags: [], links }, url, site);
          const parsed = pageLinkFacts(
            { robotsTags: [], links, baseHref: `${site?.origin ?? 'http://robots-kit.invalid'}${url}` },
            url,
            site,
          );
          expect(fast).toEqual(parsed);
        },
      ),
      fuzzRuns(2000, 20_261_122),
    );
  });
});

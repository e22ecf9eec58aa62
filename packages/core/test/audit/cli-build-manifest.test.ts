/**
 * Issue 37, item 2: `robots-kit check` on a folder built below a path prefix (`eleventy
 * --pathprefix=/blog/`, Astro's `base`) needs no flag the build knew. The build leaves
 * `.robots-kit.json` in the output (`writeBuildManifest`), and `auditSite` reads it, so the
 * build's own audit and the CLI read the folder at the same URL.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { auditSite } from '../../src/audit/audit-site.js';
import { BUILD_MANIFEST_FILE, readBuildManifest, writeBuildManifest } from '../../src/audit/site-urls.js';
import { captureIo } from './capture.js';
import { PAGE, tempSite } from './temp-site.js';

/** What `eleventy --pathprefix=/blog/` writes: files at the root of the folder, URLs below `/blog/`. */
function prefixedSite() {
  return tempSite({
    'index.html': PAGE,
    'about/index.html': PAGE,
    'robots.txt': 'User-agent: *\nDisallow:\n\nSitemap: https://example.com/blog/sitemap.xml\n',
    'sitemap.xml':
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/blog/</loc></url><url><loc>https://example.com/blog/about/</loc></url></urlset>\n',
  });
}

async function check(args: string[]) {
  const io = captureIo();
  const code = await runCli(['check', ...args, '--format=json'], io);
  const stdout = io.stdout.text();
  return { code, stderr: io.stderr.text(), report: stdout ? JSON.parse(stdout) : undefined };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('robots-kit check reads the build manifest', () => {
  it('without it, a folder served below /blog/ fails with sitemap-missing (what the manifest fixes)', async () => {
    const site = prefixedSite();
    cleanups.push(site.cleanup);
    const result = await check([site.root]);
    expect(result.code).toBe(1);
    expect(result.report.findings.map((finding: { id: string }) => finding.id)).toContain('sitemap-missing');
  });

  it.each([[[]], [['--site', 'https://example.com']], [['--site', 'https://example.com/blog/']]])(
    'with it, %j passes: the sitemap is found and its URLs are the pages',
    async (flags) => {
      const site = prefixedSite();
      cleanups.push(site.cleanup);
      writeBuildManifest(site.root, { generator: 'test', base: '/blog/' });
      const result = await check([site.root, ...flags]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.report.site).toBe('https://example.com/blog');
      expect(result.report.findings).toEqual([]);
      expect(result.report.summary.sitemapUrls).toBe(2);
    },
  );

  it('the build manifest gives the site and the preview verdict; an explicit --site path still wins', async () => {
    const site = prefixedSite();
    cleanups.push(site.cleanup);
    writeBuildManifest(site.root, { generator: 'test', site: 'https://example.com', base: '/blog/', indexable: false });
    expect(readBuildManifest(site.root)).toEqual({
      generator: 'test',
      site: 'https://example.com',
      base: '/blog/',
      indexable: false,
    });
    const report = await auditSite(site.root);
    expect(report.site).toBe('https://example.com/blog');
    // A preview build is judged as one: its indexable pages are the finding.
    expect(report.findings.map((finding) => finding.id)).toContain('preview-indexable');
    expect((await auditSite(site.root, { site: 'https://example.com/docs/' })).site).toBe('https://example.com/docs');
  });

  it.each([
    ['not JSON', '{ site: ', 'key `file`'],
    ['a site that is no URL', '{ "site": "example.com" }', 'key `site`'],
    ['a base that is no path', '{ "base": "blog" }', 'key `base`'],
  ])('a manifest with %s is a clear error naming the file and the key (exit 2)', async (_case, text, key) => {
    const site = prefixedSite();
    cleanups.push(site.cleanup);
    writeFileSync(path.join(site.root, BUILD_MANIFEST_FILE), text);
    const result = await check([site.root]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(BUILD_MANIFEST_FILE);
    expect(result.stderr).toContain(key);
  });
});

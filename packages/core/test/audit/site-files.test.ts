import { symlinkSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { auditSite, MAX_HTML_BYTES } from '../../src/audit/audit-site.js';
import { listHtmlFiles } from '../../src/audit/read-files.js';
import type { AuditReport } from '../../src/audit/types.js';
import { PAGE, tempSite } from './temp-site.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function site(files: Record<string, string | Uint8Array>): string {
  const made = tempSite(files);
  cleanups.push(made.cleanup);
  return made.root;
}

function findings(report: AuditReport): Array<[string, string]> {
  return report.findings.map((finding) => [finding.id, finding.message]);
}

const urlset = (...urls: string[]): string =>
  `<urlset>${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>`;

describe('listing files', () => {
  it('follows links to files, not to folders, and reports broken links', async () => {
    const root = site({ 'index.html': PAGE, 'real/page.html': PAGE, 'notes.txt': 'x' });
    symlinkSync(path.join(root, 'real'), path.join(root, 'loop'));
    symlinkSync(path.join(root, 'real/page.html'), path.join(root, 'alias.html'));
    symlinkSync(path.join(root, 'missing.html'), path.join(root, 'broken.html'));
    symlinkSync(path.join(root, 'notes.txt'), path.join(root, 'notes-link.txt'));
    const list = await listHtmlFiles(root);
    expect(list.files).toEqual(['alias.html', 'index.html', 'real/page.html']);
    expect(list.skipped.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'broken.html', reason: 'broken symbolic link' },
      { file: 'loop', reason: 'symbolic link to a folder, not followed' },
    ]);
  });

  it('says which files were skipped and why, and audits the rest', async () => {
    const root = site({
      'index.html': PAGE,
      'ok/index.html': PAGE,
      'big.html': '',
      'bad.html': new Uint8Array([0x3c, 0x70, 0x3e, 0xff, 0xfe]),
      'sitemap.xml': urlset('https://example.com/'),
    });
    truncateSync(path.join(root, 'big.html'), MAX_HTML_BYTES + 1);
    const report = await auditSite(root);
    expect(report.summary).toMatchObject({ pages: 2, skipped: 2 });
    expect(findings(report).filter(([id]) => id === 'skipped')).toEqual([
      ['skipped', 'Skipped bad.html: not valid UTF-8 (byte 0xff at offset 3; Latin-1 or Windows-1252?).'],
      ['skipped', 'Skipped big.html: larger than 16.0 MB (16.0 MB).'],
    ]);
  });
});

describe('sitemaps', () => {
  it('reads gzipped sitemaps from an index and reports missing children, loops and non-files', async () => {
    const root = site({
      'robots.txt':
        'User-agent: *\nAllow: /\nSitemap: https://example.com/sitemap-index.xml\nSitemap: https://cdn.example.net/sitemap.xml\nSitemap: /relative.xml\n',
      'sitemap-index.xml': `<sitemapindex>${[
        'sitemap-0.xml.gz',
        'sitemap-index.xml',
        'gone.xml',
        'folder.xml',
        'broken.xml.gz',
      ]
        .map((file) => `<sitemap><loc>https://example.com/${file}</loc></sitemap>`)
        .join('')}</sitemapindex>`,
      'sitemap-0.xml.gz': gzipSync(urlset('https://example.com/', 'https://example.com/a/')),
      'folder.xml/index.html': PAGE,
      'broken.xml.gz': 'not gzip',
      'index.html': PAGE,
      'a/index.html': PAGE,
    });
    const report = await auditSite(root);
    expect(report.sitemaps.map((sitemap) => [sitemap.file, sitemap.kind, sitemap.urlCount])).toEqual([
      ['sitemap-index.xml', 'index', 5],
      [undefined, 'external', 0],
      ['sitemap-0.xml.gz', 'urlset', 2],
      ['gone.xml', 'missing', 0],
      ['folder.xml', 'invalid', 0],
      ['broken.xml.gz', 'invalid', 0],
    ]);
    expect(report.pages.every((page) => page.inSitemap || page.url === '/folder.xml/')).toBe(true);
    expect(findings(report)).toEqual([
      ['sitemap-invalid', 'Sitemap broken.xml.gz cannot be read: not valid gzip.'],
      ['sitemap-invalid', 'Sitemap folder.xml cannot be read: a folder, not a file.'],
      [
        'sitemap-missing',
        'sitemap-index.xml points at sitemap `https://example.com/gone.xml`, which is not in the output folder.',
      ],
      [
        'robots-txt-syntax',
        expect.stringContaining('robots.txt line 5: a sitemap must be a full URL') as unknown as string,
      ],
    ]);
  });

  it('reads the well-known names only when robots.txt names no sitemap, and takes the site from the first <loc>', async () => {
    const root = site({
      'sitemap_index.xml': '<sitemapindex><sitemap><loc>https://example.org/s.xml</loc></sitemap></sitemapindex>',
      's.xml': urlset('https://example.org/'),
      'index.html': PAGE,
    });
    const report = await auditSite(root);
    expect(report.site).toBe('https://example.org');
    expect(report.sitemaps.map((sitemap) => sitemap.file)).toEqual(['sitemap_index.xml', 's.xml']);
    expect(report.pages[0]).toMatchObject({ url: '/', inSitemap: true });
  });

  it('reports a sitemap whose name the file system refuses', async () => {
    const root = site({ 'robots.txt': `Sitemap: https://example.com/${'x'.repeat(300)}.xml\n`, 'index.html': PAGE });
    const report = await auditSite(root);
    expect(findings(report)).toEqual([
      ['sitemap-invalid', expect.stringContaining('cannot be read (ENAMETOOLONG)') as unknown as string],
    ]);
  });

  it('does not read outside the folder', async () => {
    const root = site({ 'robots.txt': 'Sitemap: https://example.com/..%2F..%2Fetc%2Fpasswd\n', 'index.html': PAGE });
    const report = await auditSite(root);
    expect(report.sitemaps).toEqual([
      { url: 'https://example.com/..%2F..%2Fetc%2Fpasswd', file: '../../etc/passwd', kind: 'missing', urlCount: 0 },
    ]);
  });
});

describe('header files', () => {
  it('reads vercel.json beside the folder, and reports header files it cannot read', async () => {
    const root = site({
      'project/vercel.json': JSON.stringify({
        headers: [{ source: '/(.*)', headers: [{ key: 'x-robots-tag', value: 'noarchive' }] }],
      }),
      'project/dist/index.html': PAGE,
      'project/dist/_headers': new Uint8Array([0x2f, 0x2a, 0x0a, 0xff]),
    });
    const report = await auditSite(path.join(root, 'project/dist'));
    expect(report.headerFiles).toEqual(['../vercel.json']);
    expect(report.pages[0]!.crawlers['*']!.directives).toEqual(['noarchive']);
    expect(findings(report)).toContainEqual([
      'skipped',
      'Skipped _headers: not valid UTF-8 (byte 0xff at offset 3; Latin-1 or Windows-1252?).',
    ]);
  });

  it('reports an invalid vercel.json and applies .htaccess set, add and unset in order', async () => {
    const root = site({
      'vercel.json': '{ not json',
      '.htaccess':
        'Header set X-Robots-Tag "noindex"\n<FilesMatch "^open\\.html$">\n  Header unset X-Robots-Tag\n  Header add X-Robots-Tag "noarchive"\n</FilesMatch>\n<FilesMatch "([">\n  Header set X-Robots-Tag "none"\n</FilesMatch>\n',
      'index.html': PAGE,
      'open.html': PAGE,
    });
    const report = await auditSite(root);
    expect(findings(report)).toContainEqual(['skipped', 'Skipped vercel.json: invalid JSON.']);
    expect(report.pages.map((page) => [page.url, page.crawlers['*']!.directives])).toEqual([
      ['/', ['noindex']],
      ['/open', ['noarchive']],
    ]);
  });
});

describe('options', () => {
  it('reject a bad trailing-slash mode and crawler list, naming the option', async () => {
    const root = site({ 'index.html': PAGE });
    await expect(auditSite(root, { trailingSlash: 'allways' as never })).rejects.toThrow(
      'invalid trailing-slash mode `allways`; expected `always`, `never` or `ignore`. Did you mean `always`?',
    );
    await expect(auditSite(root, { crawlers: [] })).rejects.toThrow('no crawler given');
    await expect(auditSite(root, { crawlers: ['Google Bot'] })).rejects.toThrow(
      'key `crawlers[0]`: invalid crawler name `Google Bot`',
    );
  });

  it('report progress for every page', async () => {
    const root = site({ 'a.html': PAGE, 'b.html': PAGE, 'c/index.html': PAGE });
    const calls: Array<[number, number]> = [];
    await auditSite(root, { onProgress: (done, total) => calls.push([done, total]), concurrency: 1 });
    expect(calls).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('match sitemap URLs per trailing-slash mode', async () => {
    const files = {
      'a.html': PAGE,
      'b/index.html': PAGE,
      'sitemap.xml': urlset('https://example.com/a', 'https://example.com/b/', 'https://example.com/a.html'),
    };
    const ids = async (trailingSlash: 'always' | 'never' | 'ignore'): Promise<string[]> =>
      (await auditSite(site(files), { trailingSlash })).findings
        .filter((finding) => finding.id === 'sitemap-url-missing')
        .flatMap((finding) => finding.urls);
    expect(await ids('ignore')).toEqual([]);
    // `always` serves a.html at /a.html only; /b/ and /a.html are still served by their files with `never`
    expect(await ids('always')).toEqual(['/a']);
    expect(await ids('never')).toEqual([]);
  });
});

/**
 * Issue 13: the audit pointed at a folder nobody here built (CI on pull requests from strangers).
 * Each item's minimal hostile input; time is CPU as a ratio to a same-size benign input, memory
 * the live heap's growth with `process.memoryUsage()`.
 */
import { execFileSync } from 'node:child_process';
import { constants, mkdirSync, mkdtempSync, openSync, closeSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { readPage } from '../../src/audit/read-page.js';
import { runCli } from '../../src/cli/run-cli.js';
import { generateHeaderFiles, parseRobots } from '../../src/index.js';
import { captureIo } from '../audit/capture.js';
import { tempSite } from '../audit/temp-site.js';
import { cpuRatio, cpuRatioAsync } from './cpu.js';
import { MB, peakHeapGrowth } from './memory.js';

const PAGE = '<!doctype html><html><head><title>t</title></head><body>t</body></html>';
async function withSite<T>(files: Record<string, string | Uint8Array>, task: (root: string) => Promise<T>): Promise<T> {
  const { root, cleanup } = tempSite(files);
  try {
    return await task(root);
  } finally {
    cleanup();
  }
}
const findingIds = (report: Awaited<ReturnType<typeof auditSite>>) => report.findings.map((finding) => finding.id);

describe('item 1: header-file patterns run in linear time', () => {
  const page = `${'a'.repeat(34)}.html`;
  const headerFiles = (hostile: boolean): Record<string, string> => ({
    [page]: PAGE,
    '.htaccess': `<If "%{REQUEST_URI} =~ m#^/(a|${hostile ? 'a' : 'b'})+b$#">\n  Header set X-Robots-Tag "noindex"\n</If>\n`,
    _headers: `/a*${hostile ? 'a*'.repeat(11) : 'c*'.repeat(11)}b\n  X-Robots-Tag: noindex\n`,
    '../vercel.json': JSON.stringify({
      headers: [
        { source: hostile ? '/:p((?:a|a)+b)' : '/:p((?:a|c)+b)', headers: [{ key: 'X-Robots-Tag', value: 'noindex' }] },
      ],
    }),
  });

  it("an audit of the issue's .htaccess, _headers and vercel.json costs what benign patterns cost", async () => {
    const hostile = tempSite(
      Object.fromEntries(
        Object.entries(headerFiles(true)).map(([file, text]) => [file.replace('../', 'site/../'), text]),
      ),
    );
    const benign = tempSite(
      Object.fromEntries(
        Object.entries(headerFiles(false)).map(([file, text]) => [file.replace('../', 'site/../'), text]),
      ),
    );
    try {
      const dir = (root: string) => path.join(root, 'site');
      for (const root of [hostile.root, benign.root]) mkdirSync(dir(root), { recursive: true });
      for (const [root, files] of [
        [hostile.root, headerFiles(true)],
        [benign.root, headerFiles(false)],
      ] as const) {
        for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir(root), file), text);
      }
      const report = await auditSite(dir(hostile.root));
      expect(report.headerFiles.sort()).toEqual(['../vercel.json', '.htaccess', '_headers']);
      expect(report.pages[0]!.crawlers['*']!.indexable).toBe(true);
      const ratio = await cpuRatioAsync(
        () => auditSite(dir(hostile.root)),
        () => auditSite(dir(benign.root)),
      );
      expect(ratio).toBeLessThan(3);
    } finally {
      hostile.cleanup();
      benign.cleanup();
    }
  });

  it('a backreference the audit will not run is reported, and matches nothing', async () => {
    await withSite(
      {
        'a.html': PAGE,
        '.htaccess': '<If "%{REQUEST_URI} =~ m#^/(a)\\1#">\n  Header set X-Robots-Tag "noindex"\n</If>\n',
      },
      async (root) => {
        const report = await auditSite(root);
        expect(report.findings.find((finding) => finding.id === 'header-rule-unchecked')?.message).toBe(
          '.htaccess: the audit cannot check the pattern `^/(a)\\1` (a backreference); pages it may match were audited without its X-Robots-Tag.',
        );
      },
    );
  });
});

describe('item 2: special files are reported, never opened', () => {
  it.each([['robots.txt'], ['sitemap.xml'], ['_headers'], ['page.html']])('a named pipe called %s', async (name) => {
    const { root, cleanup } = tempSite({ 'index.html': PAGE });
    const fifo = path.join(root, name);
    execFileSync('mkfifo', [fifo]);
    // If the audit ever opens the pipe to read, this unblocks it (a non-blocking open for writing
    // succeeds only while a reader waits), so a regression fails the test instead of hanging the suite.
    let unblocked = false;
    const watchdog = setInterval(() => {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
        unblocked = true;
      } catch {
        // no reader waiting: as it should be
      }
    }, 500);
    try {
      const report = await auditSite(root);
      expect(unblocked).toBe(false);
      const skipped = report.findings
        .filter((finding) => finding.id === 'skipped' || finding.id === 'sitemap-invalid')
        .map((finding) => finding.message);
      expect(skipped).toEqual([
        name === 'sitemap.xml'
          ? 'Sitemap sitemap.xml cannot be read: a named pipe (FIFO), not a file.'
          : `Skipped ${name}: a named pipe (FIFO), not a file.`,
      ]);
    } finally {
      clearInterval(watchdog);
      cleanup();
    }
  });
});

describe('item 3 and item 10: sitemaps are streamed, every URL checked, memory bounded', () => {
  it('20 gzip sitemaps of 10,000 long URLs each: the live heap grows by far less than their text', async () => {
    const files: Record<string, string | Uint8Array> = { 'index.html': PAGE };
    const children: string[] = [];
    for (let f = 0; f < 20; f++) {
      const urls = Array.from(
        { length: 10_000 },
        (_, i) => `<url><loc>https://example.com/${'segment-'.repeat(60)}${f}-${i}/</loc></url>`,
      ).join('');
      files[`s-${f}.xml.gz`] = gzipSync(`<urlset>${urls}</urlset>`);
      children.push(`<sitemap><loc>https://example.com/s-${f}.xml.gz</loc></sitemap>`);
    }
    files['sitemap-index.xml'] = `<sitemapindex>${children.join('')}</sitemapindex>`;
    await withSite(files, async (root) => {
      let report: Awaited<ReturnType<typeof auditSite>> | undefined;
      // 20 files × 5 MB of text: kept slices of it would pin 100 MB, and the entries more.
      const growth = await peakHeapGrowth(async () => (report = await auditSite(root)), 100);
      expect(report!.summary.sitemapUrls).toBe(200_000);
      expect(report!.findings.find((finding) => finding.id === 'sitemap-url-missing')?.message).toMatch(
        /^s-0\.xml\.gz lists 10,000 URLs|^s-0\.xml\.gz lists 10000 URLs/,
      );
      expect(growth).toBeLessThan(48 * MB);
    });
  });

  it('a noindex page at entry 240,000 of one sitemap is reported, with the 50,000 limit', async () => {
    const urls = `${'<url><loc>https://example.com/a/</loc></url>'.repeat(239_999)}<url><loc>https://example.com/hidden/</loc></url>`;
    await withSite(
      {
        'a/index.html': PAGE,
        'hidden/index.html': '<html><head><meta name="robots" content="noindex"></head></html>',
        'sitemap.xml': `<urlset>${urls}</urlset>`,
      },
      async (root) => {
        const report = await auditSite(root);
        expect(report.sitemaps).toEqual([
          { url: 'sitemap.xml', file: 'sitemap.xml', kind: 'urlset', urlCount: 240_000 },
        ]);
        expect(findingIds(report)).toEqual(expect.arrayContaining(['noindex-in-sitemap', 'sitemap-too-many-urls']));
        expect(report.findings.find((finding) => finding.id === 'noindex-in-sitemap')!.urls).toEqual(['/hidden/']);
        expect(report.findings.find((finding) => finding.id === 'sitemap-too-many-urls')!.message).toMatch(
          /^sitemap\.xml lists 240,000 URLs, over the protocol's 50,000 per file/,
        );
        const io = captureIo();
        expect(await runCli(['check', root], io)).toBe(1);
      },
    );
  });
});

describe('item 4: line numbers in one pass', () => {
  it('a one-line page with many robots tags costs what the same tags on many lines cost', () => {
    const tag = '<meta name="robots" content="noarchive">';
    const oneLine = `<head>${tag.repeat(40_000)}</head>`;
    const manyLines = `<head>${`${tag}\n`.repeat(40_000).slice(0, oneLine.length - 13)}</head>`;
    expect(readPage(oneLine).robotsTags.at(-1)!.line).toBe(1);
    expect(readPage(manyLines).robotsTags.at(-1)!.line).toBeGreaterThan(39_000);
    expect(
      cpuRatio(
        () => readPage(oneLine),
        () => readPage(manyLines),
        { trials: 3 },
      ),
    ).toBeLessThan(3);
  });
});

describe('item 5: did-you-mean only for short words', () => {
  const unknown = 'x'.repeat(160_000);
  const known = 'noindex,'.repeat(20_000);

  it('parseRobots of a 160,000-character unknown directive costs what a valid list of that size costs', () => {
    expect(() => parseRobots(unknown)).toThrow(/unknown directive/);
    const ratio = cpuRatio(
      () => {
        try {
          parseRobots(unknown);
        } catch {
          // the error is the point
        }
      },
      () => parseRobots(known),
      { trials: 3 },
    );
    expect(ratio).toBeLessThan(5);
  });

  it('an audit of a page with a 500 KB unknown directive costs what a valid one costs', async () => {
    const page = (content: string) => `<html><head><meta name="robots" content="${content}"></head></html>`;
    const hostile = tempSite({ 'index.html': page('x'.repeat(500_000)) });
    const benign = tempSite({ 'index.html': page('noindex,'.repeat(62_500)) });
    try {
      const report = await auditSite(hostile.root);
      expect(findingIds(report)).toContain('invalid-robots-directive');
      expect(
        await cpuRatioAsync(
          () => auditSite(hostile.root),
          () => auditSite(benign.root),
        ),
      ).toBeLessThan(5);
    } finally {
      hostile.cleanup();
      benign.cleanup();
    }
  });
});

describe('item 6: header rules grow linearly with the pages', () => {
  const pages = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      url: `/blog/post-${i}/`,
      tags: i % 3 ? { robots: 'noindex' } : { robots: 'nosnippet', googlebot: 'noarchive' },
    }));
  const generate = (count: number) => {
    const list = pages(count);
    return () =>
      generateHeaderFiles(
        {
          targets: ['netlify', 'vercel', 'apache'],
          html: true,
          rules: [
            { path: '/files/**', robots: 'noindex' },
            { path: '/blog/**', robots: 'noarchive' },
          ],
        },
        { indexable: true, pages: list, readExisting: () => undefined },
      );
  };
  it('four times the pages cost about four times the CPU, not sixteen', () => {
    expect(generate(4000)()[0]!.content).toContain('/blog/post-3999/');
    expect(cpuRatio(generate(4000), generate(1000), { trials: 2, minimum: 0 })).toBeLessThan(8);
  });
});

describe('item 12 and minor: links that leave the folder or loop are refused with the right reason', () => {
  it('a robots.txt link to a file outside the folder is not read, and its text is printed nowhere', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'robots-kit-secret-'));
    writeFileSync(path.join(outside, 'passwd'), 'root:x:0:0:SECRET-LINE:/root:/bin/sh\n');
    try {
      await withSite({ 'index.html': PAGE }, async (root) => {
        symlinkSync(path.join(outside, 'passwd'), path.join(root, 'robots.txt'));
        symlinkSync(path.join(outside, 'passwd'), path.join(root, 'leak.html'));
        const report = await auditSite(root);
        expect(report.robotsTxt.found).toBe(false);
        expect(report.findings.filter((finding) => finding.id === 'skipped').map((finding) => finding.message)).toEqual(
          [
            'Skipped leak.html: a symbolic link to outside the folder, not followed.',
            'Skipped robots.txt: a symbolic link to outside the folder, not followed.',
          ],
        );
        for (const format of ['table', 'json', 'github', 'sarif']) {
          const io = captureIo();
          await runCli(['check', root, `--format=${format}`, '--pages'], io);
          expect(io.stdout.text() + io.stderr.text()).not.toContain('SECRET-LINE');
        }
      });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('looping links and non-UTF-8 files get their own reasons', async () => {
    await withSite(
      { 'index.html': PAGE, 'latin.html': Buffer.from('<title>caf\xe9</title>', 'latin1') },
      async (root) => {
        symlinkSync('loop.html', path.join(root, 'loop.html'));
        symlinkSync('robots.txt', path.join(root, 'robots.txt'));
        const report = await auditSite(root);
        expect(report.findings.filter((finding) => finding.id === 'skipped').map((finding) => finding.message)).toEqual(
          [
            'Skipped latin.html: not valid UTF-8 (byte 0xe9 at offset 10; Latin-1 or Windows-1252?).',
            'Skipped loop.html: a symbolic link loop.',
            'Skipped robots.txt: a symbolic link loop.',
          ],
        );
      },
    );
  });
});

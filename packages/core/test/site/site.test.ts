import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRobotsTxtReport } from '../../src/index.js';
import {
  capLines,
  findHiddenNoindex,
  isNoindexPage,
  outputFileForUrl,
  readRobotsTags,
  siteWarnings,
  writeFileAtomic,
} from '../../src/adapter.js';

describe('readRobotsTags', () => {
  it('reads robots and crawler tags from the head only', () => {
    const html =
      '<!doctype html><html><head><meta name="ROBOTS" content="noindex"><meta name="googlebot" content="nosnippet"><meta name="description" content="x"></head><body><meta name="robots" content="none"></body></html>';
    expect(readRobotsTags(html)).toEqual([
      { name: 'ROBOTS', content: 'noindex' },
      { name: 'googlebot', content: 'nosnippet' },
    ]);
    expect(readRobotsTags('{"json": true}')).toEqual([]);
  });
});

describe('isNoindexPage', () => {
  it.each([
    [{ robots: 'noindex, follow' }, true],
    [{ robots: 'none' }, true],
    [{ googlebot: 'noindex' }, true],
    [{ bingbot: 'noindex' }, false],
    [{ robots: 'nofollow', googlebot: 'max-snippet:-1' }, false],
    [{}, false],
    [[{ name: 'Robots', content: 'NOINDEX' }], true],
    [[{ name: 'robots', content: 'bogus' }], false],
  ])('%j → %s', (tags, expected) => {
    expect(isNoindexPage(tags)).toBe(expected);
  });
});

describe('findHiddenNoindex and siteWarnings', () => {
  const robotsTxt = 'User-agent: *\nDisallow: /drafts/\n\nUser-agent: Googlebot\nDisallow: /private/\n';
  const pages = [
    { url: '/drafts/a/', tags: { robots: 'noindex, follow' } },
    { url: '/private/b/', tags: { robots: 'noindex' } },
    { url: '/drafts/c/', tags: { googlebot: 'max-snippet:-1' } },
    { url: '/tags/', tags: { robots: 'noindex, follow' } },
  ];
  it('finds noindex pages that robots.txt blocks for * or Googlebot, with the line', () => {
    expect(findHiddenNoindex(pages, robotsTxt)).toEqual([
      { url: '/drafts/a/', crawler: '*', line: 2 },
      { url: '/private/b/', crawler: 'Googlebot', line: 5 },
    ]);
  });
  it('reads no page when robots.txt disallows nothing to * or Googlebot, and still finds one behind their Disallow', () => {
    const untouchable = {
      [Symbol.iterator]: () => {
        throw new Error('pages read');
      },
    };
    expect(findHiddenNoindex(untouchable, 'User-agent: *\nAllow: /\nDisallow:\n')).toEqual([]);
    expect(findHiddenNoindex(untouchable, 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow:\n')).toEqual([]);
    expect(() => findHiddenNoindex(untouchable, 'User-agent: GPTBot\nUser-agent: *\nDisallow: /x\n')).toThrow(
      'pages read',
    );
    expect(findHiddenNoindex(pages, 'User-agent: Googlebot\nDisallow: /tags\n')).toEqual([
      { url: '/tags/', crawler: 'Googlebot', line: 2 },
    ]);
  });
  it('writes the report warnings, then one line per hidden page, capped with a count', () => {
    const report = generateRobotsTxtReport(
      {
        groups: [
          { userAgent: '*', disallow: ['/drafts/'] },
          { userAgent: 'Googlebot', disallow: ['/private/'] },
        ],
      },
      { indexable: true },
    );
    const many = Array.from({ length: 15 }, (_, i) => ({ url: `/drafts/${i}/`, tags: { robots: 'noindex' } }));
    const warnings = siteWarnings(report, many, { max: 10 });
    expect(warnings.filter((line) => line.includes('carries noindex'))).toHaveLength(10);
    expect(warnings).toContain('…and 5 more');
    expect(warnings.filter((line) => /Googlebot/.test(line) && /group/i.test(line))).toHaveLength(1);
    expect(siteWarnings(report, many, { indexable: false }).some((line) => line.includes('carries noindex'))).toBe(
      false,
    );
    expect(siteWarnings(generateRobotsTxtReport({}, { indexable: true }), [])).toEqual([]);
  });
});

describe('capLines', () => {
  it('keeps short lists and caps long ones', () => {
    expect(capLines(['a', 'b'], 2)).toEqual(['a', 'b']);
    expect(capLines(['a', 'b', 'c'], 2)).toEqual(['a', 'b', '…and 1 more']);
  });
});

describe('outputFileForUrl', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-kit-out-'));
  mkdirSync(join(dir, 'a'), { recursive: true });
  writeFileSync(join(dir, 'a', 'index.html'), 'A');
  writeFileSync(join(dir, 'b.html'), 'B');
  writeFileSync(join(dir, 'index.html'), 'I');
  mkdirSync(join(dir, 'caf\u00e9'));
  writeFileSync(join(dir, 'caf\u00e9', 'index.html'), 'C');
  it.each([
    ['/a/', 'a/index.html'],
    ['/a', 'a/index.html'],
    ['https://example.com/a/?x=1', 'a/index.html'],
    ['/b', 'b.html'],
    ['/b.html', 'b.html'],
    ['/', 'index.html'],
    ['/caf%C3%A9/', 'caf\u00e9/index.html'],
    ['/docs/b', 'b.html', '/docs/'],
  ])('%s → %s', (url, file, base) => {
    expect(outputFileForUrl(dir, url, base)).toBe(join(dir, file));
  });
  it('finds nothing for missing files and refuses to leave the folder', () => {
    expect(outputFileForUrl(dir, '/missing/')).toBeUndefined();
    expect(outputFileForUrl(dir, '/%2e%2e/etc/passwd')).toBeUndefined();
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-kit-atomic-'));
    const file = join(dir, 'deep', 'robots.txt');
    writeFileAtomic(file, 'one\n');
    writeFileAtomic(file, 'two\n');
    expect(readFileSync(file, 'utf8')).toBe('two\n');
    expect(readdirSync(join(dir, 'deep'))).toEqual(['robots.txt']);
  });
  it('keeps the old file and cleans up when the write fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-kit-atomic-'));
    const file = join(dir, 'page.html');
    writeFileAtomic(file, 'old');
    // A folder where the file should be renamed to makes the rename fail.
    const blocked = join(dir, 'blocked');
    mkdirSync(join(blocked, 'x'), { recursive: true });
    expect(() => writeFileAtomic(blocked, 'new')).toThrow();
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'page.html']);
    expect(readFileSync(file, 'utf8')).toBe('old');
    chmodSync(dir, 0o755);
  });
});

describe('listOutputFiles', () => {
  it('lists every file as a sorted URL path', async () => {
    const { listOutputFiles } = await import('../../src/adapter.js');
    const dir = mkdtempSync(join(tmpdir(), 'robots-kit-files-'));
    mkdirSync(join(dir, 'files', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '');
    writeFileSync(join(dir, 'files', 'guide.pdf'), '');
    writeFileSync(join(dir, 'files', 'deep', 'a.pdf'), '');
    expect(listOutputFiles(dir)).toEqual(['/files/deep/a.pdf', '/files/guide.pdf', '/index.html']);
  });
});

describe('writeHeaderFiles', () => {
  it('lists the built PDFs for _headers, merges the existing file and writes Vercel beside the project', async () => {
    const { writeHeaderFiles, parseHeadersFile } = await import('../../src/adapter.js');
    const root = mkdtempSync(join(tmpdir(), 'robots-kit-headers-'));
    const out = join(root, 'dist');
    mkdirSync(join(out, 'files'), { recursive: true });
    writeFileSync(join(out, 'files', 'guide.pdf'), '%PDF');
    writeFileSync(join(out, 'index.html'), '<!doctype html>');
    writeFileSync(join(out, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    const written = writeHeaderFiles(
      { targets: ['netlify', 'vercel'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] },
      { indexable: true, outputDir: out, projectDir: root },
    );
    expect(written.map((file) => file.absolutePath).sort()).toEqual([
      join(out, '_headers'),
      join(root, 'vercel-headers.json'),
    ]);
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    expect(headers.startsWith('/*\n  X-Frame-Options: DENY\n')).toBe(true);
    const rules = parseHeadersFile(headers);
    expect(rules.get('/files/guide.pdf')?.map((h) => `${h.name}: ${h.value}`)).toEqual(['X-Robots-Tag: noindex']);
    expect(JSON.parse(readFileSync(join(root, 'vercel-headers.json'), 'utf8')).headers).toHaveLength(1);
    expect(readdirSync(out).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('auditLogLines', () => {
  it('gives the headline, one line per finding at its level, and the error count', async () => {
    const { auditLogLines } = await import('../../src/adapter.js');
    const { auditSite } = await import('../../src/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'robots-kit-auditlog-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /hidden/\n');
    mkdirSync(join(dir, 'hidden'));
    writeFileSync(
      join(dir, 'hidden', 'index.html'),
      '<!doctype html><html><head><meta name="robots" content="noindex"></head><body></body></html>',
    );
    const report = await auditSite(dir, { site: 'https://example.com' });
    const { lines, errors } = auditLogLines(report);
    expect(lines[0]!.level).toBe('info');
    expect(lines).toHaveLength(report.findings.length + 1);
    expect(errors).toBe(report.findings.filter((finding) => finding.severity === 'error').length);
    expect(errors).toBeGreaterThan(0);
    expect(lines.some((line) => line.level === 'error' && line.message.includes('/hidden/'))).toBe(true);
  });
});

describe('issue 37 item 4: info findings of one kind share one build-log line', () => {
  /** A site whose 12 tag pages are noindex on purpose, each linked from the indexable home page. */
  function tagSite(): string {
    const dir = mkdtempSync(join(tmpdir(), 'robots-kit-quiet-'));
    const tags = Array.from({ length: 12 }, (_, i) => `tag-${i}`);
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><title>Home</title></head><body>${tags.map((tag) => `<a href="/tags/${tag}/">${tag}</a>`).join('')}</body></html>`,
    );
    for (const tag of tags) {
      mkdirSync(join(dir, 'tags', tag), { recursive: true });
      writeFileSync(
        join(dir, 'tags', tag, 'index.html'),
        '<!doctype html><html><head><meta name="robots" content="noindex"></head><body></body></html>',
      );
    }
    return dir;
  }

  it('12 link-to-noindex findings are one info line naming the first targets and where the full list is', async () => {
    const { auditLogLines } = await import('../../src/adapter.js');
    const { auditSite } = await import('../../src/index.js');
    const report = await auditSite(tagSite(), { site: 'https://example.com' });
    expect(report.findings.filter((finding) => finding.id === 'link-to-noindex')).toHaveLength(12);
    const { lines } = auditLogLines(report);
    const infos = lines.filter((line) => line.message.includes('link-to-noindex'));
    expect(infos).toHaveLength(1);
    expect(infos[0]!.level).toBe('info');
    expect(infos[0]!.message, infos[0]!.message).toMatch(/12 findings/);
    expect(infos[0]!.message, infos[0]!.message).toMatch(/tags\/tag-0\/index\.html, .*… 9 more/);
    expect(infos[0]!.message).toContain('robots-kit check');
    // `verbose`: every finding on its own line, as before.
    expect(
      auditLogLines(report, { verbose: true }).lines.filter((line) => line.message.includes('link-to-noindex')),
    ).toHaveLength(12);
  });
});

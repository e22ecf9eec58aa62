// The audit fuzzer of `npm run fuzz` (issue 13): builds random hostile folders (regular-expression
// bombs in header files, named pipes, links out of the folder and in loops, huge and deep files,
// gzip and entity bombs, sitemaps past the protocol's limit, Latin-1, UTF-16 and NUL bytes) and
// runs `robots-kit check <dir> --format=json` on each in its own process, checking that:
//   - it ends within TIMEOUT_MS (a hang, such as a read blocked on a pipe, is killed and reported);
//   - its memory stays under MAX_RSS_MB (the heap is also capped, so a leak fails as a crash);
//   - the exit code follows the README: 1 when the report has an error finding, else 0, never 2
//     (2 is a usage error or an audit that could not run);
//   - the JSON report parses, and no byte of a file outside the folder appears in the output.
// FUZZ_SEED replays a run; FUZZ_SCALE sets the number of folders (4 per unit, default scale 5).
// A failing folder is kept and its path printed.
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const folders = Math.max(1, Math.round(4 * Number(process.env.FUZZ_SCALE ?? 5)));
const TIMEOUT_MS = 60_000;
const MAX_RSS_MB = 768;
const HEAP_MB = 512;
const SECRET = 'SECRET-OUTSIDE-THE-FOLDER';

/** mulberry32: small, seedable, good enough to pick cases. */
function random(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(seed);
const pick = (list) => list[Math.floor(next() * list.length)];
const int = (max) => Math.floor(next() * max);
const chance = (p) => next() < p;

const HOSTILE_TEXT = '\u001b[2J\u0007\u202e\u0000';
const patterns = {
  htaccess: () =>
    pick([
      '^/(a|a)+b$',
      '^/(a+)+$',
      '^/(.*a){20}$',
      '^/(a)\\1$',
      '(?<=a)b',
      `^/${'(a?)'.repeat(30)}${'a'.repeat(30)}$`,
      '[',
      'a{1001}',
    ]),
  headers: () =>
    pick([`/${'a*'.repeat(int(20) + 1)}b`, '/:a/:b/*', `/${'x'.repeat(3000)}`, `/*${HOSTILE_TEXT}`, '/(a|a)+b', '/[']),
  vercel: () => pick(['/:p((?:a|a)+b)', '/:p((a+)+)', '/:p(\\1)', '/(.*)', '/:p{', '/:p((?:a*)*b)']),
};
const pages = {
  plain: () => '<!doctype html><html><head><title>t</title></head><body>t</body></html>',
  manyTags: () => `<head>${'<meta name="robots" content="noarchive">'.repeat(int(40_000))}</head>`,
  hugeAttribute: () =>
    `<head><meta name="robots" content="${pick(['x', 'noindex,', 'max-snippet:9'.repeat(3)]).repeat(int(200_000))}"></head>`,
  deep: () => `${'<div>'.repeat(int(200_000))}<meta name="robots" content="noindex">`,
  unclosed: () => `<!--${'<meta name="robots" content="noindex">'.repeat(int(20_000))}`,
  hostile: () =>
    `<head><meta name="robots" content="noindex, ${HOSTILE_TEXT}"><meta name="viewport: noindex" content="x"><link rel="canonical" href="javascript:alert(1)"></head>`,
  bytes: () => Buffer.from(Array.from({ length: int(20_000) }, () => int(256))),
  latin1: () => Buffer.from('<head><title>caf\xe9</title><meta name="robots" content="noindex"></head>', 'latin1'),
  utf16: () =>
    Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<head><meta name="robots" content="noindex"></head>', 'utf16le'),
    ]),
};

/** One random hostile folder under `dir`; returns what it holds, for the failure report. */
function buildFolder(dir, outside) {
  const site = path.join(dir, 'site');
  mkdirSync(site, { recursive: true });
  const made = [];
  const taken = (name) => made.some((entry) => entry === name || entry.startsWith(`${name} `));
  const write = (file, content) => {
    const target = path.join(site, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    made.push(file);
  };
  const pageCount = 1 + int(6);
  for (let i = 0; i < pageCount; i++) {
    const kind = pick(Object.keys(pages));
    const name = pick([
      `p${i}.html`,
      `${'a'.repeat(34)}${i}.html`,
      `${'d/'.repeat(int(30))}p${i}.html`,
      `x${i}\u001b.html`,
    ]);
    write(name, pages[kind]());
  }
  if (chance(0.6))
    write(
      '.htaccess',
      `<If "%{REQUEST_URI} =~ m#${patterns.htaccess()}#">\n  Header set X-Robots-Tag "noindex"\n</If>\n<FilesMatch "${patterns.htaccess()}">\n  Header set X-Robots-Tag "nofollow"\n</FilesMatch>\n`,
    );
  if (chance(0.6))
    write(
      '_headers',
      `${patterns.headers()}\n  X-Robots-Tag: noindex\n${chance(0.3) ? Buffer.from('# caf\xe9\n', 'latin1').toString('latin1') : ''}`,
    );
  if (chance(0.5)) {
    const json = chance(0.8)
      ? JSON.stringify({
          headers: [{ source: patterns.vercel(), headers: [{ key: 'X-Robots-Tag', value: 'noindex' }] }],
        })
      : '{ "headers": [';
    writeFileSync(path.join(dir, 'vercel.json'), (chance(0.3) ? '\uFEFF' : '') + json);
  }
  if (chance(0.7)) {
    const lines = [
      'User-agent: *',
      `Disallow: /${pick(['private/', '*a*a*a*a*b$', 'a'.repeat(int(100_000))])}`,
      `Sitemap: ${pick(['https://example.com/sitemap.xml', '//sitemap.xml', 'https://example.com/index.xml', '/relative.xml'])}`,
    ];
    if (chance(0.3)) lines.push(`${HOSTILE_TEXT}: x`, 'x'.repeat(int(600_000)));
    write('robots.txt', lines.join('\n'));
  }
  const urls = int(chance(0.2) ? 120_000 : 2_000);
  const locs = Array.from(
    { length: urls },
    (_, i) =>
      `<url><loc>https://example.com/${pick(['p0', 'missing/' + i, 'a'.repeat(int(2000)), `p${i % 3}.html`])}</loc></url>`,
  ).join('');
  const sitemap = pick([
    () => write('sitemap.xml', `<urlset>${locs}</urlset>`),
    () =>
      write(
        'sitemap.xml',
        '<sitemapindex><sitemap><loc>https://example.com/sitemap.xml</loc></sitemap><sitemap><loc>https://example.com/s.xml.gz</loc></sitemap></sitemapindex>',
      ),
    () => write('s.xml.gz', gzipSync(Buffer.alloc((1 + int(60)) * 1024 * 1024, 0x20))),
    () =>
      write(
        'sitemap.xml',
        `<!DOCTYPE x [<!ENTITY a "${'A'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><urlset><url><loc>https://example.com/&b;</loc></url></urlset>`,
      ),
    () =>
      write(
        'index.xml',
        `<sitemapindex>${Array.from({ length: int(3000) }, (_, i) => `<sitemap><loc>https://example.com/c${i}.xml</loc></sitemap>`).join('')}</sitemapindex>`,
      ),
  ]);
  sitemap();
  // Special files: named pipes, links out of the folder and in loops, a folder where a file goes.
  for (const name of ['robots.txt', 'sitemap.xml', '_headers', 'pipe.html']) {
    if (chance(0.15) && !taken(name)) {
      execFileSync('mkfifo', [path.join(site, name)]);
      made.push(`${name} (fifo)`);
    }
  }
  for (const name of ['robots.txt', 'leak.html', 'sitemap.xml']) {
    if (chance(0.15) && !taken(name)) {
      symlinkSync(outside, path.join(site, name));
      made.push(`${name} → outside`);
    }
  }
  if (chance(0.15) && !taken('loop.html')) {
    symlinkSync('loop.html', path.join(site, 'loop.html'));
    made.push('loop.html (loop)');
  }
  if (chance(0.1) && !taken('_headers')) {
    mkdirSync(path.join(site, '_headers'));
    made.push('_headers (folder)');
  }
  return { site, made };
}

const runner = `
const { runCli } = await import(${JSON.stringify(path.join(root, 'packages/core/dist/cli/run-cli.js'))});
process.on('exit', () => process.stderr.write('\\nmaxrss-kb:' + process.resourceUsage().maxRSS + '\\n'));
process.exitCode = await runCli(process.argv.slice(1));
`;
const work = mkdtempSync(path.join(tmpdir(), 'robots-kit-audit-fuzz-'));
const outside = path.join(work, 'outside.txt');
writeFileSync(outside, `root:x:0:0:${SECRET}:/root:/bin/sh\n`);
process.stdout.write(
  `audit fuzz: ${folders} folders with FUZZ_SEED=${seed} (limits: ${TIMEOUT_MS / 1000} s, ${MAX_RSS_MB} MB resident, ${HEAP_MB} MB heap)\n`,
);
let failures = 0;
let maxRss = 0;
for (let i = 0; i < folders; i++) {
  const dir = path.join(work, `case-${i}`);
  const { site, made } = buildFolder(dir, outside);
  const result = spawnSync(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, '--input-type=module', '-e', runner, 'check', site, '--format=json'],
    { encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 * 1024 },
  );
  const rss = Number(/maxrss-kb:(\d+)/.exec(result.stderr ?? '')?.[1] ?? 0) / 1024;
  maxRss = Math.max(maxRss, rss);
  const problems = [];
  if (result.error?.code === 'ETIMEDOUT' || result.signal)
    problems.push(`did not end within ${TIMEOUT_MS / 1000} s (${result.signal ?? result.error?.code})`);
  else {
    let report;
    try {
      report = JSON.parse(result.stdout);
    } catch {
      problems.push(
        `output is not JSON: ${JSON.stringify(result.stdout.slice(0, 200))} ${JSON.stringify(result.stderr.slice(0, 500))}`,
      );
    }
    const hasError = report?.findings?.some((finding) => finding.severity === 'error');
    if (report && result.status !== (hasError ? 1 : 0))
      problems.push(`exit code ${result.status}, but the report ${hasError ? 'has' : 'has no'} error finding`);
    if (`${result.stdout}${result.stderr}`.includes(SECRET))
      problems.push('printed the content of a file outside the folder');
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(result.stdout))
      problems.push('printed a raw control character');
  }
  if (rss > MAX_RSS_MB) problems.push(`used ${rss.toFixed(0)} MB resident, over ${MAX_RSS_MB} MB`);
  if (problems.length > 0) {
    failures++;
    process.stdout.write(`✘ case ${i} (${dir}; ${made.join(', ')}):\n  ${problems.join('\n  ')}\n`);
  } else rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(
  `audit fuzz: ${folders - failures}/${folders} folders passed; largest resident size ${maxRss.toFixed(0)} MB\n`,
);
if (failures === 0) rmSync(work, { recursive: true, force: true });
process.exit(failures === 0 ? 0 : 1);

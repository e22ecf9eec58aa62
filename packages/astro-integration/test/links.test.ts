/**
 * Issue 16 parts 1 and 5: `links` and `nosnippet` rules in a real Astro build of
 * `test/fixtures/links/` (`base: '/site'`, `build.format: 'file'`, `@astrojs/node`): prerendered
 * pages are checked in the written files, the on-demand page as its built server sends it, and
 * `astro dev` serves the same, following an edit of a page's own `links`.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';
import { get, startNodeServer, type RunningServer } from './helpers/start-node-server.js';

/** Every `<a …>` start tag of the page, as written. */
function anchors(html: string): string[] {
  return html.match(/<a\s[^>]*>/g) ?? [];
}

describe('links and nosnippet in an Astro build', () => {
  let site: BuiltFixture;
  let server: RunningServer;
  beforeAll(async () => {
    site = await buildFixture('links', { config: { logLevel: 'info' } });
    server = await startNodeServer(fileURLToPath(new URL('server/entry.mjs', site.outDir)));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('adds rel values by host and inside `.comments` (omitted `</li>` and `</p>` included), merged', async () => {
    expect(anchors(await site.read('client/index.html'))).toEqual([
      '<a href="/site/">',
      '<a href="https://www.amazon.com/dp/1" rel="noopener sponsored">',
      '<a href="https://spam.example.org/" rel="nofollow ugc">',
      '<a href="/site/forum/thread" rel="ugc">',
      '<a href="https://blog.example.org/" rel="ugc">',
      '<a href="https://after.example.org/">',
      // In a comment and a template: as written (the regex here reads them, the body pass does not).
      '<a href="https://commented.example.org/">',
      '<a href="https://template.example.org/">',
      '<a href="https://mail.example.net/join">',
    ]);
  });

  it('marks the site-wide and per-path nosnippet selectors, only on span, div and section, and says so once', async () => {
    expect(await site.read('client/index.html')).toContain('<div class="newsletter-signup" data-nosnippet>');
    const promo = await site.read('client/promo.html');
    expect(promo).toContain('<section class="promo" data-nosnippet>');
    expect(promo).toContain('<aside class="promo">');
    const warnings = site.logs
      .filter((entry) => entry.level === 'warn' && entry.message.includes('data-nosnippet'))
      .map((entry) => entry.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/\/site\/promo.*`<aside>`.*`\.promo`/);
  });

  it('reads a Markdown page’s own `links: ugc` and a collection entry’s collection', async () => {
    expect(anchors(await site.read('client/forum/thread.html'))).toContain(
      '<a href="https://user.example.org/" rel="ugc">',
    );
    expect(anchors(await site.read('client/forum/thread.html'))).toContain('<a href="/site/">');
    const entry = anchors(await site.read('client/threads/first.html'));
    expect(entry).toContain('<a href="https://user.example.org/" rel="nofollow">');
    expect(entry).toContain('<a href="https://mail.example.net/join" rel="nofollow">');
    expect(entry).toContain('<a href="/site/">');
  });

  it('applies the rules to a page rendered on demand, with a correct Content-Length', async () => {
    const response = await get(`${server.origin}/site/live`);
    expect(response.status).toBe(200);
    const body = response.body.toString('utf8');
    expect(anchors(body)).toContain('<a href="https://live.example.org/" rel="nofollow">');
    const length = response.headers.find(([name]) => name === 'content-length')?.[1];
    if (length !== undefined) expect(Number(length)).toBe(response.body.length);
  });
});

describe('links in `astro dev`', () => {
  /** A copy inside the package, so `@robots-kit/astro` resolves as it does for the fixture. */
  const TMP = new URL('./.tmp/', import.meta.url);
  let root: string;
  let server: RunningDevServer | undefined;
  beforeAll(async () => {
    await mkdir(TMP, { recursive: true });
    root = await mkdtemp(fileURLToPath(new URL('links-', TMP)));
    await cp(fileURLToPath(fixtureRoot('links')), root, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|\.astro)([\\/]|$)/.test(source),
    });
    server = await startAstroDev(root, { nodeEnv: 'development' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('serves pages with their rel values and data-nosnippet, and follows an edit of the front matter', async () => {
    const home = await (await fetch(`${server!.origin}/site`)).text();
    expect(anchors(home), home).toContain('<a href="https://blog.example.org/" rel="ugc">');
    // `astro dev` adds its own attributes to elements of .astro files (source locations): data-nosnippet comes after them.
    expect(home).toMatch(/<div class="newsletter-signup"[^>]* data-nosnippet>/);
    const thread = `${server!.origin}/site/forum/thread`;
    expect(anchors(await (await fetch(thread)).text())).toContain('<a href="https://user.example.org/" rel="ugc">');
    const file = `${root}/src/pages/forum/thread.md`;
    await writeFile(file, (await readFile(file, 'utf8')).replace('links: ugc', 'links: [ugc, nofollow]'));
    const deadline = Date.now() + 20_000;
    let last: string[] = [];
    while (Date.now() < deadline) {
      last = anchors(await (await fetch(thread)).text());
      if (last.includes('<a href="https://user.example.org/" rel="ugc nofollow">')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(last).toContain('<a href="https://user.example.org/" rel="ugc nofollow">');
  }, 60_000);
});

/**
 * Issue 16 parts 1 and 5: `links` and `nosnippet` rules in a real Astro build of
 * `test/fixtures/links/` (`base: '/site'`, `build.format: 'file'`, `@astrojs/node`): prerendered
 * pages are checked in the written files, the on-demand page as its built server sends it.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
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
    const warnings = site.logs.filter((entry) => entry.level === 'warn' && entry.message.includes('data-nosnippet')).map((entry) => entry.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/\/site\/promo.*`<aside>`.*`\.promo`/);
  });

  it('reads a Markdown page’s own `links: ugc` and a collection entry’s collection', async () => {
    expect(anchors(await site.read('client/forum/thread.html'))).toContain('<a href="https://user.example.org/" rel="ugc">');
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

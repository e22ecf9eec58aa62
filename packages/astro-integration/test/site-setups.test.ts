/**
 * Live content collections and a custom `src/fetch.ts` pipeline (issue 36 items 3 and 4): a
 * live entry's `robots` and `noindex.collections` reach the page that loaded it with
 * `getLiveEntry()`, the build says nothing false about live collections having no pages, and a
 * `src/fetch.ts` is named with what it means for robots-kit.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import { ours } from './helpers/site-output.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';

describe('live content collections (src/live.config.ts, getLiveEntry)', () => {
  let site: BuiltFixture;
  let server: RunningDevServer;
  beforeAll(async () => {
    site = await buildFixture('live', { config: { logLevel: 'info' } });
    server = await startAstroDev(fileURLToPath(fixtureRoot('live')), { nodeEnv: 'development' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('builds without a warning that a live collection named in the options has no pages', () => {
    expect(ours(site.logs, 'warn')).toEqual([]);
  });

  it("gives a live entry's page the entry's own robots, as tag and header", async () => {
    const secret = await fetch(`${server.origin}/posts/secret`);
    expect(robotsTags(await secret.text())).toEqual([['robots', 'noindex']]);
    expect(secret.headers.get('x-robots-tag')).toBe('noindex');
    const open = await fetch(`${server.origin}/posts/open`);
    expect(robotsTags(await open.text()).filter(([name]) => name === 'robots')).toEqual([]);
  });

  it('applies `noindex.collections` to the pages of a live collection', async () => {
    const draft = await fetch(`${server.origin}/drafts/next-release`);
    expect(robotsTags(await draft.text())).toEqual([['robots', 'noindex, follow']]);
  });
});

describe('a site with its own request pipeline (src/fetch.ts)', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('fetch-pipeline', { config: { logLevel: 'info' } });
  });

  it('names the file and what it needs, once, in the build', () => {
    const warnings = ours(site.logs, 'warn').filter((line) => line.includes('src/fetch.ts'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('runs `middleware()` from `astro/fetch`');
  });

  it('still tags prerendered pages, which are built without it', async () => {
    expect(robotsTags(await site.read('client/hidden/index.html'))).toEqual([['robots', 'noindex, follow']]);
  });

  it('names the file in astro dev too', async () => {
    const server = await startAstroDev(fileURLToPath(fixtureRoot('fetch-pipeline')), { nodeEnv: 'development' });
    try {
      // The pipeline skips the middleware: the page is served without robots-kit's tag, as the warning says.
      const live = await fetch(`${server.origin}/live`);
      expect(live.status).toBe(200);
      expect(robotsTags(await live.text())).toEqual([]);
      expect(server.output()).toContain('`src/fetch.ts` handles requests in `astro dev`');
    } finally {
      await server.stop();
    }
  });
});

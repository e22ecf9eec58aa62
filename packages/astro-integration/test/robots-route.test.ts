import { isAllowed } from '@robots-kit/core';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { ours } from './helpers/site-output.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';

/** What the route and the options each say, checked with Google's matcher. */
function expectMerged(text: string): void {
  // The route's lines.
  expect(isAllowed(text, 'Googlebot', 'https://example.com/search')).toBe(false);
  expect(isAllowed(text, 'BadBot', 'https://example.com/')).toBe(false);
  // The options' lines.
  expect(isAllowed(text, 'Googlebot', 'https://example.com/private/x')).toBe(false);
  expect(isAllowed(text, 'GPTBot', 'https://example.com/')).toBe(false);
  expect(isAllowed(text, 'Googlebot', 'https://example.com/')).toBe(true);
  expect(text.match(/^User-agent: \*$/gm)).toHaveLength(1);
}

describe("a site's own prerendered src/pages/robots.txt.ts", () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('robots-route', { config: { logLevel: 'info' } });
  });

  it("keeps the route's lines and adds the options', in one file", async () => {
    expectMerged(await site.read('robots.txt'));
  });

  it('says it merged the route, and the audit passes on the merged file', () => {
    const infos = ours(site.logs, 'info');
    expect(infos).toContain(
      "robots.txt keeps every line of src/pages/robots.txt.ts and adds the robotsTxt options' lines.",
    );
    expect(infos.find((line) => line.startsWith('robots-kit audit of '))).toContain('0 errors');
  });
});

describe('a /robots.txt route rendered on demand', () => {
  it('stops the build naming the route and the two ways out', async () => {
    const error = await buildFixture('robots-route', {
      config: { configFile: './astro.on-demand.config.mjs', outDir: './dist-on-demand' },
    }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { hint?: string },
    );
    expect(error?.message).toContain('`src-on-demand/pages/robots.txt.ts` answers /robots.txt on request');
    expect(error?.hint).toContain('export const prerender = true;');
    expect(error?.hint).toContain('robotsTxt: false');
  });
});

describe.each(['development', 'test'])('astro dev with a robots.txt route (NODE_ENV=%s)', (nodeEnv) => {
  let server: RunningDevServer;
  beforeAll(async () => {
    server = await startAstroDev(fileURLToPath(fixtureRoot('robots-route')), { nodeEnv });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers /robots.txt with the route's response merged, not before the route", async () => {
    const response = await fetch(`${server.origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expectMerged(text);
    expect(Number(response.headers.get('content-length') ?? Buffer.byteLength(text))).toBe(Buffer.byteLength(text));
  });
});

/**
 * A `src/fetch.ts` that is a real Hono app (issue 36, Hono's `middleware()`): robots-kit's tags
 * and X-Robots-Tag reach a response rendered on demand when the app sets `c.res` to what Astro's
 * middleware returns, as the README shows; `astro/hono`'s own `middleware()` drops that
 * response (Hono keeps the one `pages()` set, whose body the middleware has read), which is why
 * the README and the build's warning say not to use it. Served by `@astrojs/node` on 127.0.0.1.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import { ours } from './helpers/site-output.js';
import { get, robotsHeaderLines, startNodeServer, type RunningServer } from './helpers/start-node-server.js';

let site: BuiltFixture;
let server: RunningServer | undefined;

/** The built server with `src/fetch.ts` exporting the app `name` (the fixture reads FIXTURE_PIPELINE). */
async function serve(name: 'response-set' | 'astro-wrappers' | 'pages-only'): Promise<RunningServer> {
  const saved = process.env.FIXTURE_PIPELINE;
  process.env.FIXTURE_PIPELINE = name;
  try {
    server = await startNodeServer(new URL('server/entry.mjs', site.outDir).pathname);
    return server;
  } finally {
    if (saved === undefined) delete process.env.FIXTURE_PIPELINE;
    else process.env.FIXTURE_PIPELINE = saved;
  }
}

describe('a Hono app as src/fetch.ts', () => {
  beforeAll(async () => {
    site = await buildFixture('hono-pipeline', { config: { logLevel: 'info' } });
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("tags and sends X-Robots-Tag when the app sets `c.res` to what Astro's middleware returns", async () => {
    const { origin } = await serve('response-set');
    const response = await get(`${origin}/live`);
    expect(response.status).toBe(200);
    const html = response.body.toString('utf8');
    expect(robotsTags(html)).toEqual([['robots', 'noindex, follow']]);
    expect(html).toContain('<body>Rendered on request.</body>');
    expect(robotsHeaderLines(response)).toEqual(['noindex, follow']);
  });

  it("the same page without Astro's middleware: no tag, no header (what robots-kit adds is robots-kit's)", async () => {
    const { origin } = await serve('pages-only');
    const response = await get(`${origin}/live`);
    expect(robotsTags(response.body.toString('utf8'))).toEqual([]);
    expect(robotsHeaderLines(response)).toEqual([]);
  });

  it("with `astro/hono`'s `middleware()` the page is lost, as the warning says", async () => {
    const { origin } = await serve('astro-wrappers');
    // Hono sends the response `pages()` set, whose body robots-kit's middleware has read: an error, or a cut body.
    const body = await fetch(`${origin}/live`, { signal: AbortSignal.timeout(15_000) })
      .then(
        (response) => response.text(),
        (error: Error) => `failed: ${error.message}`,
      )
      .catch((error: Error) => `failed: ${error.message}`);
    expect(body).not.toContain('Rendered on request.');
  });

  it("names `astro/hono`'s `middleware()` in the build's warning", () => {
    const warnings = ours(site.logs, 'warn').filter((line) => line.includes('src/fetch.ts'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("`astro/hono`'s `middleware()`");
    expect(warnings[0]).toContain('c.res');
  });
});

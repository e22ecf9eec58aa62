/**
 * A theme that calls `render()` in `getStaticPaths` and passes a plain object of its own
 * (`{ post: { slug, title, Content } }`) instead of the entry: robots-kit cannot tell the entry
 * is the page's, so its `robots: noindex` is on no page. Never a silent drop: the build names
 * the file, the value and how to connect it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { startAstroDev } from './helpers/start-astro-dev.js';
import { ours, tagsOf } from './helpers/site-output.js';

describe('entries passed to their pages as plain objects', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('plain-entries', { config: { logLevel: 'info' } });
  });

  it('names the file and value no page carried, and the two ways to connect it', async () => {
    // The page built from hidden.md is indexable: the entry never reached robots-kit.
    expect((await tagsOf(site, 'posts/hidden/index.html')).robots).toBeUndefined();
    const warnings = ours(site.logs, 'warn');
    const header = warnings.findIndex((line) =>
      line.startsWith('1 content file set `robots`, and a page rendered its entry'),
    );
    expect(header, warnings.join('\n')).toBeGreaterThanOrEqual(0);
    expect(warnings[header + 1]).toBe('src/content/posts/hidden.md: `robots: "noindex"`');
    expect(warnings[header + 2]).toContain("Pass the entry itself in the page's props");
    expect(warnings[header + 2]).toContain('Astro.locals.robots = entry.data.robots');
  });

  it('names an entry no page was built from (a draft) in one line', () => {
    const line = ours(site.logs, 'warn').find((message) => message.startsWith('No built page was made from'));
    expect(line).toContain('src/content/posts/unfinished.md (`robots: "noindex, nofollow"`)');
    expect(line).not.toContain('hidden');
  });

  it('says nothing about an entry whose page passed its robots on through Astro.locals.robots', async () => {
    expect((await tagsOf(site, 'notes/hidden-note/index.html')).robots).toEqual(['noindex']);
    expect(ours(site.logs, 'warn').join('\n')).not.toContain('hidden-note');
  });
});

describe('the build log of the astro CLI (issue 36 item 8)', () => {
  it('prints a warning the middleware gives while a page is generated once, as a whole line after the route list', () => {
    const astroBin = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin', 'astro.mjs');
    const run = spawnSync(process.execPath, [astroBin, 'build', '--outDir', './dist-cli'], {
      cwd: fileURLToPath(fixtureRoot('plain-entries')),
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = `${run.stdout}${run.stderr}`.split('\n');
    const warned = lines.filter((line) => line.includes('/gone: the page sets status 404'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^\d\d:\d\d:\d\d \[WARN\] \[@robots-kit\/astro\] \/gone: /);
    // Never inside a line of the route list (`├─ /gone/index.html (+3ms)`).
    expect(lines.filter((line) => /[├└]─/.test(line) && line.includes('robots-kit'))).toEqual([]);
    expect(lines.indexOf(warned[0]!)).toBeGreaterThan(lines.findLastIndex((line) => /[├└]─/.test(line)));
  }, 300_000);
});

describe('astro dev logs (issue 36 item 8)', () => {
  it("logs a page's problems once (a typo too), however often the page is requested", async () => {
    const server = await startAstroDev(fileURLToPath(fixtureRoot('plain-entries')), { nodeEnv: 'development' });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${server.origin}/gone`)).status).toBe(404);
        expect((await fetch(`${server.origin}/typo`)).status).toBe(200);
      }
      await expect.poll(() => server.output().includes('noindx'), { timeout: 10_000 }).toBe(true);
      expect(server.output().split('/gone: the page sets status 404')).toHaveLength(2);
      // The typo's warning, once, though the page was rendered three times.
      expect(server.output().match(/\/typo\/?: .*noindx/g)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

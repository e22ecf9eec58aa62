/**
 * Issue 16 parts 2 and 4 on real Astro builds (`fixtures/exceptions/`): an exception in
 * `noindex.paths` lets a page out, a page whose own `index` (`Astro.locals.robots`) a rule
 * overrides is named once at the end of the build, `noimageai` is written with `strict: true`,
 * and robots.txt carries the AI group by purpose with per-group and per-path content signals.
 * Plain, with `base: '/docs'` + `trailingSlash: 'always'`, and with `build.format: 'file'`.
 */
import { AI_BOTS, isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { GOOGLEBOT_DEFAULT, ours, tagsOf } from './helpers/site-output.js';

const ROOT = fixtureRoot('exceptions');
const SETUPS = [
  { name: 'plain', config: 'astro.config.mjs', outDir: './dist/plain', page: (path: string) => `${path}/index.html` },
  {
    name: 'base',
    config: 'astro.base.config.mjs',
    outDir: './dist/base',
    page: (path: string) => `${path}/index.html`,
  },
  { name: 'file', config: 'astro.file.config.mjs', outDir: './dist/file', page: (path: string) => `${path}.html` },
] as const;

describe.each(SETUPS)('exceptions and AI controls ($name)', (setup) => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSite(ROOT, {
      config: { configFile: `./${setup.config}`, outDir: setup.outDir, logLevel: 'info' },
    });
  }, 120_000);

  it('lets the excepted page out and keeps the others under the rule', async () => {
    expect(await tagsOf(site, setup.page('tags/robots'))).toEqual({ robots: ['follow', 'noindex'] });
    expect(await tagsOf(site, setup.page('tags/featured'))).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    expect(await tagsOf(site, setup.page('tags/popular'))).toEqual({ robots: ['follow', 'noindex'] });
    expect((await tagsOf(site, setup.page('gallery/sunset'))).robots).toEqual(['noimageai']);
  });

  it('names the page whose own `index` the rule overrides, once, with the exception to add (globs as written, without the base)', () => {
    const warnings = ours(site.logs, 'warn').filter((message) => message.includes('asks to be indexed'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^src\/pages\/tags\/popular\.astro, key `robots`: /);
    expect(warnings[0]).toContain('`noindex.paths[0]` (`/tags/**`) keeps it out of search results');
    expect(warnings[0]).toMatch(/the page `\/tags\/popular\/?` asks to be indexed/);
    expect(warnings[0]).toMatch(/Did you mean `\["\/tags\/\*\*","!\/tags\/featured\/\*\*","!\/tags\/popular\/?"\]`\?/);
    expect(ours(site.logs, 'warn').filter((message) => message.includes('noindex.paths[1]'))).toEqual([]);
  });

  it('writes robots.txt with the AI training agents only and the content signals in their groups', async () => {
    const text = await site.read('robots.txt');
    const parsed = parseRobotsTxt(text);
    expect(isAllowed(parsed, 'GPTBot', '/')).toBe(false);
    expect(isAllowed(parsed, 'CCBot', '/')).toBe(true);
    expect(isAllowed(parsed, 'OAI-SearchBot', '/')).toBe(true);
    for (const bot of AI_BOTS.filter((one) => one.purpose === 'ai-training' && one.userAgent !== 'CCBot'))
      expect(text).toContain(`\nUser-agent: ${bot.userAgent}\n`);
    expect(text).toContain('User-agent: *\nContent-Usage: /gallery/ train-ai=n\nDisallow:\n');
    expect(text).toContain('User-agent: Googlebot\nContent-Signal: search=yes, ai-train=no\nDisallow:\n');
  });
});

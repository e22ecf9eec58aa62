import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import {
  matchHeaderPattern,
  matchVercelSource,
  parseHeadersFile,
  readVercelHeaders,
} from '@robots-kit/core/internal/adapter';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { listFiles } from './helpers/list-files.js';
import { robotsTags } from './helpers/robots-tags.js';
import { tokens } from './helpers/tokens.js';
import { withoutRobotsTags } from './helpers/without-robots-tags.js';
// The endpoint bodies the fixture serves; the built files must be these bytes exactly.
import { DATA_JSON, FEED_XML } from './fixtures/site/src/endpoint-bodies/bodies.mjs';

const GOOGLEBOT_DEFAULT = ['max-image-preview:large', 'max-snippet:-1', 'max-video-preview:-1'];
/** Files the integration writes into the output on purpose: everything else must equal the build without it. */
const WRITTEN_BY_US = ['_headers', 'robots.txt'];

/** The robots tags of a built page, as name → sorted tokens; a name present twice fails. */
async function tagsOf(site: BuiltFixture, path: string): Promise<Record<string, string[]>> {
  const found = robotsTags(await site.read(path));
  const names = found.map(([name]) => name);
  expect(new Set(names).size, `duplicate robots tags in ${path}: ${JSON.stringify(found)}`).toBe(names.length);
  return Object.fromEntries(found.map(([name, content]) => [name, tokens(content)]));
}

describe('astro build of a site with pages of every kind', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('site', { config: { logLevel: 'info' } });
  });

  it('gives an .astro page with nothing set only the Googlebot tag', async () => {
    expect(await tagsOf(site, 'index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
  });

  it('reads `robots` front matter of .md pages as a string, an array and a boolean', async () => {
    expect(await tagsOf(site, 'md-string/index.html')).toEqual({ robots: ['nofollow', 'noindex'] });
    expect(await tagsOf(site, 'md-boolean/index.html')).toEqual({ robots: ['nofollow', 'noindex'] });
    const array = await tagsOf(site, 'md-array/index.html');
    expect(array.robots).toEqual(['max-snippet:20', 'noarchive']);
    // Googlebot's tag is complete on its own: the robots directives and its own (issue 41).
    expect(array.googlebot).toEqual(['max-image-preview:large', 'max-snippet:20', 'max-video-preview:-1', 'noarchive']);
  });

  it('reads TOML front matter (`+++`) as Astro does', async () => {
    const toml = await tagsOf(site, 'md-toml/index.html');
    expect(toml.robots).toEqual(['noarchive', 'notranslate']);
  });

  it('reads `robots` front matter of .mdx pages as an object with a crawler entry', async () => {
    expect(await tagsOf(site, 'mdx-object/index.html')).toEqual({
      robots: ['noindex'],
      bingbot: ['noarchive', 'noindex'],
    });
  });

  it('puts the tags into the head of a Markdown page that has no layout', async () => {
    const html = await site.read('md-no-layout/index.html');
    expect(robotsTags(html)).toEqual([
      ['robots', 'noimageindex'],
      ['googlebot', expect.any(String)],
    ]);
    expect(html.indexOf('name="robots"')).toBeLessThan(html.indexOf('<h1'));
  });

  it('applies a collection entry’s own `robots` (kept by robotsSchema()) on a getStaticPaths page', async () => {
    const first = await tagsOf(site, 'blog/first-post/index.html');
    expect(first.robots).toEqual(['nosnippet']);
    expect(await tagsOf(site, 'blog/second-post/index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
  });

  it('noindexes a collection listed in `noindex.collections`, adding the entry’s raw front matter', async () => {
    // The drafts schema strips `robots`; the integration reads it from the file.
    expect(await tagsOf(site, 'drafts/unfinished/index.html')).toEqual({ robots: ['follow', 'noarchive', 'noindex'] });
  });

  it('noindexes pages matched by `noindex.paths` and applies `rules`', async () => {
    expect(await tagsOf(site, 'tags/astro/index.html')).toEqual({ robots: ['follow', 'noindex'] });
    expect(await tagsOf(site, 'tags/robots/index.html')).toEqual({ robots: ['follow', 'noindex'] });
    const rule = await tagsOf(site, 'private/notes/index.html');
    expect(rule.robots).toEqual(['noarchive']);
    expect(rule.googlebot).toEqual([...GOOGLEBOT_DEFAULT, 'noarchive']);
  });

  it('lets an .astro page set its own directives with Astro.locals.robots', async () => {
    expect(await tagsOf(site, 'locals/index.html')).toEqual({ robots: ['noindex'] });
  });

  it('adds Astro.locals.robots to the entry’s own `robots`, from the schema or the raw front matter', async () => {
    // posts keep `robots: nosnippet` through robotsSchema(); the page adds `notranslate` in code.
    const first = await tagsOf(site, 'additive/first-post/index.html');
    expect(first.robots).toEqual(['nosnippet', 'notranslate']);
    // drafts strip `robots` (raw front matter `noarchive`) and are a noindex collection.
    expect(await tagsOf(site, 'additive/unfinished/index.html')).toEqual({
      robots: ['follow', 'noarchive', 'noindex', 'notranslate'],
    });
    expect((await tagsOf(site, 'additive/second-post/index.html')).robots).toEqual(['notranslate']);
  });

  it('merges the `index, follow` tag astro-seo prints instead of adding a second one', async () => {
    const html = await site.read('seo/index.html');
    const robots = robotsTags(html).filter(([name]) => name === 'robots');
    expect(robots).toHaveLength(1);
    expect(tokens(robots[0]![1])).toContain('nofollow');
    expect(tokens(robots[0]![1])).not.toContain('follow');
  });

  it('leaves error pages without robots tags, even the one astro-seo printed', async () => {
    expect(robotsTags(await site.read('404.html'))).toEqual([]);
    expect(robotsTags(await site.read('500.html'))).toEqual([]);
    expect(await site.read('404.html')).toContain('<title>Not found</title>');
  });

  it('leaves endpoints byte for byte as they were served', async () => {
    expect((await site.readBytes('feed.xml')).equals(Buffer.from(FEED_XML))).toBe(true);
    expect((await site.readBytes('data.json')).equals(Buffer.from(DATA_JSON))).toBe(true);
  });

  it('leaves redirects (config and Astro.redirect) as Astro wrote them', async () => {
    // Astro's redirect page: a refresh after 0 s for a 301 (config), 2 s for a 302 (Astro.redirect).
    for (const [path, refresh] of [
      ['old-page/index.html', '0;url=/md-string'],
      ['moved/index.html', '2;url=/'],
    ] as const) {
      const html = await site.read(path);
      expect(html).toContain(`<meta http-equiv="refresh" content="${refresh}">`);
      expect(robotsTags(html)).toEqual([['robots', 'noindex']]);
    }
  });

  it('changes nothing but the robots tags: every file equals the build without the integration', async () => {
    const baseline = await buildFixture('site', {
      config: { configFile: './astro.baseline.config.mjs', outDir: './dist-baseline' },
    });
    // Besides the files it rewrites, robots-kit adds only the build manifest `robots-kit check` reads.
    const all = await listFiles(site.outDir);
    expect(all).toContain('.robots-kit.json');
    const files = all.filter((file) => !WRITTEN_BY_US.includes(file) && file !== '.robots-kit.json');
    expect(await listFiles(baseline.outDir)).toEqual([...files, ...WRITTEN_BY_US].sort());
    expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(15);
    let changedPages = 0;
    for (const file of files) {
      const [withIntegration, without] = await Promise.all([site.readBytes(file), baseline.readBytes(file)]);
      if (!file.endsWith('.html')) {
        expect(withIntegration.equals(without), file).toBe(true);
        continue;
      }
      if (!withIntegration.equals(without)) changedPages++;
      expect(withoutRobotsTags(withIntegration.toString('utf8')), file).toBe(
        withoutRobotsTags(without.toString('utf8')),
      );
    }
    expect(changedPages).toBeGreaterThan(10);
  });

  it('writes robots.txt with the groups, the sitemap, the content signal and the AI bots group', async () => {
    const text = await site.read('robots.txt');
    expect(text.endsWith('\n') && !text.endsWith('\n\n')).toBe(true);
    const parsed = parseRobotsTxt(text);
    expect(parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    // No @astrojs/sitemap in this site: `sitemap: true` stands for the sitemap.xml it has (public/sitemap.xml), on Astro's `site`.
    expect(parsed.sitemaps.map((sitemap) => sitemap.url)).toContain('https://example.com/sitemap.xml');
    expect(text).toContain('Content-Signal: search=yes, ai-train=no');
    expect(text).toMatch(/^User-agent: Bingbot\nCrawl-delay: 2$/m);
    for (const crawler of ['Googlebot', 'Bingbot', 'SomeCrawler']) {
      expect(isAllowed(text, crawler, 'https://example.com/'), crawler).toBe(true);
      expect(isAllowed(text, crawler, 'https://example.com/private/notes/'), crawler).toBe(false);
    }
    for (const bot of ['GPTBot', 'ClaudeBot', 'Google-Extended', 'PerplexityBot', 'CCBot']) {
      expect(isAllowed(text, bot, 'https://example.com/blog/first-post/'), bot).toBe(false);
    }
  });

  it('merges public/robots.txt instead of replacing it', async () => {
    const text = await site.read('robots.txt');
    expect(text).toContain('# Written by hand; robots-kit merges the robotsTxt option into it.');
    expect(parseRobotsTxt(text).sitemaps.map((sitemap) => sitemap.url)).toContain(
      'https://example.com/legacy-sitemap.xml',
    );
    // The hand-written `*` rule and the option's `*` rules are one group: both apply.
    expect(isAllowed(text, 'SomeCrawler', 'https://example.com/search')).toBe(false);
    expect(text.match(/^User-agent: \*$/gm)).toHaveLength(1);
  });

  it('warns once about the noindex page robots.txt hides and once about the Bingbot group trap, and nothing else', () => {
    const warnings = site.logs.filter((entry) => entry.level === 'warn' || entry.level === 'error');
    expect(warnings.every((entry) => entry.label === '@robots-kit/astro')).toBe(true);
    expect(warnings.map((entry) => entry.message)).toEqual([
      expect.stringMatching(
        /the `Bingbot` group \(line \d+\) makes Bingbot ignore the `User-agent: \*` group, so it may crawl `\/search`/,
      ),
      expect.stringMatching(/^\/locals\/ carries noindex but robots\.txt line \d+ disallows it for all crawlers/),
    ]);
  });

  it('writes _headers for Netlify: the PDF rules, each page’s tags, and the user’s own rule kept', async () => {
    const text = await site.read('_headers');
    const rules = parseHeadersFile(text);
    const robotsHeaders = (path: string): string[] =>
      [...rules]
        .filter(([pattern]) => matchHeaderPattern(pattern, path, 'netlify'))
        .flatMap(([, headers]) =>
          headers.filter((header) => header.name === 'X-Robots-Tag').map((header) => header.value),
        );
    expect(robotsHeaders('/files/guide.pdf').sort()).toEqual([
      'googlebot: noarchive',
      'noindex, nofollow',
      'noindex, nofollow',
    ]);
    expect(robotsHeaders('/files/other.pdf')).toEqual(['noindex, nofollow']);
    expect(robotsHeaders('/md-string/')).toEqual(['noindex, nofollow']);
    expect(robotsHeaders('/404.html')).toEqual([]);
    expect(rules.get('/*')).toEqual([{ name: 'X-Frame-Options', value: 'DENY' }]);
    expect(text.match(/# robots-kit:begin/g)).toHaveLength(1);
  });

  it('writes vercel-headers.json at the project root and says how to use it', async () => {
    const rules = readVercelHeaders(
      await readFile(new URL('./vercel-headers.json', site.root), 'utf8'),
      'vercel-headers.json',
    );
    const values = (path: string): string[] =>
      rules
        .filter((rule) => matchVercelSource(rule.source, path))
        .flatMap((rule) =>
          rule.headers.filter((header) => header.key === 'X-Robots-Tag').map((header) => header.value),
        );
    expect(rules.every((rule) => rule.generated)).toBe(true);
    expect(values('/files/other.pdf')).toEqual(['noindex, nofollow']);
    // Vercel sends one header per entry, so the Googlebot directive is in the same value.
    expect(values('/files/guide.pdf').some((value) => value.includes('googlebot: noarchive'))).toBe(true);
    expect(values('/locals/')).toEqual(['noindex']);
    expect(
      site.logs.some(
        (entry) => entry.level === 'info' && entry.message.includes('copy the entries of vercel-headers.json'),
      ),
    ).toBe(true);
  });
});

describe('astro build of a localized, non-indexable site', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('i18n', { env: { ROBOTS_INDEXABLE: 'false' }, config: { logLevel: 'info' } });
  });

  it('says so in one warning line of the build output', () => {
    const warnings = site.logs.filter((entry) => entry.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.label).toBe('@robots-kit/astro');
    expect(warnings[0]!.message).toContain('not indexable');
    expect(warnings[0]!.message).toContain('ROBOTS_INDEXABLE=false');
    expect(warnings[0]!.message).not.toContain('\n');
  });

  it('writes a robots.txt that disallows everything, with the reason', async () => {
    const text = await site.read('robots.txt');
    expect(text).toMatch(/^# .*not meant to be indexed/);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/')).toBe(false);
    expect(parseRobotsTxt(text).groups).toHaveLength(1);
  });

  it('audits it (`audit: true`) as a preview: nothing indexable, its own noindex and Disallow no finding (issue 11 item 13)', () => {
    const ours = site.logs.filter((entry) => entry.label === '@robots-kit/astro');
    expect(
      ours.find(
        (entry) => entry.message === 'This build is not indexable, so the audit checks that no page can be indexed.',
      )?.level,
    ).toBe('info');
    expect(ours.find((entry) => entry.message.startsWith('robots-kit audit of '))?.message).toMatch(
      /; 0 errors, 0 warnings, \d+ info$/,
    );
    expect(ours.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('gives every page `noindex, nofollow`, merged with astro-seo’s tag', async () => {
    for (const path of ['index.html', 'fr/index.html']) {
      expect(await tagsOf(site, path)).toEqual({ robots: ['nofollow', 'noindex'] });
    }
  });

  it('leaves 404.md, the localized 404 and 500 without robots tags', async () => {
    for (const path of ['404.html', 'fr/404/index.html', '500.html']) {
      expect(robotsTags(await site.read(path)), path).toEqual([]);
    }
    expect(await site.read('fr/404/index.html')).toContain('Page introuvable.');
  });

  it('types Astro.locals.robots through the types it injects into .astro/', () => {
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    const project = fileURLToPath(new URL('./tsconfig.locals-check.json', fixtureRoot('i18n')));
    const result = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });
});

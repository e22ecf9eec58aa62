/**
 * Issue 16, part 3: locale-aware options on real Astro builds of `fixtures/i18n-locales/`.
 * Every page prints `Astro.currentLocale`, so the tags are checked against the locale Astro's
 * router gave the page, with `prefixDefaultLocale` false and true, `base` and
 * `build.format: 'file'`; a locale the config does not have stops the build; the audit reports
 * the fixture's broken hreflang links.
 */
import robots from '@robots-kit/astro';
import { build } from 'astro';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { listFiles } from './helpers/list-files.js';
import { auditHeadline, GOOGLEBOT_DEFAULT, ours, tagsOf } from './helpers/site-output.js';
import { robotsTags } from './helpers/robots-tags.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';
import { tokens } from './helpers/tokens.js';

const ROOT = fixtureRoot('i18n-locales');
const NOINDEX = { robots: ['follow', 'noindex'] };

/** The tags a page must carry for the locale Astro gave it (`options.mjs`). */
function expectedFor(locale: string, file: string): Record<string, string[]> {
  if (locale === 'de') return NOINDEX;
  // Googlebot's tag is complete on its own: the robots directives and its extra ones (issue 41).
  if (locale === 'fr') return { robots: ['noarchive'], googlebot: [...GOOGLEBOT_DEFAULT, 'noarchive'] };
  // `nosnippet` for every crawler: Googlebot's extra tag drops its `max-snippet`.
  if (locale === 'es' && file.includes('blog/'))
    return { robots: ['nosnippet'], googlebot: ['max-image-preview:large', 'max-video-preview:-1', 'nosnippet'] };
  return { googlebot: GOOGLEBOT_DEFAULT };
}
/** Every built page with the locale Astro's router gave it (`data-locale`) and the tags robots-kit wrote. */
async function pagesWithLocale(
  site: BuiltFixture,
): Promise<Array<{ file: string; locale: string; tags: Record<string, string[]> }>> {
  // The other configs build into folders inside the default one.
  const files = (await listFiles(site.outDir)).filter(
    (file) => file.endsWith('.html') && !/^(prefixed|fallback|redirects|unknown|no-i18n)\//.test(file),
  );
  return Promise.all(
    files.map(async (file) => {
      const html = await site.read(file);
      return { file, locale: /data-locale="([^"]*)"/.exec(html)?.[1] ?? '', tags: await tagsOf(site, file) };
    }),
  );
}

describe('issue 16: locales in Astro', () => {
  describe('prefixDefaultLocale: false, audit: true', () => {
    let site: BuiltFixture;
    beforeAll(async () => {
      site = await buildSite(ROOT, { config: { logLevel: 'info' } });
    });

    it("gives each page the tags of the locale Astro's router gave it, the `{ path, codes }` form included", async () => {
      const pages = await pagesWithLocale(site);
      expect(pages.map((page) => [page.file, page.locale]).sort()).toEqual([
        ['about/index.html', 'en'],
        ['de/about/index.html', 'de'],
        ['de/index.html', 'de'],
        ['en/guide/index.html', 'en'],
        ['fr/index.html', 'fr'],
        ['index.html', 'en'],
        ['spanish/blog/post/index.html', 'es'],
        ['spanish/index.html', 'es'],
      ]);
      for (const page of pages) expect(page.tags, page.file).toEqual(expectedFor(page.locale, page.file));
    });

    it('audits the hreflang links of the built pages: noindex, missing and one-way alternates', () => {
      const warnings = ours(site.logs, 'warn').join('\n');
      expect(warnings).toMatch(/hreflang-to-noindex.*\/de\/ as the `de` version, but it is noindex/);
      expect(warnings).toMatch(/hreflang-missing.*https:\/\/example\.com\/it\/ as the `it` version/);
      expect(warnings).toMatch(/hreflang-no-return.*\/fr\/ as the `fr` version, but \/fr\/ does not name them back/);
      // The French page's own link is to itself, and German pages are in no cluster: nothing else.
      expect(warnings.match(/hreflang-/g)).toHaveLength(3);
    });
  });

  describe('prefixDefaultLocale: true, base: /docs, build.format: file', () => {
    let site: BuiltFixture;
    beforeAll(async () => {
      site = await buildSite(ROOT, {
        config: { configFile: './astro.prefixed.config.mjs', outDir: './dist/prefixed' },
      });
    });

    it("reads the locale after the base, from `about.html` files too, as Astro's router does", async () => {
      const pages = await pagesWithLocale(site);
      expect(pages.map((page) => [page.file, page.locale]).sort()).toEqual([
        ['about.html', 'en'],
        // `de/index.astro` is written as `de.html`, served at /docs/de: its segment is `de.html`.
        ['de.html', 'de'],
        ['de/about.html', 'de'],
        ['en/guide.html', 'en'],
        ['fr.html', 'fr'],
        ['index.html', 'en'],
        ['spanish.html', 'es'],
        ['spanish/blog/post.html', 'es'],
      ]);
      for (const page of pages) expect(page.tags, page.file).toEqual(expectedFor(page.locale, page.file));
    });
  });

  describe("i18n fallbacks with `fallbackType: 'rewrite'`, base: /docs, build.format: file", () => {
    let site: BuiltFixture;
    beforeAll(async () => {
      site = await buildSite(ROOT, {
        config: { configFile: './astro.fallback.config.mjs', outDir: './dist/fallback' },
      });
    });

    it("gives a page rendered from English at another locale's URL that locale's tags, and the options see the locale", async () => {
      // `en/guide` exists only in English: Astro renders it at /docs/de/guide and /docs/fr/guide too.
      const pages = await pagesWithLocale(site);
      const guides = pages.filter((page) => page.file.endsWith('guide.html'));
      expect(guides.map((page) => [page.file, page.locale]).sort()).toEqual([
        ['de/guide.html', 'de'],
        ['en/guide.html', 'en'],
        ['fr/guide.html', 'fr'],
      ]);
      for (const page of pages) expect(page.tags, page.file).toEqual(expectedFor(page.locale, page.file));
      expect(ours(site.logs, 'warn').join('\n')).not.toMatch(/noindex\.locales|rules\[0\]\.locales/);
    });
  });

  it("audits Astro's redirect pages (`redirects`, i18n fallbacks) as redirects: the build passes, with no canonical finding", async () => {
    const site = await buildSite(ROOT, {
      config: { configFile: './astro.redirects.config.mjs', outDir: './dist/redirects', logLevel: 'info' },
    });
    // The redirect to the noindex German page is one of Astro's pages: noindex, with a canonical to its target.
    expect(await site.read('old-de/index.html')).toMatch(
      /http-equiv="refresh"[\s\S]*name="robots" content="noindex"[\s\S]*rel="canonical"/,
    );
    expect(await site.read('fr/about/index.html')).toMatch(/http-equiv="refresh"/);
    expect(auditHeadline(site.logs)).toMatch(/; 0 errors, /);
    expect(ours(site.logs, 'warn').join('\n')).not.toMatch(/canonical|robots-on-error-page/);
  });

  describe('astro dev, with `base: /docs` and every locale prefixed', () => {
    let server: RunningDevServer | undefined;
    beforeAll(async () => {
      server = await startAstroDev(fileURLToPath(ROOT), {
        nodeEnv: 'development',
        args: ['--config', 'astro.prefixed.config.mjs'],
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('serves each page with the tags of the locale Astro gives it', async () => {
      const seen: string[] = [];
      for (const path of ['/docs/', '/docs/de/about', '/docs/fr', '/docs/spanish/blog/post', '/docs/en/guide']) {
        const response = await fetch(`${server!.origin}${path}`);
        expect(response.status, path).toBe(200);
        const html = await response.text();
        const locale = /data-locale="([^"]*)"/.exec(html)?.[1] ?? '';
        const tags = Object.fromEntries(robotsTags(html).map(([name, content]) => [name, tokens(content)]));
        expect([path, tags]).toEqual([path, expectedFor(locale, path)]);
        seen.push(locale);
      }
      expect(seen).toEqual(['en', 'de', 'fr', 'es', 'en']);
    });
  });

  it("stops the build for a locale the config's `i18n.locales` does not have, naming the option and the locales there are", async () => {
    const error = await buildSite(ROOT, {
      config: { configFile: './astro.unknown.config.mjs', outDir: './dist/unknown' },
    }).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.name).toBe('RobotsError');
    expect(error?.message).toContain('[@robots-kit/astro] robots() options, key `rules[1].locales[0]`');
    expect(error?.message).toContain("the Astro config's `i18n.locales` has no locale `deu`");
    expect(error?.message).toContain('`en`, `de`, `fr`, `spanish` (`es`, `es-ES`)');
    expect(error?.message).toContain('Did you mean `de`?');
  });

  it('stops the build for locales in the options of a site without `i18n`', async () => {
    const error = await build({
      root: fileURLToPath(ROOT),
      configFile: false,
      site: 'https://example.com',
      outDir: './dist/no-i18n',
      logLevel: 'silent',
      integrations: [robots({ noindex: { locales: ['de'] } })],
    }).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toContain('key `noindex.locales[0]`');
    expect(error?.message).toContain('the Astro config has no `i18n`');
  });
});

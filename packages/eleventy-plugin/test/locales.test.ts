/**
 * Issue 16, part 3: locale-aware options on real Eleventy builds of `stubs/i18n/`, with Eleventy
 * 3's `I18nPlugin` (`page.lang`, `defaultLanguage`) and without it (URL prefixes), a `lang`
 * directory data file and `locale`/`lang` front matter, which win over the URL; `pathPrefix`;
 * the end-of-build report of locales no page had; the audit of the stub's broken hreflang links.
 */
import { I18nPlugin } from '@11ty/eleventy';
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { eleventyLocale } from '../src/page-data.js';
import { buildStub, writeStub } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const OPTIONS = {
  noindex: { locales: ['de'] },
  rules: [
    { locales: ['fr'], robots: 'noarchive' },
    { path: '/es/blog/**', locales: ['es'], robots: 'nosnippet' },
    { locales: ['pt-BR'], robots: 'noimageindex' },
    { locales: ['en'], robots: 'notranslate' },
  ],
};
/** The tags each locale's pages get with `OPTIONS`; `none` for a page without a locale. */
const BY_LOCALE: Record<string, Record<string, string>> = {
  de: { robots: 'noindex, follow' },
  fr: { robots: 'noarchive', googlebot: `noarchive, ${GOOGLEBOT}` },
  es: { robots: 'nosnippet', googlebot: 'nosnippet, max-image-preview:large, max-video-preview:-1' },
  'pt-BR': { robots: 'noimageindex', googlebot: `noimageindex, ${GOOGLEBOT}` },
  en: { robots: 'notranslate', googlebot: `notranslate, ${GOOGLEBOT}` },
  none: { googlebot: GOOGLEBOT },
};

async function tagsByUrl(withPlugin: boolean): Promise<Record<string, Record<string, string>>> {
  const build = await buildStub('i18n', (eleventyConfig) => {
    if (withPlugin) eleventyConfig.addPlugin(I18nPlugin, { defaultLanguage: 'en' });
    eleventyConfig.addPlugin(robotsPlugin, OPTIONS);
  });
  expect(build.warnings.filter((line) => line.includes('robots-kit'))).toEqual([]);
  return Object.fromEntries(
    build.pages.filter((page) => String(page.url).endsWith('/')).map((page) => [page.url, robotsTags(page.content)]),
  );
}

describe('issue 16: locales in Eleventy', () => {
  it("with the I18nPlugin: `page.lang` (its `defaultLanguage` for unprefixed pages), beaten by a page's `locale` and `lang` data", async () => {
    expect(await tagsByUrl(true)).toEqual({
      '/': BY_LOCALE.en,
      '/about/': BY_LOCALE.en,
      '/de/': BY_LOCALE.de,
      '/de/about/': BY_LOCALE.de,
      // `lang: en` in its front matter, in the German folder.
      '/de/ausnahme/': BY_LOCALE.en,
      '/fr/': BY_LOCALE.fr,
      '/es/blog/post/': BY_LOCALE.es,
      // `locale: pt-BR` beats `page.lang` (`pt`).
      '/pt/': BY_LOCALE['pt-BR'],
    });
  });

  it('without it: the `lang` data cascade and front matter, or a URL prefix the options name', async () => {
    expect(await tagsByUrl(false)).toEqual({
      '/': BY_LOCALE.none,
      '/about/': BY_LOCALE.none,
      '/de/': BY_LOCALE.de,
      '/de/about/': BY_LOCALE.de,
      '/de/ausnahme/': BY_LOCALE.en,
      '/fr/': BY_LOCALE.fr,
      '/es/blog/post/': BY_LOCALE.es,
      '/pt/': BY_LOCALE['pt-BR'],
    });
  });

  it('reads the locale in that order, and a URL segment only when the options name it', () => {
    const page = { url: '/de/about/', lang: 'de' };
    expect(eleventyLocale(page, { locale: 'de-AT', lang: 'en', page }, [])).toEqual({
      locale: 'de-AT',
      from: 'locale',
    });
    expect(eleventyLocale(page, { lang: 'en', page }, [])).toEqual({ locale: 'en', from: 'lang' });
    expect(eleventyLocale(page, { lang: 42, page }, [])).toEqual({ locale: 'de', from: 'page.lang' });
    expect(eleventyLocale({ url: '/de/about/' }, {}, ['DE'])).toEqual({ locale: 'de', from: 'url' });
    expect(eleventyLocale({ url: '/api/x/' }, {}, ['de'])).toBeUndefined();
    // `constructor` and `toString` are no page data.
    expect(
      eleventyLocale({ url: '/x/' }, Object.create({ locale: 'de' }) as Record<string, unknown>, []),
    ).toBeUndefined();
  });

  it('with `pathPrefix`: URLs are read without it, as `page.url` is', async () => {
    const build = await writeStub(
      'i18n',
      (eleventyConfig) => {
        eleventyConfig.addPlugin(robotsPlugin, { noindex: { locales: ['de'] } });
      },
      { pathPrefix: '/site/' },
    );
    expect(build.failure).toBeUndefined();
    const de = build.pages.find((page) => page.url === '/de/about/');
    expect(robotsTags(de!.content)).toEqual(BY_LOCALE.de);
  });

  it('names at the end of the build each locale no page had, with the locales the pages have', async () => {
    const build = await writeStub('i18n', (eleventyConfig) => {
      eleventyConfig.addPlugin(I18nPlugin, { defaultLanguage: 'en' });
      eleventyConfig.addPlugin(robotsPlugin, {
        noindex: { locales: ['de', 'pt-PR'] },
        rules: [{ locales: ['nl'], robots: 'noarchive' }],
      });
    });
    expect(build.failure).toBeUndefined();
    expect(build.warnings.filter((line) => line.includes('addPlugin options'))).toEqual([
      '[11ty] [@robots-kit/eleventy] addPlugin options, key `noindex.locales[1]`: no page of this build has the locale `pt-PR`; expected one of the locales the pages have: `de`, `en`, `es`, `fr`, `pt-BR`. Did you mean `pt-BR`?',
      '[11ty] [@robots-kit/eleventy] addPlugin options, key `rules[0].locales[0]`: no page of this build has the locale `nl`; expected one of the locales the pages have: `de`, `en`, `es`, `fr`, `pt-BR`.',
    ]);
  });

  it('audits the hreflang links of the built pages (`audit: true`)', async () => {
    const build = await writeStub('i18n', (eleventyConfig) => {
      eleventyConfig.addPlugin(I18nPlugin, { defaultLanguage: 'en' });
      eleventyConfig.addPlugin(robotsPlugin, { ...OPTIONS, site: 'https://example.com', audit: true });
    });
    expect(build.failure).toBeUndefined();
    const lines = build.warnings.join('\n');
    expect(lines).toMatch(/hreflang-to-noindex: .*\/de\/ as the `de` version, but it is noindex/);
    expect(lines).toMatch(/hreflang-missing: .*https:\/\/example\.com\/it\/ as the `it` version/);
    expect(lines).toMatch(/hreflang-no-return: .*\/fr\/ as the `fr` version, but \/fr\/ does not name it back/);
  });
});

/**
 * The locale of an Eleventy page, for `noindex.locales` and `rules[].locales`. Eleventy has no
 * single i18n setting: sites say a page's language in its data (`locale`, as
 * eleventy-plugin-i18n does, or `lang`, as Eleventy's i18n docs put in directory data files),
 * Eleventy 3's `I18nPlugin` computes `page.lang` from the URL, and some sites only have URL
 * prefixes (`/de/…`). They are read in that order: what a page's data says beats what is
 * derived from its URL.
 */
import type { NormalizedRobotsOptions } from '@robots-kit/core/runtime';
import type { EleventyPage, EleventyPageData } from './types.js';

/** Where a page's locale came from, for the README and the tests. */
export type LocaleSource = 'locale' | 'lang' | 'page.lang' | 'url';
/** The data keys read, in order. */
const DATA_KEYS = ['locale', 'lang'] as const;

/** A data value that can be a locale: a non-empty string of a sane length (data may hold anything). */
function asLocale(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= 64 ? trimmed : undefined;
}

/** Every locale the options name: only these can make a URL segment a locale. */
export function optionLocales(options: NormalizedRobotsOptions): readonly string[] {
  // Asked for every page (the transform, the sitemap filter): worked out once per options object.
  let locales = localesOfOptions.get(options);
  if (locales === undefined) {
    locales = [...(options.noindex.locales ?? []), ...options.rules.flatMap((rule) => rule.locales ?? [])];
    localesOfOptions.set(options, locales);
  }
  return locales;
}
const localesOfOptions = new WeakMap<NormalizedRobotsOptions, readonly string[]>();

/**
 * The page's locale and where it came from:
 * 1. its `locale` data (front matter, directory or global data, computed data);
 * 2. its `lang` data;
 * 3. `page.lang`, which Eleventy 3's `I18nPlugin` sets from the URL's first segment, or its
 *    `defaultLanguage` for pages without one;
 * 4. the first segment of the URL (without `pathPrefix`, as Eleventy's `page.url` is), when it
 *    is one of the locales the options name (`/de/about/` with `noindex: { locales: ['de'] }`).
 * Undefined when none applies: then no locale option matches the page.
 */
export function eleventyLocale(
  page: Pick<EleventyPage, 'url'> & { lang?: unknown },
  data: Readonly<Record<string, unknown>> | undefined,
  locales: readonly string[],
): { locale: string; from: LocaleSource } | undefined {
  for (const key of DATA_KEYS) {
    // Only the page's own keys: `constructor` must not come from Object.prototype.
    const value = data && Object.hasOwn(data, key) ? asLocale(data[key]) : undefined;
    if (value !== undefined) return { locale: value, from: key };
  }
  const dataPage = data?.page as (EleventyPageData['page'] & { lang?: unknown }) | undefined;
  const lang = asLocale(dataPage?.lang) ?? asLocale(page.lang);
  if (lang !== undefined) return { locale: lang, from: 'page.lang' };
  if (locales.length === 0 || typeof page.url !== 'string') return undefined;
  const segment = page.url.split('/')[1];
  if (!segment) return undefined;
  const normalized = segment.replaceAll('_', '-').toLowerCase();
  const named = locales.find((locale) => locale.replaceAll('_', '-').toLowerCase() === normalized);
  return named === undefined ? undefined : { locale: segment, from: 'url' };
}

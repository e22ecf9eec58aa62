/**
 * The locale of each page, from Astro's `i18n` config and the page's URL, as Astro's router
 * decides `Astro.currentLocale`; and the locales of the options checked against that config.
 * Plain data and functions (no `node:` import, no zod): the middleware imports this module.
 */
import type { NormalizedRobotsOptions } from '@robots-kit/core/internal/runtime';

/** Astro's `i18n` as robots-kit needs it, plain JSON so it reaches the middleware through the virtual module. */
export interface SiteLocales {
  /** Each locale of `i18n.locales`: the URL segment and the codes (a string locale is both). */
  locales: Array<{ path: string; codes: string[] }>;
  /** `i18n.defaultLocale`, as the config writes it (the `path` of a `{ path, codes }` locale). */
  defaultLocale: string;
}
/** The parts of Astro's config read here (`AstroConfig['i18n']`). */
export interface AstroI18nConfig {
  defaultLocale: string;
  locales: ReadonlyArray<string | { path: string; codes: readonly string[] }>;
}

/** Astro's `i18n` config in the form the middleware and the sitemap filter use, or none without i18n. */
export function siteLocales(i18n: AstroI18nConfig | undefined): SiteLocales | undefined {
  if (!i18n) return undefined;
  return {
    locales: i18n.locales.map((locale) =>
      typeof locale === 'string' ? { path: locale, codes: [locale] } : { path: locale.path, codes: [...locale.codes] },
    ),
    defaultLocale: i18n.defaultLocale,
  };
}

/** As Astro compares a path segment with a locale code: `pt_BR` is `pt-br`. */
function normalized(locale: string): string {
  return locale.replaceAll('_', '-').toLowerCase();
}
/** Every name of a locale, for core to match the options against: its codes, then its path. */
function namesOf(locale: SiteLocales['locales'][number]): string[] {
  return [...new Set([...locale.codes, locale.path])];
}

/**
 * The page's locale, every name of it, for the URL path it is served at (with `base`): the
 * first segment after `base` that is a locale's path or code (a `.html` ending dropped, as
 * `build.format: 'file'` writes pages), otherwise the default locale. This is Astro's own rule
 * (`computeCurrentLocale`), so a page gets the locale `Astro.currentLocale` gives it, with
 * `routing.prefixDefaultLocale` true or false. Undefined without i18n.
 */
export function localeOfPath(pathname: string, base: string, site: SiteLocales | undefined): string[] | undefined {
  if (!site) return undefined;
  const prefix = base.replace(/\/+$/, '');
  const below =
    prefix !== '' && (pathname === prefix || pathname.startsWith(`${prefix}/`))
      ? pathname.slice(prefix.length)
      : pathname;
  for (const raw of below.split('/')) {
    if (raw === '') continue;
    const segment = raw.endsWith('.html') ? raw.slice(0, -'.html'.length) : raw;
    for (const locale of site.locales) {
      if (locale.path === segment || locale.codes.some((code) => normalized(code) === normalized(segment)))
        return namesOf(locale);
    }
  }
  const fallback = site.locales.find((locale) => locale.path === site.defaultLocale);
  return fallback ? namesOf(fallback) : undefined;
}

/** A locale of the options the site's config does not have. */
export interface UnknownLocale {
  /** The option path, e.g. `rules[1].locales[0]`. */
  key: string;
  value: string;
}
/**
 * The locales of `noindex.locales` and `rules[].locales` that are no path or code of the site's
 * `i18n.locales` (all of them when the config has no `i18n`): such an option would match no
 * page, silently.
 */
export function unknownLocales(options: NormalizedRobotsOptions, site: SiteLocales | undefined): UnknownLocale[] {
  const known = new Set(site?.locales.flatMap((locale) => namesOf(locale).map(normalized)) ?? []);
  const given = (options.noindex.locales ?? []).map((value, i) => ({ key: `noindex.locales[${i}]`, value }));
  options.rules.forEach((rule, i) =>
    rule.locales?.forEach((value, j) => given.push({ key: `rules[${i}].locales[${j}]`, value })),
  );
  return given.filter((locale) => !known.has(normalized(locale.value.trim())));
}

/** Every path and code of the site's locales, for a message: `en`, `fr`, `spanish` (`es`, `es-ES`). */
export function describeLocales(site: SiteLocales): string {
  return site.locales
    .map((locale) =>
      locale.codes.length === 1 && locale.codes[0] === locale.path
        ? `\`${locale.path}\``
        : `\`${locale.path}\` (${locale.codes.map((code) => `\`${code}\``).join(', ')})`,
    )
    .join(', ');
}
/** Every name of the site's locales, for the did-you-mean. */
export function localeNames(site: SiteLocales | undefined): string[] {
  return site?.locales.flatMap(namesOf) ?? [];
}

/**
 * Issue 16, part 3: locale-aware rules. `noindex.locales` and `rules[].locales` match the locale
 * an adapter passes with the page; validation, resolution, the explanation and the end-of-build
 * report of locales no page had.
 */
import { describe, expect, it } from 'vitest';
import { normalizeOptions, resolvePage, RobotsError } from '../../src/index.js';
import { createConfigUsage } from '../../src/adapter.js';
import { explainPageSources } from '../../src/resolve/explain-page.js';
import { matchLocales } from '../../src/resolve/resolve-page.js';

const env = {};
const options = (user: object) => normalizeOptions(user, { env });
const NOINDEX = { robots: 'noindex, follow' };

describe('issue 16: locale-aware rules', () => {
  it('keeps out of search results the pages of the locales `noindex.locales` names, and no others', () => {
    const settings = options({ noindex: { locales: ['de'] }, googlebot: false });
    expect(resolvePage({ url: '/de/ueber/', locale: 'de' }, settings)).toEqual(NOINDEX);
    expect(resolvePage({ url: '/fr/a-propos/', locale: 'fr' }, settings)).toEqual({});
    // No locale given (a site without i18n): the option does not apply, whatever the URL.
    expect(resolvePage({ url: '/de/ueber/' }, settings)).toEqual({});
  });

  it('compares locales as BCP 47 does, ignoring case and `_` against `-`', () => {
    expect(matchLocales('pt_BR', ['pt-br', 'PT-BR', 'pt'])).toEqual(['pt-br', 'PT-BR']);
    expect(matchLocales(['spanish', 'es', 'es-ES'], ['ES_es'])).toEqual(['ES_es']);
    expect(matchLocales(undefined, ['de'])).toEqual([]);
  });

  it('applies a rule with `locales` alone to every page of those locales, and with `path` only where both match', () => {
    const settings = options({
      googlebot: false,
      rules: [
        { locales: ['fr'], robots: 'noarchive' },
        { path: '/blog/**', locales: ['fr', 'it'], robots: 'nosnippet' },
      ],
    });
    expect(resolvePage({ url: '/fr/', locale: 'fr' }, settings)).toEqual({ robots: 'noarchive' });
    expect(resolvePage({ url: '/fr/blog/a/', locale: 'fr' }, settings)).toEqual({ robots: 'noarchive' });
    expect(resolvePage({ url: '/blog/a/', locale: 'fr' }, settings)).toEqual({ robots: 'noarchive, nosnippet' });
    expect(resolvePage({ url: '/blog/a/', locale: 'en' }, settings)).toEqual({});
    expect(resolvePage({ url: '/blog/a/', locale: ['it', 'it-IT'] }, settings)).toEqual({ robots: 'nosnippet' });
  });

  it('names the locale in the explanation of a page', () => {
    const settings = options({
      noindex: { locales: ['de'] },
      rules: [{ locales: ['de'], robots: 'noarchive' }],
      googlebot: false,
    });
    const { explanation } = explainPageSources({ url: '/de/', locale: 'de' }, settings);
    expect(explanation.origins.map((origin) => [origin.kind, origin.label])).toEqual([
      ['noindex', 'content type kept out of search results: locale `de` (`noindex` option)'],
      ['rule', 'locale rule `rules[0]` (locale `de`)'],
    ]);
  });

  it('normalizes idempotently, and refuses a rule with neither `path` nor `locales`, or bad locales, with the option path', () => {
    const settings = options({ noindex: { locales: ['de'] }, rules: [{ locales: ['fr'], robots: 'noarchive' }] });
    expect(settings.rules).toEqual([{ path: [], locales: ['fr'], robots: 'noarchive' }]);
    expect(normalizeOptions(JSON.parse(JSON.stringify(settings)), { env })).toEqual(settings);
    const fails = (user: object) => {
      try {
        options(user);
      } catch (error) {
        expect(error).toBeInstanceOf(RobotsError);
        return (error as Error).message;
      }
      throw new Error('expected the options to be refused');
    };
    expect(fails({ rules: [{ robots: 'noarchive' }] })).toMatch(
      /key `rules\[0\]`.*needs `path`, `locales` or both.*use `defaults`/s,
    );
    expect(fails({ rules: [{ locales: [], robots: 'noarchive' }] })).toMatch(/rules\[0\]\.locales/);
    expect(fails({ noindex: { locales: 'de' } })).toMatch(/noindex\.locales.*\['de', 'fr'\]/s);
    expect(fails({ noindex: { locales: [''] } })).toMatch(/noindex\.locales\[0\]/);
  });

  it('reports at the end of a build each locale no page had, with the closest the pages have', () => {
    const usage = createConfigUsage(
      options({ noindex: { locales: ['de', 'fr'] }, rules: [{ locales: ['pt-BT'], robots: 'noarchive' }] }),
    );
    for (const [url, locale] of [
      ['/', 'en'],
      ['/de/', 'de'],
      ['/pt/', 'pt-BR'],
    ] as const)
      usage.record({ url, locale });
    usage.record({ url: '/plain/' });
    const lines = usage.report({ source: 'addPlugin options' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/addPlugin options, key `noindex\.locales\[1\]`.*`fr`.*`de`, `en`, `pt-BR`/s);
    expect(lines[1]).toMatch(/key `rules\[0\]\.locales\[0\]`.*`pt-BT`.*Did you mean `pt-BR`/s);
  });
});

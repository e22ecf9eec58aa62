/**
 * Issue 16 part 4: exceptions (`!` globs) in `noindex.paths`, `rules[].path` and `errorPages`,
 * refused where they cannot be honoured (header rules, lists of exceptions only), and the
 * end-of-build warning for a page whose own `index` a rule overrides.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeOptions, resolvePage, RobotsError } from '../../src/index.js';
import { createConfigUsage, explainPageSources, matchesAnyGlob, type ConfigUsagePage } from '../../src/adapter.js';
import { validateHeadersOptions } from '../../src/headers/options.js';

const env = {};
const settings = (options: object) => normalizeOptions(options, { env });
function thrown(run: () => unknown): RobotsError {
  try {
    run();
  } catch (error) {
    if (error instanceof RobotsError) return error;
    throw error;
  }
  throw new Error('expected a RobotsError');
}

describe('negated globs: a list matches a page when a glob does and no exception', () => {
  const list = ['/tags/**', '!/tags/featured/**'];
  it.each([
    ['/tags/', true],
    ['/tags/robots/', true],
    ['/tags/featured', false],
    ['/tags/featured/', false],
    ['/tags/featured/page/2/', false],
    ['/tags/featured-not/', true],
    ['/about/', false],
  ])('%s → %s', (url, expected) => {
    expect(matchesAnyGlob(url, list)).toBe(expected);
  });

  it('is the same as "some positive and no negative" for any lists (property)', () => {
    const segment = fc.constantFrom('a', 'b', 'tags', 'featured');
    const path = fc
      .array(segment, { minLength: 0, maxLength: 3 })
      .map((parts) => `/${parts.join('/')}${parts.length > 0 ? '/' : ''}`);
    const glob = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 2 }), fc.boolean())
      .map(([parts, deep]) => `/${parts.join('/')}${deep ? '/**' : '/'}`);
    fc.assert(
      fc.property(
        path,
        fc.array(glob, { minLength: 1, maxLength: 3 }),
        fc.array(glob, { maxLength: 2 }),
        (url, positives, negatives) => {
          const list = [...positives, ...negatives.map((one) => `!${one}`)];
          const expected =
            positives.some((one) => matchesAnyGlob(url, [one])) && !negatives.some((one) => matchesAnyGlob(url, [one]));
          expect(matchesAnyGlob(url, list)).toBe(expected);
        },
      ),
      { seed: 16, numRuns: 300 },
    );
  });

  it('lets a page out of `noindex.paths`, `rules[].path` and `errorPages`', () => {
    const options = settings({
      noindex: { paths: ['/tags/**', '!/tags/featured/**'] },
      rules: [{ path: ['/docs/**', '!/docs/public/**'], robots: 'nosnippet' }],
      errorPages: ['/oops/**', '!/oops/help/'],
    });
    expect(resolvePage({ url: '/tags/robots/' }, options).robots).toBe('noindex, follow');
    expect(resolvePage({ url: '/tags/featured/' }, options).robots).toBeUndefined();
    expect(resolvePage({ url: '/docs/a/' }, options).robots).toBe('nosnippet');
    expect(resolvePage({ url: '/docs/public/a/' }, options).robots).toBeUndefined();
    expect(resolvePage({ url: '/oops/x/', data: { robots: 'noindex' } }, options)).toEqual({});
    expect(resolvePage({ url: '/oops/help/', data: { robots: 'noindex' } }, options).robots).toBe('noindex');
  });

  it('keeps "most restrictive wins" between sources: an exception only takes the page out of its own rule', () => {
    const options = settings({
      noindex: { paths: ['/tags/**', '!/tags/featured/**'] },
      rules: [{ path: '/tags/**', robots: 'noindex' }],
    });
    expect(resolvePage({ url: '/tags/featured/' }, options).robots).toBe('noindex');
  });

  it('names only the globs that took the page in explanations', () => {
    const options = settings({
      rules: [{ path: ['/docs/**', '/guides/**', '!/docs/public/**'], robots: 'nosnippet' }],
    });
    const origins = explainPageSources({ url: '/docs/a/' }, options).explanation.origins;
    expect(origins.find((origin) => origin.kind === 'rule')?.matched).toEqual(['/docs/**']);
    expect(
      explainPageSources({ url: '/docs/public/a/' }, options).explanation.origins.some(
        (origin) => origin.kind === 'rule',
      ),
    ).toBe(false);
  });
});

describe('negated globs: refused where they cannot work', () => {
  it('refuses a list of exceptions only, naming the list and suggesting what it likely means', () => {
    const error = thrown(() => settings({ noindex: { paths: ['!/tags/featured/**'] } }));
    expect(error.code).toBe('negated-globs-only');
    expect(error.message).toBe(
      '[@robots-kit/core] options, key `noindex.paths`: the list holds only exceptions (globs starting with `!`), so it matches no page, got `["!/tags/featured/**"]`; expected at least one glob of the pages the option is for, the exceptions after it, e.g. `[\'/tags/**\', \'!/tags/featured/**\']`. Did you mean `["/**","!/tags/featured/**"]`?',
    );
    expect(thrown(() => settings({ rules: [{ path: '!/a/', robots: 'noindex' }] })).details.key).toBe('rules[0].path');
    expect(thrown(() => settings({ errorPages: ['!/a/'] })).details.key).toBe('errorPages');
  });

  it('refuses `!!` and a bad glob after `!`', () => {
    const double = thrown(() => settings({ noindex: { paths: ['/a/**', '!!/a/b/'] } }));
    expect(double.details.key).toBe('noindex.paths[1]');
    expect(double.details.suggestion).toBe('!/a/b/');
    expect(thrown(() => settings({ noindex: { paths: ['/a/**', '!a/b/'] } })).message).toContain(
      'glob must match URL paths',
    );
  });

  it('refuses an exception in header rules, saying why', () => {
    const error = thrown(() =>
      validateHeadersOptions({
        targets: ['netlify'],
        rules: [{ path: ['/files/**', '!/files/public/**'], robots: 'noindex' }],
      }),
    );
    expect(error.details.key).toBe('headers.rules[0].path[1]');
    expect(error.message).toContain("header rules are written into the hosts' files");
  });
});

describe('warning: a page whose own `index` a rule overrides', () => {
  function report(options: object, pages: ConfigUsagePage[]): string[] {
    const usage = createConfigUsage(settings(options));
    for (const page of pages) usage.record(page);
    return usage.report({ source: 'robots() options' });
  }

  it('names the page, the rule and its glob, and suggests the exception', () => {
    const lines = report({ noindex: { paths: ['/tags/**'] } }, [
      { url: '/tags/featured/', data: { robots: 'index' }, source: 'src/tags/featured.md' },
      { url: '/tags/other/', data: {} },
    ]);
    expect(lines).toEqual([
      '[@robots-kit/core] src/tags/featured.md, key `robots`: the page `/tags/featured/` asks to be indexed, but `noindex.paths[0]` (`/tags/**`) keeps it out of search results (the most restrictive source wins), so it carries `noindex` despite its own value `index`; expected an exception for the page in `noindex.paths`: a glob starting with `!`. Did you mean `["/tags/**","!/tags/featured/"]`?',
    ]);
  });

  it('reads `all`, `true` and `{ index: true }`, and `own` sources, once per page', () => {
    const options = { rules: [{ path: '/docs/**', robots: 'noindex' }] };
    for (const robots of ['all', true, { index: true }]) {
      expect(report(options, [{ url: '/docs/a/', data: { robots } }])).toHaveLength(1);
    }
    const own = report(options, [
      {
        url: '/docs/a/',
        own: [{ robots: 'index', source: 'src/pages/docs/a.astro', key: 'Astro.locals.robots' }],
        source: 'src/pages/docs/a.astro',
      },
      {
        url: '/docs/a/',
        own: [{ robots: 'index', source: 'src/pages/docs/a.astro', key: 'Astro.locals.robots' }],
        source: 'src/pages/docs/a.astro',
      },
    ]);
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('key `Astro.locals.robots`');
    expect(own[0]).toContain('`rules[0].path` (`/docs/**`)');
    expect(own[0]).toContain('Did you mean `["/docs/**","!/docs/a/"]`?');
  });

  it('says nothing once the exception is there, for pages that ask nothing, and for rules that do not set noindex', () => {
    expect(
      report({ noindex: { paths: ['/tags/**', '!/tags/featured/'] } }, [
        { url: '/tags/featured/', data: { robots: 'index' } },
        { url: '/tags/a/', data: {} },
      ]),
    ).toEqual([]);
    expect(
      report({ rules: [{ path: '/docs/**', robots: 'nosnippet' }] }, [{ url: '/docs/a/', data: { robots: 'index' } }]),
    ).toEqual([]);
    expect(report({ noindex: { paths: ['/tags/**'] } }, [{ url: '/tags/a/', data: { robots: 'noarchive' } }])).toEqual(
      [],
    );
  });

  it('says nothing for error pages, and forgets a page recorded again without the conflict (incremental builds)', () => {
    expect(
      report({ noindex: { paths: ['/**'] } }, [
        { url: '/404.html', data: { robots: 'index' } },
        { url: '/a/', data: {} },
      ]),
    ).toEqual([]);
    const usage = createConfigUsage(settings({ noindex: { paths: ['/tags/**'] } }));
    usage.record({ url: '/tags/a/', data: { robots: 'index' } });
    expect(usage.report()).toHaveLength(1);
    usage.record({ url: '/tags/a/', data: {} });
    expect(usage.report()).toEqual([]);
  });

  it('names collection rules without a glob fix', () => {
    const lines = report({ noindex: { collections: ['drafts'] } }, [
      { url: '/d/', collections: ['drafts'], data: { robots: 'index' } },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('`noindex.collections[0]` (`drafts`)');
    expect(lines[0]).not.toContain('Did you mean');
  });

  it('names locale rules (noindex.locales, rules[].locales) and applies a rule with a path and locales only where both match', () => {
    const byLocale = report({ noindex: { locales: ['de'] } }, [
      { url: '/de/a/', locale: 'de', data: { robots: 'index' } },
      { url: '/en/a/', locale: 'en', data: { robots: 'index' } },
    ]);
    expect(byLocale).toHaveLength(1);
    expect(byLocale[0]).toContain('`noindex.locales[0]` (`de`)');
    const rule = report({ rules: [{ locales: ['fr'], robots: 'noindex' }] }, [
      { url: '/fr/a/', locale: 'fr', data: { robots: 'index' } },
    ]);
    expect(rule).toHaveLength(1);
    expect(rule[0]).toContain('`rules[0].locales` (`fr`)');
    const both = { rules: [{ path: '/docs/**', locales: ['fr'], robots: 'noindex' }] };
    expect(
      report(both, [{ url: '/docs/a/', locale: 'en', data: { robots: 'index' } }]).filter((line) =>
        line.includes('asks to be indexed'),
      ),
    ).toEqual([]);
    expect(report(both, [{ url: '/docs/a/', locale: 'fr', data: { robots: 'index' } }])[0]).toContain(
      '`rules[0].path` (`/docs/**`)',
    );
  });

  it('reports an exception that left no page out', () => {
    const lines = report({ noindex: { paths: ['/tags/**', '!/tag/featured/**'] } }, [{ url: '/tags/a/', data: {} }]);
    expect(lines).toEqual([
      "[@robots-kit/core] robots() options, key `noindex.paths[1]`: no page of this build is left out by the exception (no page the list's other globs match is under it) `!/tag/featured/**`; expected an exception under one of the list's globs (`/tags/**`) that names at least one page.",
    ]);
  });
});

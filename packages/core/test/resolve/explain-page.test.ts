/**
 * Issue 18: "where each directive came from". explainPageSources names every source resolvePage
 * combined, and restrictionsBy attributes each restriction to the sources that set it; checked
 * by example and, against resolvePage itself, by property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsBy } from '../../src/audit/verdict.js';
import { mergeDirectives } from '../../src/directives/types.js';
import { normalizeOptions, parseRobots, resolvePage } from '../../src/index.js';
import { explainPageSources } from '../../src/resolve/explain-page.js';

const env = {};
const options = (user: object = {}) => normalizeOptions(user, { env });

describe('issue 18: explainPageSources', () => {
  const settings = options({
    defaults: 'max-snippet:50',
    noindex: { collections: ['drafts'], paths: ['/tags/**'], data: { draft: true } },
    rules: [
      { path: '/blog/**', robots: 'noarchive' },
      { path: ['/x/**', '/private/**'], robots: 'nofollow' },
    ],
  });

  it('names each source as the user wrote it, in the order resolvePage combines them', () => {
    const page = {
      url: '/private/a/',
      collections: ['drafts'],
      data: { robots: 'nosnippet', draft: true },
      source: 'src/a.md',
      existing: [{ name: 'GoogleBot', content: 'noimageindex' }],
    };
    const { explanation } = explainPageSources(page, settings);
    expect(explanation.tags).toEqual(resolvePage(page, settings));
    expect(explanation.origins.map((origin) => [origin.kind, origin.label, origin.directives])).toEqual([
      ['defaults', 'site default (`defaults` option)', { robots: 'max-snippet:50' }],
      [
        'noindex',
        'content type kept out of search results: collection `drafts`, data `draft` (`noindex` option)',
        { robots: 'noindex, follow' },
      ],
      ['rule', 'path rule `rules[1]` (`/private/**`)', { robots: 'nofollow' }],
      ['page', "the page's own setting: `robots` in src/a.md", { robots: 'nosnippet' }],
      [
        'existing-tag',
        'tag already in the page\'s HTML (a layout or theme): `<meta name="GoogleBot" content="noimageindex">`',
        { googlebot: 'noimageindex' },
      ],
    ]);
    expect(explanation.origins[2]!.matched).toEqual(['/private/**']);
  });

  it('adds the extra Googlebot tag only where resolvePage does, and names a preview build', () => {
    const plain = explainPageSources({ url: '/' }, options());
    expect(plain.explanation.origins.map((origin) => origin.kind)).toEqual(['googlebot']);
    expect(plain.explanation.tags.googlebot).toBe('max-snippet:-1, max-image-preview:large, max-video-preview:-1');
    const preview = explainPageSources({ url: '/' }, options({ indexable: false }));
    expect(preview.explanation.origins.map((origin) => origin.kind)).toEqual(['not-indexable']);
    expect(preview.explanation.tags.googlebot).toBeUndefined();
  });

  it('explains an error page as carrying nothing, whatever the options say', () => {
    const { explanation } = explainPageSources({ url: '/404.html' }, settings);
    expect(explanation).toMatchObject({ errorPage: true, tags: {}, origins: [] });
  });

  it('is JSON data (it crosses the dev server socket as it is)', () => {
    const { explanation } = explainPageSources(
      { url: '/tags/a/', data: { robots: { googlebot: 'nosnippet' } } },
      settings,
    );
    expect(JSON.parse(JSON.stringify(explanation))).toEqual(explanation);
  });
});

/** Inputs a user could write, as the `robots` option or front matter takes them. */
const directive = fc.constantFrom(
  'noindex',
  'nofollow',
  'none',
  'nosnippet',
  'noarchive',
  'max-snippet:20',
  'max-snippet:80',
  'max-image-preview:standard',
  'max-video-preview:5',
  'unavailable_after: 2001-01-01',
  'unavailable_after: 2999-01-01',
);
const input = fc.oneof(
  fc.array(directive, { minLength: 1, maxLength: 3 }).map((list) => list.join(', ')),
  fc.record({ googlebot: fc.array(directive, { minLength: 1, maxLength: 2 }).map((list) => list.join(', ')) }),
);

describe('issue 18: every restriction is attributed exactly (property, against resolvePage)', () => {
  it('a crawler is kept out (noindex, nofollow, snippet, dates) exactly when some source says so, and each attributed source says it', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.option(input, { nil: undefined }),
        fc.array(input, { maxLength: 3 }),
        fc.option(input, { nil: undefined }),
        fc.boolean(),
        (defaults, rules, own, drafts) => {
          const settings = options({
            ...(defaults === undefined ? {} : { defaults }),
            rules: rules.map((robots) => ({ path: '/a/**', robots })),
            noindex: { collections: ['drafts'] },
          });
          const page = {
            url: '/a/b/',
            collections: drafts ? ['drafts'] : [],
            ...(own === undefined ? {} : { data: { robots: own } }),
          };
          const { explanation, sources } = explainPageSources(page, settings);
          expect(explanation.tags).toEqual(resolvePage(page, settings));
          for (const crawler of ['*', 'googlebot']) {
            const told = sources.map((source, index) => {
              const mine = crawler === '*' ? undefined : source.parsed.crawlers.get(crawler);
              return [index, mine ? mergeDirectives(source.parsed.all, mine) : source.parsed.all] as const;
            });
            const { by } = restrictionsBy(told, now);
            // What the page's tags tell this crawler, read back as a crawler reads them.
            const tags = parseRobots(explanation.tags.robots ?? '', {}, { strict: true }).all;
            const own = crawler === '*' ? undefined : explanation.tags[crawler];
            const seen = own === undefined ? tags : mergeDirectives(tags, parseRobots(own, {}, { strict: true }).all);
            const noindex =
              seen.flags.has('noindex') ||
              seen.flags.has('none') ||
              (seen.unavailableAfter !== undefined && Date.parse(seen.unavailableAfter) <= now);
            expect(by.index !== undefined, `index for ${crawler}`).toBe(noindex);
            expect(by.follow !== undefined, `follow for ${crawler}`).toBe(
              seen.flags.has('nofollow') || seen.flags.has('none'),
            );
            for (const index of by.follow ?? []) {
              const directives = told[index]![1];
              expect(directives.flags.has('nofollow') || directives.flags.has('none')).toBe(true);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

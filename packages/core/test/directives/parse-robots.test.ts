import { describe, expect, it } from 'vitest';
import { formatDirectives, parseRobots, RobotsError } from '../../src/index.js';

const all = (input: unknown) => formatDirectives(parseRobots(input).all).join(', ');
const crawler = (input: unknown, name: string) => {
  const directives = parseRobots(input).crawlers.get(name);
  return directives ? formatDirectives(directives).join(', ') : undefined;
};

function errorOf(run: () => unknown): RobotsError {
  try {
    run();
  } catch (error) {
    if (error instanceof RobotsError) return error;
    throw error;
  }
  throw new Error('expected a RobotsError');
}

describe('parseRobots: input forms', () => {
  it('parses a comma-separated string, any case, any spacing', () => {
    expect(all(' NoIndex ,nofollow,, NOARCHIVE ')).toBe('noindex, nofollow, noarchive');
  });
  it('parses an array of strings, each possibly a list', () => {
    expect(all(['noindex', 'nofollow, noarchive'])).toBe('noindex, nofollow, noarchive');
  });
  it('parses booleans: false is noindex, nofollow; true restricts nothing', () => {
    expect(all(false)).toBe('noindex, nofollow');
    expect(all(true)).toBe('');
  });
  it('parses the object form with kebab and camelCase keys', () => {
    expect(
      all({
        index: false,
        follow: true,
        noarchive: true,
        nocache: false,
        'max-snippet': 50,
        'max-image-preview': 'standard',
        'max-video-preview': 0,
        unavailable_after: '2026-12-31',
      }),
    ).toBe(
      'noindex, follow, noarchive, max-snippet:50, max-image-preview:standard, max-video-preview:0, unavailable_after: 2026-12-31',
    );
    expect(
      all({
        maxSnippet: '20',
        maxImagePreview: 'large',
        maxVideoPreview: -1,
        unavailableAfter: new Date('2030-01-02T03:04:05Z'),
      }),
    ).toBe('max-snippet:20, max-image-preview:large, max-video-preview:-1, unavailable_after: 2030-01-02T03:04:05Z');
    expect(
      all({
        noIndex: true,
        noFollow: true,
        noSnippet: true,
        noTranslate: true,
        noImageIndex: true,
        indexIfEmbedded: true,
        noCache: true,
        noArchive: true,
        none: false,
        all: true,
      }),
    ).toBe('noindex, nofollow, noarchive, nocache, nosnippet, notranslate, noimageindex, indexifembedded');
  });
  it('nests crawler-specific directives under the crawler name', () => {
    const input = {
      googlebot: 'noimageindex',
      'googlebot-news': { nosnippet: true },
      BingBot: ['noarchive'],
      robots: 'noindex',
    };
    expect(crawler(input, 'googlebot')).toBe('noimageindex');
    expect(crawler(input, 'googlebot-news')).toBe('nosnippet');
    expect(crawler(input, 'bingbot')).toBe('noarchive');
    expect(all(input)).toBe('noindex');
  });
  it('accepts the X-Robots-Tag `crawler: directives` form in strings', () => {
    expect(crawler('googlebot: noindex, nofollow', 'googlebot')).toBe('noindex, nofollow');
    expect(all('noarchive, otherbot: noindex')).toBe('noarchive');
  });
  it('ignores null and undefined', () => {
    expect(all(null)).toBe('');
    expect(all(undefined)).toBe('');
    expect(all({ index: undefined, googlebot: null })).toBe('');
  });
});

describe('parseRobots: dates', () => {
  it.each([
    ['unavailable_after: 2026-12-31', '2026-12-31'],
    ['unavailable_after: 2026-12-31T10:30:00+02:00', '2026-12-31T08:30:00Z'],
    ['unavailable_after: 2026-12-31T10:30Z', '2026-12-31T10:30:00Z'],
    ['unavailable_after: Fri, 25 Jun 2010 15:00:00 PST', '2010-06-25T23:00:00Z'],
    ['unavailable_after: 25 Jun 2010 15:00:00 GMT', '2010-06-25T15:00:00Z'],
    ['unavailable_after: 25 Jun 2010 15:00 +0100', '2010-06-25T14:00:00Z'],
    ['unavailable_after: Friday, 25-Jun-10 15:00:00 PST', '2010-06-25T23:00:00Z'],
    ['unavailable_after: Thursday, 01-Jan-98 00:00:00 EST', '1998-01-01T05:00:00Z'],
  ])('%s', (input, iso) => {
    expect(all(input)).toBe(`unavailable_after: ${iso}`);
  });
  it('does not cut an RFC 850 date at its comma inside a list', () => {
    expect(all('noindex, unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noarchive')).toBe(
      'noindex, noarchive, unavailable_after: 2010-06-25T23:00:00Z',
    );
  });
  it('takes YAML dates (Date objects)', () => {
    expect(all({ unavailable_after: new Date(Date.UTC(2026, 11, 31)) })).toBe('unavailable_after: 2026-12-31');
  });
  it.each([
    'someday',
    '2026-13-01',
    '2026-02-30',
    '31 Foo 2010 10:00:00 GMT',
    '25 Jun 2010 25:00:00 GMT',
    '25 Jun 2010 10:00:00 XYZ',
    '',
  ])('rejects `%s`', (date) => {
    expect(() => parseRobots(`unavailable_after: ${date}`)).toThrow(RobotsError);
  });
  it('rejects an invalid Date object', () => {
    expect(() => parseRobots({ unavailableAfter: new Date('nope') })).toThrow(/unavailable_after/);
  });
});

describe('parseRobots: bad input', () => {
  it('names the token, the source and the suggestion for a typo', () => {
    const error = errorOf(() => parseRobots('noindex, noindx', { file: 'src/posts/a.md', key: 'robots' }));
    expect(error.code).toBe('unknown-directive');
    expect(error.message).toContain('src/posts/a.md');
    expect(error.message).toContain('`robots`');
    expect(error.message).toContain('`noindx`');
    expect(error.message).toContain('Did you mean `noindex`?');
    expect(error.message).toContain('@robots-kit/core');
  });
  it('accepts a plain string as the source file', () => {
    expect(errorOf(() => parseRobots('nofolow', 'a.njk')).message).toMatch(
      /^\[@robots-kit\/core\] a\.njk: unknown directive `nofolow`.*Did you mean `nofollow`/,
    );
  });
  it.each([
    ['max-image-preview:huge', /`huge`.*`none`, `standard` or `large`/],
    ['max-snippet:abc', /max-snippet.*`abc`/],
    ['max-snippet:-5', /max-snippet.*`-5`/],
    ['max-video-preview:1.5', /max-video-preview.*`1.5`/],
    ['max-snippet', /needs a value/],
    ['noindex:yes', /takes no value/],
    ['unavailable_after:', /needs a value/],
  ])('%s', (input, message) => {
    expect(() => parseRobots(input)).toThrow(message);
  });
  it('rejects object keys that are not directives, with a suggestion', () => {
    const error = errorOf(() => parseRobots({ noindx: true }, { file: 'a.md', key: 'robots' }));
    expect(error.message).toContain('`robots.noindx`');
    expect(error.message).toContain('Did you mean `noindex`?');
    expect(() => parseRobots({ maxSnipet: 4 })).toThrow(/Did you mean `maxSnippet`/);
    expect(() => parseRobots({ whatever: true })).toThrow(/unknown directive key `whatever`/);
  });
  it('rejects crawler names with spaces or colons', () => {
    expect(() => parseRobots({ 'google bot': 'noindex' })).toThrow(/invalid crawler name `google bot`/);
    expect(() => parseRobots({ 'googlebot:news': 'noindex' })).toThrow(/invalid crawler name/);
  });
  it('rejects a crawler inside a crawler', () => {
    expect(() => parseRobots({ googlebot: { bingbot: 'noindex' } })).toThrow(/crawler entry/);
    expect(() => parseRobots({ googlebot: 'bingbot: noindex' })).toThrow(/cannot name another crawler/);
  });
  it('rejects wrong types', () => {
    expect(() => parseRobots(42)).toThrow(/invalid robots value `42`/);
    expect(() => parseRobots(['noindex', 3])).toThrow(/array items must be strings/);
    expect(() => parseRobots({ index: 'no' })).toThrow(/`index` must be true or false/);
    expect(() => parseRobots(new Date(0))).toThrow(/invalid robots value/);
    expect(() => parseRobots({ maxImagePreview: 3 })).toThrow(/max-image-preview/);
  });
  it('with strict: false turns unknown directives into warnings', () => {
    const parsed = parseRobots('noindex, noindx, bogus', { file: 'a.md' }, { strict: false });
    expect(formatDirectives(parsed.all)).toEqual(['noindex']);
    expect(parsed.warnings.map((w) => w.value)).toEqual(['noindx', 'bogus']);
    expect(parsed.warnings[0]!.message).toContain('Did you mean `noindex`?');
  });
  it('still throws for bad values with strict: false', () => {
    expect(() => parseRobots('max-snippet:abc', {}, { strict: false })).toThrow(RobotsError);
  });
  it('escapes control characters in messages', () => {
    expect(errorOf(() => parseRobots('noindex\nbogus')).message).not.toContain('\n');
  });
});

describe('parseRobots: crawler names', () => {
  it('warns once about a crawler name a letter or two from a known one, and keeps it as written', () => {
    for (const input of [{ goglebot: 'noindex' }, 'goglebot: noindex', { Bingbott: 'nofollow' }]) {
      const parsed = parseRobots(input);
      expect(parsed.warnings).toHaveLength(1);
      expect(parsed.warnings[0]!.code).toBe('unknown-crawler');
      expect(parsed.warnings[0]!.message).toMatch(/Did you mean `(googlebot|bingbot)`\?/);
      expect([...parsed.crawlers.keys()]).toEqual([
        Object.keys(typeof input === 'string' ? { goglebot: 0 } : input)[0]!.toLowerCase(),
      ]);
    }
  });
  it('says nothing about known crawlers and names far from any known one', () => {
    for (const input of [
      'googlebot: noindex',
      'googlebot-mobile: noindex',
      { myspider: 'nofollow' },
      { bingbot: 'noindex' },
    ]) {
      expect(parseRobots(input).warnings).toEqual([]);
    }
  });
});

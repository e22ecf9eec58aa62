import { describe, expect, it } from 'vitest';
import { parseRobots, reconcile } from '../../src/index.js';
import { mergeAudiences } from '../../src/directives/reconcile.js';

const tokens = (content: string) => new Set(content.split(', ').filter(Boolean));

describe('reconcile: the examples of the issue', () => {
  it.each([
    [['index', 'noindex', 'noimageindex', 'follow'], 'noindex, noimageindex, follow'],
    [['noindex', 'none'], 'none'],
    [['all'], ''],
    [['max-snippet:50', 'nosnippet'], 'nosnippet'],
    [['max-image-preview:large', 'max-image-preview:standard'], 'max-image-preview:standard'],
    [['NOINDEX', 'NoFollow'], 'noindex, nofollow'],
  ])('%j → %j', (inputs, expected) => {
    expect(tokens(reconcile(...inputs))).toEqual(tokens(expected));
  });
});

describe('reconcile: rules', () => {
  it('noindex beats index and all; nofollow beats follow and all', () => {
    expect(reconcile('index, all', 'noindex')).toBe('noindex');
    expect(reconcile('follow', 'all', 'nofollow')).toBe('nofollow');
  });
  it('none replaces noindex, nofollow and follow', () => {
    expect(reconcile('noindex, follow', 'none')).toBe('none');
    expect(reconcile('none', 'noarchive')).toBe('none, noarchive');
  });
  it('outputs follow only beside noindex', () => {
    expect(reconcile('follow')).toBe('');
    expect(reconcile('index, follow')).toBe('');
    expect(reconcile('noindex', 'follow')).toBe('noindex, follow');
  });
  it('gives no tag when nothing is restricted', () => {
    expect(reconcile()).toBe('');
    expect(reconcile(true, 'index', 'follow', 'all', undefined, null)).toBe('');
  });
  it('treats false as noindex, nofollow', () => {
    expect(reconcile(false)).toBe('noindex, nofollow');
  });
  it('keeps the smallest max-snippet, -1 meaning unlimited, and 0 as nosnippet', () => {
    expect(reconcile('max-snippet:-1', 'max-snippet:120', 'max-snippet:50')).toBe('max-snippet:50');
    expect(reconcile('max-snippet:-1')).toBe('max-snippet:-1');
    expect(reconcile('max-snippet:0')).toBe('nosnippet');
    expect(reconcile('max-snippet:0', 'max-snippet:20')).toBe('nosnippet');
  });
  it('orders image previews none < standard < large', () => {
    expect(reconcile('max-image-preview:large', 'max-image-preview:none')).toBe('max-image-preview:none');
    expect(reconcile('max-image-preview:LARGE')).toBe('max-image-preview:large');
  });
  it('keeps the smallest max-video-preview, -1 unlimited', () => {
    expect(reconcile('max-video-preview:-1', 'max-video-preview:10')).toBe('max-video-preview:10');
    expect(reconcile('max-video-preview:-1', 'max-video-preview:-1')).toBe('max-video-preview:-1');
    expect(reconcile('max-video-preview:0', 'max-video-preview:-1')).toBe('max-video-preview:0');
  });
  it('keeps the earliest unavailable_after, output as ISO 8601', () => {
    expect(reconcile('unavailable_after: 2027-01-01', 'unavailable_after: 2026-12-31')).toBe(
      'unavailable_after: 2026-12-31',
    );
    expect(reconcile('unavailable_after: 25 Jun 2010 15:00:00 PST')).toBe('unavailable_after: 2010-06-25T23:00:00Z');
  });
  it('keeps indexifembedded only beside noindex', () => {
    expect(reconcile('noindex, indexifembedded')).toBe('noindex, indexifembedded');
    expect(reconcile('none', 'indexifembedded')).toBe('none, indexifembedded');
    expect(reconcile('indexifembedded')).toBe('');
  });
  it('de-duplicates and lowercases', () => {
    expect(reconcile('NOARCHIVE, noarchive', ['NoArchive'])).toBe('noarchive');
  });
  it('accepts parsed values and mixes forms', () => {
    expect(tokens(reconcile({ index: false }, ['nofollow'], 'noarchive'))).toEqual(
      tokens('noindex, nofollow, noarchive'),
    );
  });
  it('ignores crawler-specific directives for the robots tag', () => {
    expect(reconcile({ googlebot: 'noindex' })).toBe('');
  });
});

describe('reconcile: repeated values inside one input', () => {
  it('keeps the most restrictive value, not the last one', () => {
    expect(reconcile('max-snippet:10, max-snippet:50')).toBe('max-snippet:10');
    expect(reconcile('max-image-preview:none, max-image-preview:large')).toBe('max-image-preview:none');
    expect(reconcile('max-video-preview:3, max-video-preview:-1')).toBe('max-video-preview:3');
    expect(reconcile('unavailable_after: 2026-01-01, unavailable_after: 2027-01-01')).toBe(
      'unavailable_after: 2026-01-01',
    );
    expect(reconcile({ maxSnippet: 5, 'max-snippet': 50 })).toBe('max-snippet:5');
  });
});

describe('mergeAudiences on a page with very many robots tags', () => {
  it('merges 300,000 sources without a spread call or a copy per source (no stack overflow, most restrictive wins)', () => {
    const sources = Array.from({ length: 300_000 }, (_, i) => ({
      all: parseRobots(i === 299_999 ? 'max-snippet:5' : 'max-snippet:50').all,
      crawlers: new Map([['googlebot', parseRobots(i === 150_000 ? 'noindex' : 'nosnippet').all]]),
    }));
    const merged = mergeAudiences(sources);
    expect(merged.all.maxSnippet).toBe(5);
    expect(merged.crawlers.get('googlebot')!.flags.has('noindex')).toBe(true);
  });
});

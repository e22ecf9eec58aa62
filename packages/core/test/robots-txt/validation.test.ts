import { describe, expect, it } from 'vitest';
import { generateRobotsTxt, type RobotsTxtOptions } from '../../src/index.js';
import { validateRobotsTxtOptions } from '../../src/adapter.js';
import { thrown } from './thrown.js';

/** The message for invalid options, checked to come from the generator too. */
function messageFor(options: unknown, source?: string): string {
  const error = thrown(() => validateRobotsTxtOptions(options, source));
  expect(
    thrown(() => generateRobotsTxt(options as RobotsTxtOptions, { indexable: true, ...(source ? { source } : {}) }))
      .message,
  ).toBe(error.message);
  return error.message;
}

const disallow = (...paths: unknown[]): unknown => ({ groups: [{ userAgent: '*', disallow: ['/ok', ...paths] }] });

describe('validateRobotsTxtOptions: rule paths', () => {
  it('rejects a path that does not start with `/` or `*`, suggesting one that does', () => {
    const message = messageFor(disallow('private'), 'astro.config.mjs');
    expect(message).toContain('[@robots-kit/core] astro.config.mjs, key `robotsTxt.groups[0].disallow[1]`');
    expect(message).toContain('does not start with `/` or `*`, got `private`');
    expect(message).toContain('expected a URL path starting with `/`');
    expect(message).toContain('Did you mean `/private`?');
    expect(messageFor(disallow('./private'))).toContain('Did you mean `/private`?');
  });

  it('rejects a full URL, suggesting its path', () => {
    const message = messageFor({ groups: [{ userAgent: '*', allow: ['https://example.com/open?x=1'] }] });
    expect(message).toContain('key `robotsTxt.groups[0].allow[0]`');
    expect(message).toContain('full URL');
    expect(message).toContain('Did you mean `/open?x=1`?');
  });

  it('rejects `Disallow: *`, which the guide calls invalid, suggesting `/`', () => {
    const message = messageFor(disallow('*'));
    expect(message).toContain('`Disallow: *` is not valid robots.txt');
    expect(message).toContain('Did you mean `/`?');
    expect(messageFor({ groups: [{ userAgent: '*', allow: ['*'] }] })).toContain('`Allow: *` is not valid');
  });

  it('rejects an empty Allow but accepts an empty Disallow', () => {
    expect(messageFor({ groups: [{ userAgent: '*', allow: [''] }] })).toContain('empty `Allow:` allows nothing');
    expect(() => validateRobotsTxtOptions(disallow(''))).not.toThrow();
  });

  it('rejects `#`, which would start a comment, suggesting %23', () => {
    const message = messageFor(disallow('/a#b'));
    expect(message).toContain('starts a comment');
    expect(message).toContain('Did you mean `/a%23b`?');
  });

  it('rejects whitespace, suggesting its percent-encoding', () => {
    expect(messageFor(disallow('/a b'))).toContain('Did you mean `/a%20b`?');
  });

  it('rejects non-strings and non-arrays', () => {
    expect(messageFor(disallow(5))).toContain('must be a string, got number `5`');
    const notArray = messageFor({ groups: [{ userAgent: '*', disallow: '/x' }] });
    expect(notArray).toContain('key `robotsTxt.groups[0].disallow`');
    expect(notArray).toContain('must be an array');
    expect(notArray).toContain('Did you mean `["/x"]`?');
  });

  it('accepts wildcard and anchored paths', () => {
    expect(() => validateRobotsTxtOptions(disallow('/*.gif$', '*.pdf', '/a/*/b'))).not.toThrow();
  });
});

describe('validateRobotsTxtOptions: user agents', () => {
  const agent = (userAgent: unknown): unknown => ({ groups: [{ userAgent: '*' }, { userAgent }] });

  it('rejects a version suffix, suggesting the product token', () => {
    const message = messageFor(agent('Googlebot/2.1'));
    expect(message).toContain('key `robotsTxt.groups[1].userAgent`');
    expect(message).toContain(
      'not a robots.txt product token (Google would read it as `Googlebot`), got `Googlebot/2.1`',
    );
    expect(message).toContain('expected a product token (letters, digits, `-` and `_`, starting with a letter');
    expect(message).toContain('Did you mean `Googlebot`?');
  });

  it('suggests a dashed token for spaces and a trimmed one for padding', () => {
    expect(messageFor(agent('Foo Bar'))).toContain('Did you mean `Foo-Bar`?');
    expect(messageFor(agent(' Foobot '))).toContain('Did you mean `Foobot`?');
  });

  it('accepts digits after the first character (issue 16: `AI2Bot`), and explains what Google would read otherwise', () => {
    expect(() => validateRobotsTxtOptions(agent(['ok', 'AI2Bot', 'Ai2Bot-Dolma']))).not.toThrow();
    const digits = messageFor(agent(['ok', '2Bot']));
    expect(digits).toContain('key `robotsTxt.groups[1].userAgent[1]`');
    expect(digits).toContain('no crawler would match it');
    expect(digits).not.toContain('Did you mean');
    expect(messageFor(agent('AI2Bot/1.0'))).toContain('Did you mean `AI2Bot`?');
    expect(messageFor(agent('ツ'))).toContain('no crawler would match it');
    expect(messageFor(agent('Foobot*'))).toContain('`Foobot*`');
  });

  it('rejects an empty list and a missing userAgent, suggesting `*`', () => {
    const empty = messageFor(agent([]));
    expect(empty).toContain('names no crawler');
    expect(empty).toContain('Did you mean `*`?');
    const missing = messageFor({ groups: [{ disallow: ['/'] }] });
    expect(missing).toContain('key `robotsTxt.groups[0].userAgent`');
    expect(missing).toContain('group has no `userAgent`');
  });

  it('accepts product tokens and `*`', () => {
    expect(() =>
      validateRobotsTxtOptions(agent(['Googlebot', 'Foo_Bar', 'cohere-training-data-crawler', '*'])),
    ).not.toThrow();
  });
});

describe('validateRobotsTxtOptions: crawl delay, comments, groups', () => {
  const delay = (crawlDelay: unknown): unknown => ({ groups: [{ userAgent: 'Bingbot', crawlDelay }] });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects crawl delay %s', (value) => {
    const message = messageFor(delay(value));
    expect(message).toContain('key `robotsTxt.groups[0].crawlDelay`');
    expect(message).toContain('not a positive, finite number of seconds');
    expect(message).toContain('expected a number of seconds greater than 0');
  });

  it('rejects a crawl delay given as a string, suggesting the number', () => {
    const message = messageFor(delay('5'));
    expect(message).toContain('crawl delay must be a number, got string `5`');
    expect(message).toContain('Did you mean `5`?');
  });

  it('rejects unknown group keys with a suggestion', () => {
    const message = messageFor({ groups: [{ userAgents: ['*'] }] });
    expect(message).toContain('key `robotsTxt.groups[0].userAgents`');
    expect(message).toContain('unknown robots.txt option');
    expect(message).toContain('Did you mean `userAgent`?');
  });

  it('rejects a group that is not an object, and groups that are not an array', () => {
    expect(messageFor({ groups: ['*'] })).toContain('key `robotsTxt.groups[0]`: must be an object, got `*`');
    expect(messageFor({ groups: { userAgent: '*' } })).toContain('key `robotsTxt.groups`: must be an array');
  });

  it('rejects non-string comments', () => {
    expect(messageFor({ groups: [{ userAgent: '*', comment: ['ok', 3] }] })).toContain(
      'key `robotsTxt.groups[0].comment[1]`',
    );
    expect(messageFor({ groups: [{ userAgent: '*', comment: 3 }] })).toContain('key `robotsTxt.groups[0].comment`');
  });
});

describe('validateRobotsTxtOptions: top level, sitemap, signals', () => {
  it('rejects unknown options with a suggestion', () => {
    const message = messageFor({ sitemaps: true });
    expect(message).toContain('key `robotsTxt.sitemaps`');
    expect(message).toContain('Did you mean `sitemap`?');
    expect(messageFor({ blockAIBots: true })).toContain('Did you mean `blockAiBots`?');
    expect(messageFor('yes')).toContain('key `robotsTxt`: must be an object');
    expect(messageFor({ blockAiBots: 'yes' })).toContain(
      'key `robotsTxt.blockAiBots`: must be an object, got `yes`; expected `true`, `false` or an object',
    );
  });

  it('rejects bad sitemaps', () => {
    expect(messageFor({ sitemap: 'sitemap.xml' })).toContain('Did you mean `/sitemap.xml`?');
    expect(messageFor({ sitemap: ['https://a.test/s.xml', 'ftp://a.test/s.xml'] })).toContain(
      'key `robotsTxt.sitemap[1]`: sitemap URL is not http(s)',
    );
    expect(messageFor({ sitemap: 'https://a.test/s.xml#top' })).toContain('Did you mean `https://a.test/s.xml`?');
    expect(messageFor({ sitemap: '/my sitemap.xml' })).toContain('Did you mean `/my%20sitemap.xml`?');
    expect(messageFor({ sitemap: false })).toContain('invalid sitemap option');
    expect(messageFor({ sitemap: 3 })).toContain('key `robotsTxt.sitemap`');
  });

  it('rejects unknown content-signal keys and values', () => {
    const key = messageFor({ contentSignal: { ai_train: 'no' } });
    expect(key).toContain('key `robotsTxt.contentSignal.ai_train`');
    expect(key).toContain('unknown content signal `ai_train`');
    expect(key).toContain('expected `search`, `ai-input`, `ai-train`');
    expect(key).toContain('Did you mean `ai-train`?');
    expect(messageFor({ contentSignal: { aiInput: 'no' } })).toContain('Did you mean `ai-input`?');
    // A word for a known signal is refused with its name, not passed through (issue 40).
    expect(messageFor({ contentSignal: { training: 'no' } })).toContain('Did you mean `ai-train`?');
    expect(messageFor({ contentSignal: { 'Ai Train': 'no' } })).toContain('Did you mean `ai-train`?');
    const value = messageFor({ contentSignal: { search: 'y' } });
    expect(value).toContain('invalid content-signal value `y`; expected `yes` or `no`');
    expect(value).toContain('Did you mean `yes`?');
    expect(messageFor({ contentSignal: { search: false } })).toContain('Did you mean `no`?');
    expect(messageFor({ contentSignal: 'search=yes' })).toContain('must be an object');
  });

  it('rejects malformed content-usage terms and values', () => {
    expect(messageFor({ contentUsage: { trainAI: 'n' } })).toContain('Did you mean `train-ai`?');
    expect(messageFor({ contentUsage: { 'train ai': 'n' } })).toContain('Did you mean `train-ai`?');
    expect(messageFor({ contentUsage: { '!': 'n' } })).not.toContain('Did you mean');
    const value = messageFor({ contentUsage: { 'train-ai': 'no' } });
    expect(value).toContain('key `robotsTxt.contentUsage.train-ai`');
    expect(value).toContain('expected `y` or `n`');
    expect(value).toContain('Did you mean `n`?');
  });

  it('accepts a full, valid configuration', () => {
    expect(() =>
      validateRobotsTxtOptions({
        groups: [{ userAgent: ['*'], allow: ['/'], disallow: ['/x'], crawlDelay: 0.5, comment: 'hi # there' }],
        sitemap: ['https://a.test/s.xml', '/s2.xml'],
        blockAiBots: false,
        contentSignal: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' },
        contentUsage: { 'train-ai': 'n', extensions: { 'train-genai2': 'y' } },
      }),
    ).not.toThrow();
  });
});

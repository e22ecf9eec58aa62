/**
 * Issue 35: hostile option values get a clear RobotsError (package, file, key, value, fix), by
 * construction of the one options schema: never a TypeError, a stack overflow, a value written
 * where it does not belong, or a message broken over lines.
 */
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/args.js';
import { runCli } from '../../src/cli/run-cli.js';
import { RobotsError } from '../../src/errors.js';
import { normalizeOptions } from '../../src/options/normalize.js';
import { generateRobotsTxt } from '../../src/robots-txt/generate.js';
import { captureIo } from '../audit/capture.js';

const env = {};
/** The RobotsError normalizeOptions throws for `options` (failing the test on any other outcome). */
function refusal(options: unknown): RobotsError {
  try {
    normalizeOptions(options, { env, source: 'eleventy.config.js', package: '@robots-kit/eleventy' });
  } catch (error) {
    expect(error).toBeInstanceOf(RobotsError);
    return error as RobotsError;
  }
  throw new Error(`accepted: ${String(options)}`);
}
function deeplyNested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { index: false };
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('site', () => {
  it('refuses credentials, which robots.txt would publish on its Sitemap line', () => {
    const error = refusal({ site: 'https://user:pass@example.com', robotsTxt: { sitemap: true } });
    expect(error.message).toBe(
      '[@robots-kit/eleventy] eleventy.config.js, key `site`: credentials in the URL, which robots.txt and sitemaps would publish `https://user:pass@example.com`; expected the address the site is served at, e.g. `https://example.com` or, with a base path, `https://example.com/docs/`. Did you mean `https://example.com/`?',
    );
    // The value accepted instead would never put them there.
    const options = normalizeOptions({ site: 'https://example.com', robotsTxt: { sitemap: true } }, { env });
    expect(
      generateRobotsTxt(options.robotsTxt as object, {
        indexable: true,
        site: options.site,
        defaultSitemap: '/sitemap.xml',
      }),
    ).toContain('Sitemap: https://example.com/sitemap.xml');
  });

  it.each([
    'https://example.com\nSitemap: https://evil.test/x.xml',
    'https://example.com/\r',
    'https://exa mple.com',
    '\thttps://example.com',
  ])('refuses a line break or whitespace: %j', (site) => {
    const error = refusal({ site });
    expect(error.details.key).toBe('site');
    expect(error.message).toContain('whitespace or a control character');
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it.each(['https://example.com/?a=1#x', 'https://example.com/#top', 'https://example.com/docs/?'])(
    'refuses a query or fragment, in the option and in the CLI alike: %s',
    (site) => {
      const option = refusal({ site });
      expect(option.message).toContain('a query or fragment in the URL');
      let flag: unknown;
      try {
        parseCliArgs(['check', 'dist', '--site', site]);
      } catch (error) {
        flag = error;
      }
      expect(flag).toBeInstanceOf(RobotsError);
      expect((flag as RobotsError).details).toMatchObject({
        key: '--site',
        source: 'robots-kit check',
        problem: option.details.problem,
        expected: option.details.expected,
        suggestion: option.details.suggestion,
      });
    },
  );

  it('accepts an origin with a base path, in the option and in the CLI', () => {
    expect(normalizeOptions({ site: 'https://example.com/docs/' }, { env }).site).toBe('https://example.com/docs/');
    expect(parseCliArgs(['check', 'dist', '--site', 'https://example.com/docs/']).site).toBe(
      'https://example.com/docs/',
    );
  });

  it('suggests the scheme a bare host lacks', () => {
    expect(refusal({ site: 'example.com' }).message).toContain('Did you mean `https://example.com`?');
  });
});

describe('values JavaScript has but options do not', () => {
  it.each([
    [{ strict: 10n }, 'strict', '`10n`'],
    [{ googlebot: { maxSnippet: 50n } }, 'googlebot.maxSnippet', '`50n`'],
    [{ noindex: { data: { draft: 1n } } }, 'noindex.data.draft', '`1n`'],
    [{ defaults: 1n }, 'defaults', '`1n`'],
  ])('a BigInt is a clear error, not a TypeError: %s', (options, key, shown) => {
    const error = refusal(options);
    expect(error.details.key).toBe(key);
    expect(error.message).toContain(shown);
  });

  it.each([
    ['defaults', (deep: unknown) => ({ defaults: deep })],
    ['headers rule', (deep: unknown) => ({ headers: { targets: ['netlify'], rules: [{ path: '/a', robots: deep }] } })],
    ['noindex.data', (deep: unknown) => ({ noindex: { data: { draft: deep } } })],
  ])('very deep nesting (%s) is a clear error, not a stack overflow', (_where, wrap) => {
    const error = refusal(wrap(deeplyNested(100_000)));
    expect(error.message).toMatch(/options nested more than 64 levels deep, or containing themselves/);
    expect(error.details.key).toMatch(/\.a\.a\.a/);
  });

  it('a value that contains itself is a clear error', () => {
    const rule: Record<string, unknown> = { path: '/a' };
    rule.robots = rule;
    expect(refusal({ rules: [rule] }).details.key).toMatch(/^rules\[0\]\.robots/);
  });

  it('a value used twice is not mistaken for one that contains itself', () => {
    const paths = ['/drafts/**'];
    expect(normalizeOptions({ noindex: { paths }, errorPages: paths }, { env }).errorPages).toEqual(paths);
  });
});

describe('messages', () => {
  it('are one line, whatever the text of a problem', () => {
    const error = new RobotsError({
      code: 'x',
      problem: 'two\nlines',
      expected: 'three\r\nmore\nlines',
      value: 'a\nb',
    });
    expect(error.message).toBe('[@robots-kit/core] two lines `a\\u000ab`; expected three more lines.');
  });

  it('print in a terminal without a literal `\\u{a}`', async () => {
    const io = captureIo();
    expect(await runCli(['check', 'dist', '--site', 'https://example.com/\nx'], io)).toBe(2);
    const first = io.stderr.text().split('\n')[0]!;
    expect(first).toMatch(/^\[@robots-kit\/core\] robots-kit check, key `--site`: whitespace or a control character/);
    expect(io.stderr.text()).not.toContain('\\u{a}');
  });

  it('name no empty key when the options are not an object at all', () => {
    expect(refusal('noindex').message).toBe(
      "[@robots-kit/eleventy] eleventy.config.js: invalid option value `noindex`; expected an object of options, e.g. `{ noindex: { collections: ['drafts'] } }`.",
    );
  });

  it('never carry zod’s own words for an unknown key inside a union', () => {
    expect(refusal({ robotsTxt: { sitemaps: true } }).message).toContain(
      'key `robotsTxt.sitemaps`: unknown option `sitemaps`',
    );
    expect(refusal({ robotsTxt: { sitemaps: true } }).message).toContain('Did you mean `sitemap`?');
  });
});

describe('RobotsError across copies of core', () => {
  it('is recognized by `instanceof` when another copy of core (a Vite-run one) made it', () => {
    const fromAnotherCopy = Object.assign(new Error('[@robots-kit/core] x'), {
      name: 'RobotsError',
      [Symbol.for('@robots-kit/core:RobotsError')]: true,
    });
    expect(fromAnotherCopy instanceof RobotsError).toBe(true);
    expect(refusal({ noindx: {} }) instanceof RobotsError).toBe(true);
    expect(new Error('x') instanceof RobotsError).toBe(false);
    expect(Object.assign(new Error('x'), { name: 'RobotsError' }) instanceof RobotsError).toBe(false);
  });
});

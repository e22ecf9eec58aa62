import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateRobotsTxt, isAllowed, parseRobotsTxt, type RobotsTxtOptions } from '../../src/index.js';
import { validateRobotsTxtOptions } from '../../src/adapter.js';
import { thrown } from './thrown.js';

const live = { indexable: true, site: 'https://example.com' } as const;

// Every way to end a line that a crawler or an editor might honour.
const BREAKS = ['\n', '\r', '\r\n', '\u0000', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\u001b'];
const PAYLOAD = 'User-agent: *\nDisallow: /';

/** Every string the options can carry, with `inject` placed in it. */
const PLACES: [string, (inject: string) => unknown][] = [
  ['groups[0].disallow[0]', (inject) => ({ groups: [{ userAgent: '*', disallow: [`/a${inject}`] }] })],
  ['groups[0].allow[0]', (inject) => ({ groups: [{ userAgent: '*', allow: [`/a${inject}`] }] })],
  ['groups[0].userAgent', (inject) => ({ groups: [{ userAgent: `Bot${inject}` }] })],
  ['groups[0].userAgent[1]', (inject) => ({ groups: [{ userAgent: ['Ok', `Bot${inject}`] }] })],
  ['groups[0].comment', (inject) => ({ groups: [{ userAgent: '*', comment: `hello${inject}` }] })],
  ['groups[0].comment[0]', (inject) => ({ groups: [{ userAgent: '*', comment: [`hello${inject}`] }] })],
  ['sitemap', (inject) => ({ sitemap: `https://example.com/s.xml${inject}` })],
  ['sitemap[0]', (inject) => ({ sitemap: [`/s.xml${inject}`] })],
  ['contentUsage', (inject) => ({ contentUsage: { [`train-ai${inject}`]: 'n' } })],
  ['contentSignal', (inject) => ({ contentSignal: { search: `yes${inject}` } })],
];

describe('user values cannot inject robots.txt lines', () => {
  for (const [place, build] of PLACES) {
    it.each(BREAKS.map((brk) => [JSON.stringify(brk), brk]))(`rejects %s in ${place}`, (_label, brk) => {
      const error = thrown(() => generateRobotsTxt(build(brk + PAYLOAD) as RobotsTxtOptions, live));
      expect(error.message).toContain('robotsTxt.' + place.replace(/\[.*$/, '').split('.')[0]);
    });
  }

  it('names the control character and the key', () => {
    const error = thrown(() =>
      validateRobotsTxtOptions({ groups: [{ userAgent: '*', disallow: ['/ok', '/a\nDisallow: /'] }] }),
    );
    expect(error.code).toBe('robots-txt-injection');
    expect(error.message).toContain('key `robotsTxt.groups[0].disallow[1]`');
    expect(error.message).toContain('U+000A');
    expect(error.message).toContain('`/a\\u000aDisallow: /`');
  });

  it('rejects `#`, which would turn the rest of a rule into a comment', () => {
    expect(
      thrown(() => generateRobotsTxt({ groups: [{ userAgent: '*', allow: ['/public#'] }] }, live)).message,
    ).toContain('starts a comment');
    expect(thrown(() => generateRobotsTxt({ sitemap: 'https://example.com/s.xml#x' }, live)).message).toContain(
      'starts a comment',
    );
  });

  it('writes every accepted path as exactly one rule with exactly that value', () => {
    // Without `%`, distinct paths are distinct Google patterns, so none is de-duplicated away.
    const suffix = fc.string({ unit: 'binary', maxLength: 12 }).filter((text) => !text.includes('%'));
    fc.assert(
      fc.property(fc.array(suffix, { minLength: 1, maxLength: 4 }), (suffixes) => {
        const paths = suffixes.map((tail) => '/' + tail);
        const options = { groups: [{ userAgent: 'Bot', disallow: paths }] };
        let text: string;
        try {
          text = generateRobotsTxt(options, live);
        } catch {
          return;
        }
        const parsed = parseRobotsTxt(text);
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.groups).toHaveLength(1);
        expect(parsed.groups[0]?.userAgents.map((agent) => agent.value)).toEqual(['Bot']);
        expect(parsed.groups[0]?.rules.map((rule) => rule.value)).toEqual([...new Set(paths)]);
        expect(parsed.sitemaps).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('writes every accepted comment as comment lines only', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (comment) => {
        let text: string;
        try {
          text = generateRobotsTxt({ groups: [{ userAgent: '*', disallow: ['/x'], comment }] }, live);
        } catch {
          return;
        }
        expect(text.split('\n')).toHaveLength(4);
        expect(isAllowed(text, 'Bot', '/y')).toBe(true);
        expect(isAllowed(text, 'Bot', '/x')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

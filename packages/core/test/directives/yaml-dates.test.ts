/**
 * Issue 11, item 15: an unquoted impossible date (`unavailable_after: 2030-02-30`) that YAML
 * rolls over into a real one is caught from the raw front matter text, and fails as the quoted
 * date does. js-yaml is the parser under Eleventy's gray-matter and Astro's front matter: it is
 * the oracle here.
 */
import fc from 'fast-check';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { normalizeOptions, parseRobots, resolvePage } from '../../src/index.js';
import { containsDate, restoreImpossibleYamlDates, rolledOverYamlDate } from '../../src/directives/dates.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const errorOf = (run: () => unknown): Error => {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
};

describe('item 15: rolledOverYamlDate', () => {
  it('finds the impossible date YAML rolled over, and nothing for a real one', () => {
    const text = 'title: x\nrobots:\n  unavailable_after: 2030-02-30\n';
    const parsed = yaml.load(text) as { robots: { unavailable_after: Date } };
    expect(parsed.robots.unavailable_after.toISOString()).toBe('2030-03-02T00:00:00.000Z');
    expect(rolledOverYamlDate(parsed.robots.unavailable_after, text)).toBe('2030-02-30');
    const real = 'robots:\n  unavailable_after: 2030-03-02\n';
    expect(rolledOverYamlDate((yaml.load(real) as typeof parsed).robots.unavailable_after, real)).toBeUndefined();
  });

  it('agrees with js-yaml on every date and time form (differential)', () => {
    const part = (max: number) => fc.integer({ min: 0, max });
    const seen = { real: 0, impossible: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        part(13),
        part(32),
        fc.option(
          fc.tuple(
            part(25),
            part(61),
            part(61),
            fc.constantFrom('', 'Z', '+01:00', '-0530', ' +2'),
            fc.constantFrom('', '.5', '.123'),
          ),
          { nil: undefined },
        ),
        fc.constantFrom('unavailable_after: ', '- ', '{ unavailable_after: '),
        (year, month, day, time, lead) => {
          const date = `${year}-${pad(month)}-${pad(day)}`;
          const scalar =
            time === undefined ? date : `${date}T${pad(time[0])}:${pad(time[1])}:${pad(time[2])}${time[4]}${time[3]}`;
          const text = `title: t\nrobots:\n  ${lead}${scalar}${lead.startsWith('{') ? ' }' : ''}\n`;
          let parsed: unknown;
          try {
            parsed = yaml.load(text);
          } catch {
            return; // not YAML at all
          }
          const value = (parsed as { robots: unknown }).robots;
          const found = Array.isArray(value) ? value[0] : (value as Record<string, unknown>).unavailable_after;
          if (!(found instanceof Date)) return; // js-yaml kept it a string
          const real =
            month >= 1 &&
            month <= 12 &&
            day >= 1 &&
            day <= new Date(Date.UTC(year, month, 0)).getUTCDate() &&
            (time === undefined || (time[0] < 24 && time[1] < 60 && time[2] < 60));
          seen[real ? 'real' : 'impossible']++;
          expect(rolledOverYamlDate(found, text)).toBe(real ? undefined : scalar);
        },
      ),
      { numRuns: 2000 },
    );
    // Both kinds were generated, so the comparison could fail either way.
    expect(seen.real).toBeGreaterThan(100);
    expect(seen.impossible).toBeGreaterThan(100);
  });

  it('puts impossible dates back as text anywhere in a value, and leaves the rest alone', () => {
    const text = 'robots:\n  googlebot:\n    unavailable_after: 2031-04-31\n  maxSnippet: 5\n';
    const value = (yaml.load(text) as { robots: unknown }).robots;
    expect(containsDate(value)).toBe(true);
    expect(restoreImpossibleYamlDates(value, text)).toEqual({
      googlebot: { unavailable_after: '2031-04-31' },
      maxSnippet: 5,
    });
    expect(containsDate('noindex')).toBe(false);
    const real = new Date('2031-06-01T00:00:00Z');
    expect(restoreImpossibleYamlDates({ unavailable_after: real }, text)).toEqual({ unavailable_after: real });
  });

  it('scans a hostile text in linear time (CPU ratio to a benign text of the same size)', () => {
    const size = 200_000;
    const benign = 'a'.repeat(size);
    const hostile = '0000-0-0 ' + '\t'.repeat(size - 9);
    const digits = '2030-01-01T10:00:00.' + '1'.repeat(size - 20);
    const date = new Date('2030-03-02T00:00:00Z');
    const time = (text: string) => {
      const start = process.cpuUsage();
      for (let i = 0; i < 20; i++) rolledOverYamlDate(date, text);
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    const base = Math.max(time(benign), 1000);
    expect(time(hostile) / base).toBeLessThan(50);
    expect(time(digits) / base).toBeLessThan(50);
  });
});

describe('item 15: resolvePage with the front matter text', () => {
  const options = normalizeOptions({}, { env: {} });
  const text = '---\nrobots:\n  unavailable_after: 2030-02-30\n---\n';
  const data = yaml.load('robots:\n  unavailable_after: 2030-02-30\n') as Record<string, unknown>;

  it('fails an unquoted impossible date exactly as the quoted one fails', () => {
    const quoted = errorOf(() =>
      resolvePage({ url: '/a/', data: { robots: { unavailable_after: '2030-02-30' } }, source: 'a.md' }, options),
    );
    const unquoted = errorOf(() => resolvePage({ url: '/a/', data, source: 'a.md', frontMatterText: text }, options));
    expect(unquoted.message).toBe(quoted.message);
    expect(unquoted.message).toBe(
      '[@robots-kit/core] a.md, key `robots.unavailable_after`: invalid `unavailable_after` date `2030-02-30`; expected an ISO 8601 (`2026-12-31`), RFC 822 or RFC 850 date.',
    );
  });

  it('reads the text lazily, only for a value that holds a date', () => {
    let reads = 0;
    const read = () => {
      reads++;
      return text;
    };
    resolvePage({ url: '/a/', data: { robots: 'noindex' }, frontMatterText: read }, options);
    expect(reads).toBe(0);
    expect(() => resolvePage({ url: '/a/', data, frontMatterText: read }, options)).toThrow(/`2030-02-30`/);
    expect(reads).toBe(1);
    expect(() =>
      resolvePage({ url: '/a/', own: [{ robots: data.robots, source: 'entry.md', frontMatterText: read }] }, options),
    ).toThrow(/entry\.md.*`2030-02-30`/);
  });

  it('keeps a real date, and the rolled-over date when no text is given (as before)', () => {
    expect(resolvePage({ url: '/a/', data, source: 'a.md' }, options).robots).toBe('unavailable_after: 2030-03-02');
    const real = yaml.load('robots:\n  unavailable_after: 2030-03-02\n') as Record<string, unknown>;
    expect(
      resolvePage({ url: '/a/', data: real, frontMatterText: 'robots:\n  unavailable_after: 2030-03-02\n' }, options)
        .robots,
    ).toBe('unavailable_after: 2030-03-02');
  });
});

describe('item 17: directives without commas', () => {
  it.each(['noindex nofollow', 'noindex; nofollow', 'noindex;nofollow', 'noindex  max-snippet:50'])(
    'rejects %j, saying to separate directives with commas',
    (input) => {
      const message = errorOf(() => parseRobots(input, { file: 'post.md', key: 'robots' })).message;
      expect(message).toMatch(
        /^\[@robots-kit\/core\] post\.md, key `robots`: separate directives with commas, got `.+`\. Did you mean `noindex, [a-z:0-9-]+`\?$/,
      );
    },
  );
  it('fails even with strict: false, where an unknown word only warns', () => {
    expect(() => parseRobots('noindex nofollow', {}, { strict: false })).toThrow(/separate directives with commas/);
    expect(parseRobots('noindex nofolow2', {}, { strict: false }).warnings).toHaveLength(1);
  });
});

/**
 * Issue 12: the matcher gives Google's answer on every input. Nasty robots.txt files and URLs
 * (typos Google accepts, missing colons, percent-encodings in both cases, non-ASCII and invalid
 * UTF-8 bytes, byte order marks and NULs in odd places, CR/CRLF/LF mixes, very long lines, rules
 * before any group) are checked against a line-by-line port of Google's robots.cc, and against
 * invariants that need no oracle: equivalent encodings give the same answer, the longest match
 * wins with Allow winning ties, groups for one crawler merge, ignorable lines change nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainMatch, isAllowed, parseRobotsTxt } from '../../src/index.js';
import { patternMatches } from '../../src/robots-txt/match.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { googleAllowed, googleEscape, googleMatches, googlePath } from './google-reference.js';

const latin1 = (binary: string): Uint8Array => Uint8Array.from(Buffer.from(binary, 'latin1'));
const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);

// Pieces of values, as bytes (latin1 strings): UTF-8 `é`, a raw Latin-1 `é`, byte order marks, NULs…
const NASTY_PIECES = [
  '/',
  '/',
  'a',
  'b',
  'B',
  'index.html',
  'x.pdf',
  '*',
  '*',
  '$',
  '%2f',
  '%2F',
  '%e9',
  '%E9',
  '%c3%a9',
  '\xc3\xa9',
  '\xe9',
  '\xef\xbb\xbf',
  '\0',
  ' ',
  '\t',
  '\v',
  '#',
  '?',
  ';',
  ':',
  '=',
  '\x7f',
  '\xff',
];
const KEYS = [
  'User-agent',
  'user-agent',
  'USER-AGENT',
  'useragent',
  'user agent',
  'User-Agents',
  'Allow',
  'allow',
  'ALLOWED',
  'Disallow',
  'disallow',
  'dissallow',
  'dissalow',
  'disalow',
  'diasllow',
  'disallaw',
  'Disallowed',
  'Sitemap',
  'site-map',
  'Crawl-delay',
  'Noindex',
  'Foo',
  '\xef\xbb\xbfUser-agent',
  '',
];
const AGENT_VALUES = [
  '*',
  '* ',
  '*foo',
  '* foo',
  '\xef\xbb\xbf*',
  'Googlebot',
  'googlebot/2.1',
  'FooBot',
  'Foo Bar',
  '\xef\xbb\xbfGooglebot',
  'Googlebot-Image',
  '',
  'foo_bar',
  'kbot',
  'Googlebot\0x',
];
const SEPARATORS = [':', ': ', ' : ', ':\t', ' ', '\t', '', '::', ': \v'];
const ASKING = ['Googlebot', 'googlebot', 'FooBot', 'Foo', 'kbot', 'Bar', '', 'foo_bar', 'Googlebot-Image', '*'];
const URL_PREFIXES = [
  'http://example.com',
  'https://example.com:8080',
  '//example.com',
  '',
  'example.com',
  'http://a.b/c?d=http://e.f',
];
const URL_PIECES = [
  '/',
  '/',
  'a',
  'b',
  'B',
  'index.html',
  'x.pdf',
  '%2f',
  '%2F',
  '%E9',
  '%C3%A9',
  'é',
  '\0',
  '#',
  '?',
  ';',
  '=',
  '$',
  '*',
  ' ',
];

const nastyValue = fc.array(pick(NASTY_PIECES), { maxLength: 8 }).map((pieces) => pieces.join(''));
const nastyLine = fc.oneof(
  // Plausible lines, so that groups and rules that apply are common…
  {
    weight: 4,
    arbitrary: fc
      .tuple(pick(['User-agent', 'Allow', 'Disallow']), pick([': ', ':']), pick(AGENT_VALUES), nastyValue)
      .map(([key, sep, agent, value]) => key + sep + (key === 'User-agent' ? agent : '/' + value)),
  },
  // …and anything made of the nasty pieces.
  {
    weight: 3,
    arbitrary: fc
      .tuple(pick(KEYS), pick(SEPARATORS), fc.oneof(pick(AGENT_VALUES), nastyValue))
      .map(([key, sep, value]) => key + sep + value),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pick(KEYS), pick(SEPARATORS), nastyValue, nastyValue)
      .map(([key, sep, value, comment]) => `${key}${sep}${value}#${comment}`),
  },
  { weight: 1, arbitrary: nastyValue },
  // Lines longer than the 16,663 bytes Google reads, cut inside or after the value.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        pick(['Disallow: /', 'Allow: /', 'User-agent: ']),
        fc.integer({ min: 16_600, max: 16_700 }),
        pick(['a', ' ', '*']),
      )
      .map(([start, length, fill]) => start + fill.repeat(length - start.length) + 'x'),
  },
);
const nastyBody = fc
  .tuple(
    pick(['', '', '\xef\xbb\xbf', '\xef\xbb', '\xef', '\xef\xbb\xbf\xef\xbb\xbf']),
    fc.array(fc.tuple(nastyLine, pick(['\n', '\n', '\r\n', '\r', '\n\r', '\r\r\n'])), { maxLength: 14 }),
    fc.boolean(),
  )
  .map(
    ([bom, lines, finalEnding]) =>
      bom +
      lines.map(([line, ending], index) => line + (index < lines.length - 1 || finalEnding ? ending : '')).join(''),
  );
const nastyUrl = fc
  .tuple(pick(URL_PREFIXES), fc.array(pick(URL_PIECES), { maxLength: 8 }))
  .map(([prefix, pieces]) => prefix + pieces.join(''));

describe('issue 12: the same answer as Google on nasty files and URLs', () => {
  it('agrees with the port of robots.cc, from the body, from bytes, parsed and explained', () => {
    fc.assert(
      fc.property(nastyBody, pick(ASKING), nastyUrl, (binary, agent, url) => {
        const bytes = latin1(binary);
        const expected = googleAllowed(bytes, agent, url);
        const parsed = parseRobotsTxt(bytes);
        expect(isAllowed(bytes, agent, url)).toBe(expected);
        expect(isAllowed(parsed, agent, url)).toBe(expected);
        expect(explainMatch(bytes, agent, url).allowed).toBe(expected);
        expect(explainMatch(parsed, agent, url).path).toBe(googlePath(url));
        // Every diagnostic points at a line of the file.
        for (const diagnostic of parsed.diagnostics) expect(diagnostic.line).toBeLessThanOrEqual(parsed.lineCount);
      }),
      fuzzRuns(800),
    );
  });

  it('matches patterns exactly as Google’s position-set Matches', () => {
    const text = (alphabet: string[], maxLength: number) =>
      fc.array(pick(alphabet), { maxLength }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text(['a', 'b', '/', '$', '*'], 12), text(['a', 'b', '/', '*', '$'], 8), (path, pattern) => {
        expect(patternMatches(path, pattern)).toBe(googleMatches(path, pattern));
      }),
      fuzzRuns(3000),
    );
  });
});

// A structured file, for the invariants: groups of user-agents and rules, written out in different but equivalent ways.
interface Rule {
  type: 'allow' | 'disallow';
  value: string;
}
interface Group {
  agents: string[];
  rules: Rule[];
}
// Rule values with no `#`, whitespace, NUL or `:`, so that every way of writing a line below reads the same.
const CLEAN_PIECES = [
  '/',
  '/',
  'a',
  'b',
  'B',
  'index.html',
  'x.pdf',
  '*',
  '$',
  '%2f',
  '%2F',
  '%e9',
  '%E9',
  '\xc3\xa9',
  '\xe9',
  '?',
  '=',
  ';',
];
const cleanValue = fc.array(pick(CLEAN_PIECES), { maxLength: 6 }).map((pieces) => pieces.join(''));
const rule = fc.record({ type: pick(['allow', 'disallow'] as const), value: cleanValue });
const group = fc.record({
  agents: fc.array(pick(['*', 'Googlebot', 'googlebot', 'FooBot', 'Foo-Bot', 'kbot', 'Googlebot/2.1']), {
    minLength: 1,
    maxLength: 2,
  }),
  rules: fc.array(rule, { minLength: 1, maxLength: 6 }),
});
const groups = fc.array(group, { minLength: 1, maxLength: 4 });
const agent = pick(['Googlebot', 'FooBot', 'foo-bot', 'kbot', 'Other']);
const path = fc
  .array(pick(['/', 'a', 'b', 'B', 'index.html', 'x.pdf', '%2f', '%2F', '%E9', '%e9', '%C3%A9', '?', '=', '$', ';']), {
    maxLength: 7,
  })
  .map((pieces) => '/' + pieces.join(''));

interface Style {
  eol: (index: number) => string;
  key: (type: 'user-agent' | Rule['type'], index: number) => string;
  separator: string;
  value: (value: string, type: 'user-agent' | Rule['type']) => string;
  /** Lines Google ignores, put after the line at this index. */
  noise: (index: number) => string[];
  prefix: string;
}
const PLAIN: Style = {
  eol: () => '\n',
  key: (type) => ({ 'user-agent': 'User-agent', allow: 'Allow', disallow: 'Disallow' })[type],
  separator: ': ',
  value: (value) => value,
  noise: () => [],
  prefix: '',
};
function write(file: Group[], style: Partial<Style> = {}): Uint8Array {
  const { eol, key, separator, value, noise, prefix } = { ...PLAIN, ...style };
  const lines: string[] = [];
  const add = (type: 'user-agent' | Rule['type'], text: string): void => {
    lines.push(key(type, lines.length) + separator + value(text, type), ...noise(lines.length));
  };
  for (const { agents, rules } of file) {
    for (const name of agents) add('user-agent', name);
    for (const { type, value: text } of rules) add(type, text);
  }
  return latin1(prefix + lines.map((line, index) => line + eol(index)).join(''));
}
const answer = (body: Uint8Array, name: string, url: string): boolean => isAllowed(body, name, url);

describe('issue 12: invariants of the matcher', () => {
  const runs = fuzzRuns(250);

  it('gives the same answer with LF, CRLF, CR or mixed line endings', () => {
    fc.assert(
      fc.property(groups, agent, path, fc.array(pick(['\n', '\r\n', '\r']), { minLength: 1 }), (file, name, url) => {
        const expected = answer(write(file), name, url);
        for (const eol of ['\r\n', '\r']) expect(answer(write(file, { eol: () => eol }), name, url)).toBe(expected);
        expect(answer(write(file, { eol: (index) => ['\n', '\r\n', '\r'][index % 3]! }), name, url)).toBe(expected);
      }),
      runs,
    );
  });

  it('gives the same answer for `%xx` in either case, and for a raw byte or its escape', () => {
    const lowerEscapes = (value: string): string => value.replace(/%[0-9A-Fa-f]{2}/g, (escape) => escape.toLowerCase());
    const escapeBytes = (value: string): string =>
      value.replace(/[\x80-\xff]/g, (byte) => '%' + byte.charCodeAt(0).toString(16));
    fc.assert(
      fc.property(groups, agent, path, (file, name, url) => {
        const expected = answer(write(file), name, url);
        const onRules = (change: (value: string) => string) => (value: string, type: string) =>
          type === 'user-agent' ? value : change(value);
        expect(answer(write(file, { value: onRules(lowerEscapes) }), name, url)).toBe(expected);
        expect(answer(write(file, { value: onRules(escapeBytes) }), name, url)).toBe(expected);
      }),
      runs,
    );
  });

  it('gives the same answer whatever the spelling Google accepts, the separator, comments and byte order mark', () => {
    const spellings = {
      'user-agent': ['user-agent', 'USER-AGENT', 'useragent', 'User-Agents'],
      allow: ['allow', 'ALLOW', 'Allowed'],
      disallow: ['disallow', 'DISALLOW', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw', 'Disallowed'],
    };
    fc.assert(
      fc.property(
        groups,
        agent,
        path,
        fc.nat(),
        pick([':', ':', ' : ', ':\t', '\t:  ']),
        pick(['', '\xef\xbb\xbf', '\xef\xbb', '\n\n']),
        (file, name, url, seed, separator, prefix) => {
          const expected = answer(write(file), name, url);
          const key = (type: keyof typeof spellings, index: number): string =>
            spellings[type][(seed + index) % spellings[type].length]!;
          expect(
            answer(
              write(file, {
                key,
                separator,
                prefix,
                eol: (index) => ((seed + index) % 3 === 0 ? ' # note: Disallow: /\n' : '\n'),
              }),
              name,
              url,
            ),
          ).toBe(expected);
        },
      ),
      runs,
    );
  });

  it('accepts a missing colon on two-word lines', () => {
    const noColon = fc.array(
      group
        .map((g) => ({
          ...g,
          agents: g.agents.map((a) => a.replace('/2.1', '')),
          rules: g.rules.filter((r) => r.value !== ''),
        }))
        .filter((g) => g.rules.length > 0),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(noColon, agent, path, (file, name, url) => {
        expect(answer(write(file, { separator: ' ' }), name, url)).toBe(answer(write(file), name, url));
      }),
      runs,
    );
  });

  it('is not changed by lines Google ignores, wherever they are, or by rules before any group', () => {
    const noise = [
      '',
      '   ',
      '# Disallow: /',
      'Sitemap: https://example.com/s.xml',
      'Crawl-delay: 5',
      'Noindex: /',
      'this is not a line',
      'Disallow',
      '\0User-agent: *',
      ': /x',
    ];
    fc.assert(
      fc.property(
        groups,
        agent,
        path,
        fc.array(pick(noise), { minLength: 20, maxLength: 20 }),
        fc.array(rule, { maxLength: 3 }),
        (file, name, url, junk, orphans) => {
          const expected = answer(write(file), name, url);
          const before = orphans.map((r) => `${r.type}: ${r.value}\n`).join('');
          expect(
            answer(write(file, { noise: (index) => [junk[index % junk.length]!], prefix: before }), name, url),
          ).toBe(expected);
        },
      ),
      runs,
    );
  });

  it('lets the longest matching pattern decide, Allow winning ties', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 8 }), path, (rules, url) => {
        const body = write([{ agents: ['*'], rules }]);
        const priority = (type: Rule['type']): number =>
          Math.max(
            -1,
            ...rules
              .filter((r) => r.type === type)
              .map((r) => {
                const pattern = googleEscape(r.value);
                if (googleMatches(url, pattern)) return pattern.length;
                const slash = pattern.lastIndexOf('/');
                const directory = pattern.slice(0, slash + 1) + '$';
                return type === 'allow' &&
                  slash !== -1 &&
                  pattern.startsWith('/index.htm', slash) &&
                  googleMatches(url, directory)
                  ? directory.length
                  : -1;
              }),
          );
        const [allow, disallow] = [priority('allow'), priority('disallow')];
        const explanation = explainMatch(body, 'Bot', 'http://example.com' + url);
        expect(explanation.allowed).toBe(!(disallow > allow && disallow > 0));
        if (explanation.rule) {
          expect(explanation.rule.effectivePattern.length).toBe(Math.max(allow, disallow));
          expect(googleMatches(url, explanation.rule.effectivePattern)).toBe(true);
        } else {
          expect(Math.max(allow, disallow)).toBeLessThanOrEqual(0);
        }
      }),
      runs,
    );
  });

  it('merges the groups of a crawler: split or reordered groups and rules give the same answer', () => {
    fc.assert(
      fc.property(groups, agent, path, fc.nat(), (file, name, url, cut) => {
        const expected = answer(write(file), name, url);
        expect(answer(write([...file].reverse()), name, url)).toBe(expected);
        expect(answer(write(file.map((g) => ({ ...g, rules: [...g.rules].reverse() }))), name, url)).toBe(expected);
        const split = file.flatMap((g) => {
          const at = 1 + (cut % g.rules.length);
          return at >= g.rules.length
            ? [g]
            : [
                { ...g, rules: g.rules.slice(0, at) },
                { ...g, rules: g.rules.slice(at) },
              ];
        });
        expect(answer(write(split), name, url)).toBe(expected);
      }),
      runs,
    );
  });

  it('uses only the groups naming the crawler when there are any, whatever the `*` groups say', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 5 }),
        fc.array(rule, { minLength: 1, maxLength: 5 }),
        path,
        (own, global, somePath) => {
          const mine = write([{ agents: ['FooBot'], rules: own }]);
          for (const url of [somePath, '/', '/a', '/index.html']) {
            expect(
              answer(
                write([
                  { agents: ['*'], rules: global },
                  { agents: ['FooBot'], rules: own },
                ]),
                'foobot',
                url,
              ),
            ).toBe(answer(mine, 'FooBot', url));
          }
        },
      ),
      runs,
    );
  });

  it('compares crawler names ignoring ASCII case, and reads only the path of a URL', () => {
    fc.assert(
      fc.property(groups, agent, path, fc.string({ maxLength: 6 }), (file, name, url, junk) => {
        const body = write(file);
        // A bare path starting with `//` would name a host, so the reference is a full URL.
        const expected = answer(body, name, 'http://example.com' + url);
        expect(answer(body, name.toUpperCase(), 'http://example.com' + url)).toBe(expected);
        expect(answer(body, name, 'https://other.example:8443' + url)).toBe(expected);
        expect(answer(body, name, '//example.com' + url + '#' + junk)).toBe(expected);
        const beforeQuery = 'http://example.com' + url.replace(/[?#].*/, '');
        expect(answer(body, name, beforeQuery + '\0' + junk)).toBe(answer(body, name, beforeQuery));
      }),
      runs,
    );
  });
});

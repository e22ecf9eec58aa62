/**
 * Issue 13 item 1: user patterns (header files, `vercel.json` sources, option globs) run on a
 * linear-time matcher. Differential against JavaScript's own RegExp on random patterns, and CPU
 * on the hostile patterns as a ratio to a same-size benign pattern.
 */
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileLinearRegex, linearRegex } from '../../src/glob/linear-regex.js';
import { UnsupportedRegexError } from '../../src/glob/regex-syntax.js';
import { matchesAnyGlob, urlPath } from '../../src/glob.js';
import { normalizeOptions, resolvePage } from '../../src/index.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { cpuRatio } from './cpu.js';

const literal = fc.constantFrom('a', 'b', 'A', '/', '\\.', '-', '\\/', '1', 'é', '😀');
const atom: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: literal },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '.',
      '[ab]',
      '[^a]',
      '[a-c]',
      '[^/]',
      '\\d',
      '\\w',
      '\\s',
      '\\W',
      '[\\w.]',
      '\\x41',
      '\\u0061',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('^', '$', '\\b', '\\B') },
);
const quantifier = fc.constantFrom('', '', '', '*', '+', '?', '{0,2}', '{2}', '{1,}', '*?', '+?', '??');
const regexArbitrary = fc.letrec<{ disjunction: string; term: string; group: string }>((tie) => ({
  group: fc
    .tuple(fc.constantFrom('(', '(?:', '(?=', '(?!', '(?<=', '(?<!', '(?<n>'), tie('disjunction'))
    .map(([open, body]) => `${open}${body})`),
  term: fc
    .oneof({ weight: 5, arbitrary: atom }, { weight: 1, arbitrary: tie('group') })
    .chain((item) => quantifier.map((q) => item + q)),
  disjunction: fc
    .array(
      fc.array(tie('term'), { minLength: 0, maxLength: 4 }).map((terms) => terms.join('')),
      { minLength: 1, maxLength: 3 },
    )
    .map((alternatives) => alternatives.join('|')),
})).disjunction;
const textArbitrary = fc
  .array(fc.constantFrom('a', 'b', 'A', 'B', '/', '.', '-', '1', ' ', '\n', '_', 'é', 'É', '😀'), { maxLength: 12 })
  .map((chars) => chars.join(''));

function nativeRegex(source: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

describe('linear-time matcher answers as RegExp.prototype.test', () => {
  it('on random patterns with groups, classes, anchors, lookarounds and quantifiers', () => {
    fc.assert(
      fc.property(
        regexArbitrary,
        fc.constantFrom('', 'i', 'u', 'iu', 'm', 's', 'ms'),
        fc.array(textArbitrary, { minLength: 1, maxLength: 6 }),
        (source, flags, texts) => {
          const native = nativeRegex(source, flags);
          if (!native) {
            expect(() => compileLinearRegex(source, flags)).toThrow(SyntaxError);
            return;
          }
          const linear = compileLinearRegex(source, flags);
          // V8 tries empty matches inside a surrogate pair in `u` mode too (`/\B/u` matches `😀` at 1): not a path case.
          for (const text of flags.includes('u') ? texts.map((text) => text.replaceAll('😀', 'x')) : texts)
            expect(linear.test(text), `/${source}/${flags} on ${JSON.stringify(text)}`).toBe(native.test(text));
        },
      ),
      fuzzRuns(3000),
    );
  });

  it('on the regexes picomatch makes of random globs (option globs)', () => {
    const part = fc.constantFrom(
      'a',
      'b',
      '*',
      '**',
      '?',
      '[ab]',
      '{a,b}',
      '.pdf',
      '!(a)',
      '@(a|b)',
      '+(a)',
      '*(b)',
      '[!a]',
    );
    const glob = fc
      .array(
        fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
        { minLength: 1, maxLength: 3 },
      )
      .map((segments) => '/' + segments.join('/'));
    const path = fc
      .array(fc.constantFrom('a', 'b', 'ab', '.', '..', '.pdf', 'x'), { maxLength: 4 })
      .map((segments) => '/' + segments.join('/'));
    fc.assert(
      fc.property(glob, fc.array(path, { minLength: 1, maxLength: 5 }), (pattern, paths) => {
        const native = picomatch.makeRe(pattern, { dot: true });
        const linear = compileLinearRegex(native.source, native.flags);
        for (const text of paths) expect(linear.test(text), `${pattern} on ${text}`).toBe(native.test(text));
      }),
      fuzzRuns(1500),
    );
  });

  it('reads astral characters as one in `u` mode and as two code units otherwise', () => {
    expect(compileLinearRegex('^.$', 'u').test('😀')).toBe(true);
    expect(compileLinearRegex('^.$').test('😀')).toBe(false);
    expect(compileLinearRegex('^[😀]$', 'u').test('😀')).toBe(true);
    expect(compileLinearRegex('^\\u{1F600}$', 'u').test('😀')).toBe(true);
  });

  it('refuses what it cannot run without backtracking, naming it', () => {
    expect(() => compileLinearRegex('(a)\\1')).toThrow(new UnsupportedRegexError('a backreference'));
    expect(() => compileLinearRegex('(?<x>a)\\k<x>')).toThrow(UnsupportedRegexError);
    expect(() => compileLinearRegex('\\p{L}', 'u')).toThrow(/Unicode property/);
    expect(() => compileLinearRegex('a{1001}')).toThrow(/counted repeat over 1000/);
    expect(() => compileLinearRegex('(?:a{1000}){1000}')).toThrow(/automaton states/);
    expect(linearRegex('(', '')).toMatchObject({ kind: 'invalid' });
  });
});

describe('issue 13 item 1: hostile patterns cost what benign ones do', () => {
  const page = 'a'.repeat(34);
  it.each([
    ['.htaccess <If> regex', '^/(a|a)+b$', '^/(a|b)+c$'],
    ['vercel.json source group', '^\\/((?:a|a)+b)$', '^\\/((?:a|b)+c)$'],
    [
      '_headers splat pattern',
      '^/a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)a(.*)b/?$',
      '^/a(.*)b(.*)c(.*)d(.*)e(.*)f(.*)g(.*)h(.*)i(.*)j(.*)k(.*)l(.*)m/?$',
    ],
    ['nested quantifiers', '^(a+)+$', '^(b+)+$'],
  ])('%s', (_name, hostile, benign) => {
    const bad = compileLinearRegex(hostile);
    const good = compileLinearRegex(benign);
    const text = `/${page}!`;
    const ratio = cpuRatio(
      () => bad.test(text),
      () => good.test(text),
    );
    expect(bad.test(text)).toBe(false);
    // Linear: at most the pattern's size in states per character (backtracking: over 10,000 times).
    expect(ratio).toBeLessThan(20);
  });

  it('option glob /*a*a*a*a*a*a*a*b against a 34-character page', () => {
    const hostile = picomatch.makeRe('/*a*a*a*a*a*a*a*b', { dot: true });
    const benign = picomatch.makeRe('/*a*b*c*d*e*f*g*h', { dot: true });
    const bad = compileLinearRegex(hostile.source, hostile.flags);
    const good = compileLinearRegex(benign.source, benign.flags);
    const text = `/${page}`;
    expect(
      cpuRatio(
        () => bad.test(text),
        () => good.test(text),
      ),
    ).toBeLessThan(20);
  });

  it('grows linearly with the text', () => {
    const regex = compileLinearRegex('^/(a|a)+b$');
    const short = `/${'a'.repeat(2_000)}`;
    const long = `/${'a'.repeat(8_000)}`;
    // Four times the text: about four times the work, far from the sixteen of a quadratic matcher.
    expect(
      cpuRatio(
        () => regex.test(long),
        () => regex.test(short),
      ),
    ).toBeLessThan(8);
  });
});

describe('issue 13 item 1: option globs (noindex.paths, rules, errorPages)', () => {
  it('match exactly as picomatch, on every variant of a page URL', () => {
    const part = fc.constantFrom('a', 'b', '*', '**', '?', '[ab]', '{a,b}', '.html', '!(a)', '@(a|b)', '*a*b');
    const glob = fc
      .array(
        fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
        { minLength: 1, maxLength: 3 },
      )
      .map((segments) => '/' + segments.join('/'));
    const url = fc
      .array(fc.constantFrom('a', 'b', 'ab', 'a.html', 'x', '%61'), { maxLength: 4 })
      .chain((segments) => fc.constantFrom('', '/').map((end) => '/' + segments.join('/') + end));
    fc.assert(
      fc.property(glob, url, (pattern, page) => {
        const match = picomatch(pattern, { dot: true });
        const path = urlPath(page);
        const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
        const decoded = decodeURI(path);
        const expected = [path, trimmed, decoded, `${trimmed}/`].some((variant) => match(variant));
        expect(matchesAnyGlob(page, [pattern]), `${pattern} on ${page}`).toBe(expected);
      }),
      fuzzRuns(1500),
    );
  });

  it('noindex.paths /*a*a*a*a*a*a*a*b resolves a 34-character page as fast as /*a*b*c*d*e*f*g*h', () => {
    const settings = (glob: string) => normalizeOptions({ noindex: { paths: [glob] } }, { env: {} });
    const hostile = settings('/*a*a*a*a*a*a*a*b');
    const benign = settings('/*a*b*c*d*e*f*g*h');
    const page = { url: `/${'a'.repeat(34)}` };
    expect(resolvePage(page, hostile)).toEqual(resolvePage(page, benign));
    expect(
      cpuRatio(
        () => resolvePage(page, hostile),
        () => resolvePage(page, benign),
      ),
    ).toBeLessThan(5);
  });
});

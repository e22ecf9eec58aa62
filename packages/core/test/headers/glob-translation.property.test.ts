import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { compareGlobs } from '../../src/glob/automaton.js';
import {
  globToHeadersPatterns,
  type HeadersHosts,
  globToPathRegex,
  globToFileNameRegex,
  globToServerRegex,
  globToVercelSource,
  isFileNameGlob,
} from '../../src/glob/translate.js';
import { parseHeaderGlob } from '../../src/glob/parse.js';
import { wholeTextMatcher } from '../../src/glob/linear-regex.js';
import { matchHeaderPattern, matchVercelSource } from '../../src/adapter.js';
import { globMatches } from './expectations.js';

const LOCATION = { source: 'test', key: 'headers.rules[0].path' };

/** Globs over a small alphabet, so random paths hit them often. */
const segmentPart = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'ab', '.pdf', 'a.b', '-', 'a_b') },
  { weight: 3, arbitrary: fc.constant('*') },
  { weight: 1, arbitrary: fc.constantFrom('?', '[ab]', '[^a]', '[a-c]', '{a,b}', '{pdf,b}') },
);
const segment = fc.oneof(
  { weight: 1, arbitrary: fc.constant('**') },
  { weight: 4, arbitrary: fc.array(segmentPart, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')) },
);
const globArbitrary = fc
  .tuple(fc.constantFrom('/', '**/'), fc.array(segment, { minLength: 0, maxLength: 3 }), fc.boolean())
  .map(([lead, segments, trailingSlash]) =>
    (lead + segments.join('/') + (trailingSlash ? '/' : '')).replace(/^\*\*\/$/, '**'),
  )
  .filter((glob) => !/\*\*\/\*\*|\*\*\*|[^/]\*\*|\*\*[^/]/.test(glob.replace(/^\*\*\//, '/')));

/** Normalized URL paths over the same alphabet plus characters no glob names. */
const pathSegment = fc
  .array(fc.constantFrom('a', 'b', 'c', '.', 'pdf', '-', '_', 'A', 'z9', '%20', ':x', '*'), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => parts.join(''))
  .filter((name) => name !== '.' && name !== '..');
const pathArbitrary = fc.array(pathSegment, { minLength: 0, maxLength: 4 }).map((segments) => '/' + segments.join('/'));

function parseOrSkip(glob: string) {
  try {
    return parseHeaderGlob(glob, LOCATION);
  } catch (error) {
    if (error instanceof RobotsError) return undefined;
    throw error;
  }
}

function patternsOrSkip(glob: ReturnType<typeof parseHeaderGlob>, hosts: HeadersHosts): string[] | undefined {
  try {
    return globToHeadersPatterns(glob, hosts, LOCATION);
  } catch (error) {
    if (error instanceof RobotsError && error.code === 'unsupported-glob') return undefined;
    throw error;
  }
}

/** Paths the property compares, with their slash twins. */
const withTwin = (path: string) => (path === '/' ? [path] : [path, path + '/']);

const RUNS = { numRuns: Number(process.env.HEADERS_FC_RUNS ?? 400) };

describe('glob → host pattern translation is exact (picomatch meaning, trailing slash ignored)', () => {
  it('the glob tree, run on the automaton robots-kit matches with, matches a path iff picomatch does', () => {
    fc.assert(
      fc.property(globArbitrary, fc.array(pathArbitrary, { minLength: 1, maxLength: 20 }), (text, paths) => {
        const glob = parseOrSkip(text);
        if (!glob) return;
        const matches = wholeTextMatcher(globToPathRegex(glob));
        for (const path of paths) {
          expect({ text, path, match: matches(path.slice(1)) }).toEqual({ text, path, match: globMatches(text, path) });
        }
      }),
      RUNS,
    );
  });

  it('Netlify `_headers`: the patterns match a path iff the glob does (lowercase paths: Netlify ignores case)', () => {
    let translated = 0;
    fc.assert(
      fc.property(globArbitrary, fc.array(pathArbitrary, { minLength: 1, maxLength: 20 }), (text, paths) => {
        const glob = parseOrSkip(text);
        const patterns = glob && patternsOrSkip(glob, { netlify: true, cloudflare: false });
        if (!patterns) return;
        translated++;
        for (const path of paths.filter((p) => p === p.toLowerCase())) {
          const expected = globMatches(text, path);
          for (const variant of withTwin(path)) {
            expect({
              text,
              patterns,
              variant,
              match: patterns.some((pattern) => matchHeaderPattern(pattern, variant, 'netlify')),
            }).toEqual({ text, patterns, variant, match: expected });
          }
        }
      }),
      RUNS,
    );
    expect(translated).toBeGreaterThan(50);
  });

  it('Cloudflare `_headers`: a path or its slash twin matches iff the glob does, and nothing else matches', () => {
    let translated = 0;
    fc.assert(
      fc.property(globArbitrary, fc.array(pathArbitrary, { minLength: 1, maxLength: 20 }), (text, paths) => {
        const glob = parseOrSkip(text);
        const patterns = glob && patternsOrSkip(glob, { netlify: false, cloudflare: true });
        if (!patterns) return;
        translated++;
        for (const path of paths) {
          const hits = withTwin(path).map((variant) =>
            patterns.some((pattern) => matchHeaderPattern(pattern, variant, 'cloudflare')),
          );
          const expected = globMatches(text, path);
          expect({ text, patterns, path, match: hits.some(Boolean) }).toEqual({
            text,
            patterns,
            path,
            match: expected,
          });
          // The form a static host serves (no slash for files, a slash for directories) must hit on its own.
          if (expected)
            expect({ text, patterns, path, both: hits.every(Boolean) || hits[0] === true || path === '/' }).toEqual({
              text,
              patterns,
              path,
              both: true,
            });
        }
      }),
      RUNS,
    );
    expect(translated).toBeGreaterThan(50);
  });

  it('Netlify and Cloudflare together: one set of patterns exact for both readers', () => {
    fc.assert(
      fc.property(globArbitrary, fc.array(pathArbitrary, { minLength: 1, maxLength: 20 }), (text, paths) => {
        const glob = parseOrSkip(text);
        const patterns = glob && patternsOrSkip(glob, { netlify: true, cloudflare: true });
        if (!patterns) return;
        for (const path of paths.filter((p) => p === p.toLowerCase())) {
          const expected = globMatches(text, path);
          expect(
            withTwin(path).some((variant) =>
              patterns.some((pattern) => matchHeaderPattern(pattern, variant, 'cloudflare')),
            ),
          ).toBe(expected);
          expect(patterns.some((pattern) => matchHeaderPattern(pattern, path, 'netlify'))).toBe(expected);
        }
      }),
      RUNS,
    );
  });

  it('Vercel `source`, nginx/Apache regexes: match a path and its slash twin iff the glob does', () => {
    fc.assert(
      fc.property(globArbitrary, fc.array(pathArbitrary, { minLength: 1, maxLength: 20 }), (text, paths) => {
        const glob = parseOrSkip(text);
        if (!glob) return;
        const source = globToVercelSource(glob);
        const server = new RegExp(globToServerRegex(glob));
        for (const path of paths) {
          const expected = globMatches(text, path);
          for (const variant of withTwin(path)) {
            expect({ text, source, variant, match: matchVercelSource(source, variant) }).toEqual({
              text,
              source,
              variant,
              match: expected,
            });
            expect({ text, server: server.source, variant, match: server.test(variant) }).toEqual({
              text,
              server: server.source,
              variant,
              match: expected,
            });
          }
          // After `index` / `DirectoryIndex`, the server matches the index file of a matched directory URL.
          expect(server.test(`${path === '/' ? '' : path}/index.html`)).toBe(
            expected || globMatches(text, `${path === '/' ? '' : path}/index.html`),
          );
          // `try_files $uri.html` and `MultiViews` serve `/about.html` at `/about`: both spellings are the page.
          if (path !== '/') expect(server.test(`${path}.html`)).toBe(expected || globMatches(text, `${path}.html`));
        }
      }),
      RUNS,
    );
  });

  it('Apache <FilesMatch>: a file-name glob matches a file at any depth iff its name matches', () => {
    fc.assert(
      fc.property(globArbitrary, pathArbitrary, (text, path) => {
        const glob = parseOrSkip(text);
        if (!glob || !isFileNameGlob(glob) || path === '/') return;
        const name = path.slice(path.lastIndexOf('/') + 1);
        expect(new RegExp(globToFileNameRegex(glob)).test(name)).toBe(globMatches(text, path));
      }),
      RUNS,
    );
  });
});

/**
 * Every normalized path over a, b, `.` and z (standing for any other): one or two segments of up
 * to 3 characters, and three of up to 2. A segment glob of two parts (`*.`, against
 * `?[^a]`) can need a 3-character segment to tell it apart (`/zz.`); with 2-character segments
 * only, `/*.` looked contained in `/?[^a]`.
 */
function smallPaths(): string[] {
  const chars = ['a', 'b', '.', 'z'];
  const upTo = (length: number): string[] => {
    const names: string[] = [];
    let level = [''];
    for (let i = 0; i < length; i++) {
      level = level.flatMap((prefix) => chars.map((char) => prefix + char));
      names.push(...level);
    }
    return names.filter((name) => name !== '.' && name !== '..');
  };
  const long = upTo(3);
  const short = upTo(2);
  const below = (prefixes: string[], names: string[]): string[] =>
    prefixes.flatMap((prefix) => names.map((name) => `${prefix}/${name}`));
  const one = below([''], long);
  return ['/', ...one, ...below(one, long), ...below(below(below([''], short), short), short)];
}

describe('compareGlobs (the overlap / containment decisions behind rule ordering)', () => {
  const paths = smallPaths();
  const smallGlob = fc
    .tuple(
      fc.constantFrom('/', '**/'),
      fc.array(
        fc.oneof(
          fc.constant('**'),
          fc
            .array(fc.constantFrom('a', 'b', '.', '*', '?', '[^a]', '{a,b}'), { minLength: 1, maxLength: 2 })
            .map((parts) => parts.join('')),
        ),
        { maxLength: 2 },
      ),
    )
    .map(([lead, segments]) => (lead + segments.join('/')).replace(/^\*\*\/$/, '**'));

  it('agrees with brute force over every small path', () => {
    fc.assert(
      fc.property(smallGlob, smallGlob, (a, b) => {
        const first = parseOrSkip(a);
        const second = parseOrSkip(b);
        if (!first || !second) return;
        const matchA = picomatch(a, { dot: true });
        const matchB = picomatch(b, { dot: true });
        let overlap = false;
        let aOnly = false;
        let bOnly = false;
        for (const path of paths) {
          const inA = matchA(path) || (path !== '/' && matchA(path + '/'));
          const inB = matchB(path) || (path !== '/' && matchB(path + '/'));
          overlap ||= inA && inB;
          aOnly ||= inA && !inB;
          bOnly ||= inB && !inA;
        }
        const relation = compareGlobs(globToPathRegex(first), globToPathRegex(second));
        expect({ a, b, ...relation }).toEqual({ a, b, overlap, firstInSecond: !aOnly, secondInFirst: !bOnly });
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Translating header-rule globs into what each host can express (_headers patterns, path regexes),
 * or refusing.
 */
import {
  type GlobPart,
  type GlobSegment,
  type HeaderGlob,
  isWholeSegmentStar,
  literalPath,
  matchesEveryPath,
  LISTED_FILES_FORM,
  unsupportedGlob,
  type GlobLocation,
} from './parse.js';
import { normalizeRanges, type RegexNode } from './regex-syntax.js';

/** The glob tree's nodes: the regex tree of `regex-syntax.ts`, built directly, never from text. */
const codes = (value: string): number[] => Array.from(value, (char) => char.codePointAt(0)!);
const text = (value: string): RegexNode =>
  sequence(...codes(value).map((code): RegexNode => ({ kind: 'set', ranges: [code, code], negated: false })));
const sequence = (...items: RegexNode[]): RegexNode => (items.length === 1 ? items[0]! : { kind: 'sequence', items });
const either = (...items: RegexNode[]): RegexNode => ({ kind: 'either', items });
const repeat = (item: RegexNode, min: 0 | 1): RegexNode => ({ kind: 'repeat', item, min, max: Infinity });
const optional = (item: RegexNode): RegexNode => ({ kind: 'repeat', item, min: 0, max: 1 });
const SLASH = 0x2f;
/** Any character but `/`. */
const segmentCharacter: RegexNode = { kind: 'set', ranges: [SLASH, SLASH], negated: true };
/** A whole segment: one or more characters, no `/`. */
const anySegment: RegexNode = repeat(segmentCharacter, 1);
/** A glob class: never `/`, so a negated one lists `/` among what it excludes. */
function classNode(part: Extract<GlobPart, { kind: 'class' }>): RegexNode {
  const ranges = [
    ...codes(part.chars).flatMap((code) => [code, code]),
    ...part.ranges.flatMap(([a, b]) => codes(a + b)),
  ];
  return {
    kind: 'set',
    ranges: normalizeRanges(part.negated ? [...ranges, SLASH, SLASH] : ranges),
    negated: part.negated,
  };
}

/** Characters with a meaning in PCRE and JavaScript regexes, outside and inside a class. */
const SPECIAL = /[\\^$.|?*+()[\]{}]/;
const CLASS_SPECIAL = /[\\\]^-]/;
const escapeChar = (code: number, special: RegExp): string => {
  const char = String.fromCodePoint(code);
  return special.test(char) ? `\\${char}` : char;
};
/** `ranges` without one code point. */
function without(ranges: readonly number[], code: number): number[] {
  const result: number[] = [];
  for (let i = 0; i < ranges.length; i += 2) {
    const [from, to] = [ranges[i]!, ranges[i + 1]!];
    if (code < from || code > to) result.push(from, to);
    else {
      if (from < code) result.push(from, code - 1);
      if (code < to) result.push(code + 1, to);
    }
  }
  return result;
}
function printSet(node: Extract<RegexNode, { kind: 'set' }>): string {
  const { ranges, negated } = node;
  if (!negated && ranges.length === 2 && ranges[0] === ranges[1]) return escapeChar(ranges[0]!, SPECIAL);
  // `/` first in a negated class (`[^/a]`), `-` last, where it is literal.
  const rest = without(negated ? without(ranges, SLASH) : ranges, 0x2d);
  let listed = '';
  for (let i = 0; i < rest.length; i += 2) {
    const [from, to] = [rest[i]!, rest[i + 1]!];
    listed += escapeChar(from, CLASS_SPECIAL);
    if (to === from + 1) listed += escapeChar(to, CLASS_SPECIAL);
    else if (to > from) listed += `-${escapeChar(to, CLASS_SPECIAL)}`;
  }
  const dash = ranges.some((from, i) => i % 2 === 0 && from <= 0x2d && 0x2d <= ranges[i + 1]!);
  return `[${negated ? '^/' : ''}${listed}${dash ? '-' : ''}]`;
}
const isAtom = (node: RegexNode): boolean => node.kind === 'set';
const group = (node: RegexNode): string => (isAtom(node) ? printRegex(node) : `(?:${printRegex(node)})`);
/**
 * A glob tree as regex text, in the syntax PCRE (nginx, Apache), JavaScript and Vercel's
 * path-to-regexp groups share: `[^/]`, `(?:…)`, `*`, `+`, `?`, `|`, `\.` — no capturing group.
 * Only printed for hosts: robots-kit itself runs the tree (`wholeTextMatcher`, `compareGlobs`).
 */
export function printRegex(node: RegexNode): string {
  switch (node.kind) {
    case 'set':
      return printSet(node);
    case 'sequence':
      return node.items.map(printRegex).join('');
    case 'either':
      return `(?:${node.items.map(printRegex).join('|')})`;
    case 'repeat': {
      const { min, max } = node;
      const suffix = max === 1 && min === 0 ? '?' : max === Infinity && min <= 1 ? (min === 0 ? '*' : '+') : undefined;
      if (suffix === undefined) throw new TypeError(`no glob repeats {${min},${max}}`);
      return group(node.item) + suffix;
    }
    default:
      throw new TypeError(`no glob tree has a ${node.kind} node`);
  }
}

function partRegex(part: GlobPart): RegexNode {
  switch (part.kind) {
    case 'literal':
      return text(part.text);
    case 'star':
      return repeat(segmentCharacter, 0);
    case 'any-char':
      return segmentCharacter;
    case 'class':
      return classNode(part);
    case 'alternatives':
      return either(...part.options.map(text));
  }
}
function segmentRegex(segment: Extract<GlobSegment, { kind: 'parts' }>): RegexNode {
  if (isWholeSegmentStar(segment)) return anySegment;
  return sequence(...segment.parts.map(partRegex));
}
/**
 * The regex of the path after its leading `/` (empty for the root), canonical: no
 * trailing slash. `**` takes its `/` from a neighbour, so `/a/**` also matches `/a`.
 */
export function globToPathRegex(glob: HeaderGlob): RegexNode {
  const { segments } = glob;
  const items: RegexNode[] = [];
  segments.forEach((segment, index) => {
    const previousIsGlobstar = segments[index - 1]?.kind === 'globstar';
    if (segment.kind === 'parts') {
      if (index > 0 && !previousIsGlobstar) items.push(text('/'));
      items.push(segmentRegex(segment));
    } else if (index < segments.length - 1) {
      if (index > 0) items.push(text('/'));
      items.push(repeat(sequence(anySegment, text('/')), segment.min));
    } else if (index > 0) {
      items.push(repeat(sequence(text('/'), anySegment), 0));
    } else {
      const some = sequence(anySegment, repeat(sequence(text('/'), anySegment), 0));
      items.push(segment.min === 0 ? optional(some) : some);
    }
  });
  return glob.includesRoot ? optional(sequence(...items)) : sequence(...items);
}

/**
 * Regex targets express every glob `parseHeaderGlob` accepts, in this translation:
 *
 * | glob part          | regex                                   |
 * | ------------------ | --------------------------------------- |
 * | literal `a.pdf`    | `a\.pdf` (only `.` and `+` need escaping) |
 * | `*` (whole segment)| `[^/]+`                                 |
 * | `*` (in a segment) | `[^/]*`                                 |
 * | `?`                | `[^/]`                                  |
 * | `[a-c]`, `[^a]`    | `[a-c]`, `[^/a]`                        |
 * | `{pdf,doc}`        | `(?:doc\|pdf)`                          |
 * | `/**` at the end   | `(?:/[^/]+)*`                           |
 * | `**\/` before more | `(?:[^/]+/)*`, `+` after a leading `/`  |
 *
 * The PCRE for nginx's `$uri` and Apache's `<If "%{REQUEST_URI} =~ m#…#">`: the glob's
 * paths, with or without a trailing `/`, every spelling the servers map to the same page:
 * `…/index.html` (`index` / `DirectoryIndex` turn `/docs/` into `/docs/index.html`, and
 * Apache matches again) and `….html` (Astro's `build.format: 'file'` writes `/about` as
 * `about.html`, which `try_files $uri $uri.html` and Apache's `MultiViews` serve at `/about`;
 * `MultiViews` matches again with `/about.html`). A file `x.pdf.html` would get `x.pdf`'s rule.
 */
export function globToServerRegex(glob: HeaderGlob): string {
  if (glob.segments.length === 0) return '^/(?:index\\.html)?$';
  return `^/${printRegex(globToPathRegex(withoutHtmlExtension(glob)))}(?:/|/index\\.html|\\.html)?$`;
}
/**
 * A literal path ending in `.html` (an Eleventy page at `/about.html`, `/docs/index.html`)
 * without it, since the server regex covers every spelling of the page: `/about`, `/about.html`
 * (`try_files $uri.html`, `MultiViews`), `/docs/`, `/docs/index.html`. Globs with wildcards
 * keep their meaning.
 */
function withoutHtmlExtension(glob: HeaderGlob): HeaderGlob {
  const path = literalPath(glob);
  if (path === undefined || !/[^/]\.html$/.test(path)) return glob;
  const stem = path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path.slice(0, -'.html'.length);
  const segments = stem === '' ? [] : stem.slice(1).split('/');
  return {
    ...glob,
    segments: segments.map((text) => ({ kind: 'parts', parts: [{ kind: 'literal', text }] })),
  };
}
/**
 * A {@link globToServerRegex} regex for a site served below `servedAt` (`/blog`, no trailing
 * slash; `''` at the root): Apache's `%{REQUEST_URI}` and nginx's location match the whole
 * request path, prefix included. Its characters are matched literally; `#` and `"` are
 * escaped too, for `.htaccess`'s `m#…#` and nginx's quotes.
 */
export function servedRegex(regex: string, servedAt: string): string {
  if (servedAt === '') return regex;
  return `^${servedAt.replace(/[.*+?^${}()|[\]\\#"]/g, '\\$&')}${regex.slice(1)}`;
}
/**
 * Vercel's `source` (path-to-regexp 6, case-sensitive, strict): one unnamed group holding
 * the regex, so `/(files/[^/]*\.pdf/?)` is `^\/(files/[^/]*\.pdf/?)$`. Unnamed, because
 * Vercel would otherwise read `:large` in `max-image-preview:large` as a parameter.
 */
export function globToVercelSource(glob: HeaderGlob): string {
  if (glob.segments.length === 0) return '/';
  return `/(${printRegex(globToPathRegex(glob))}/?)`;
}
/** Whether Apache's `<FilesMatch>`, which sees only the file name, expresses the glob: `**\/*.pdf`. */
export function isFileNameGlob(glob: HeaderGlob): boolean {
  const [first, second] = glob.segments;
  return glob.segments.length === 2 && first!.kind === 'globstar' && first!.min === 0 && second!.kind === 'parts';
}
/** The `<FilesMatch>` regex of a file-name glob: `^[^/]*\.pdf$`. */
export function globToFileNameRegex(glob: HeaderGlob): string {
  return `^${printRegex(globToPathRegex({ source: glob.source, segments: glob.segments.slice(1) }))}$`;
}

/** Which of the two `_headers` readers the patterns must be exact for. */
export interface HeadersHosts {
  netlify: boolean;
  cloudflare: boolean;
}
const WORD_CHARACTER = /^\w$/;
/** A pattern being built: its segments and how many placeholders / splats it has. */
interface Draft {
  segments: string[];
  placeholders: number;
  splats: number;
}
function placeholder(draft: Draft): string {
  return `:p${++draft.placeholders}`;
}
function refuse(glob: HeaderGlob, location: GlobLocation, host: string, problem: string): never {
  throw unsupportedGlob(
    glob.source,
    location,
    `${host} cannot express ${problem} exactly`,
    `whole-segment \`*\`, \`**\` and literal names, ${LISTED_FILES_FORM}`,
  );
}
/** The variants of one segment with a `*` inside (Cloudflare only): each `*` is empty or a placeholder. */
function starSegmentVariants(parts: GlobPart[], draft: Draft, glob: HeaderGlob, location: GlobLocation): string[] {
  let variants = [''];
  parts.forEach((part, index) => {
    if (part.kind === 'literal') {
      variants = variants.map((variant) => variant + part.text);
      return;
    }
    if (part.kind !== 'star')
      refuse(glob, location, '`_headers` (Netlify and Cloudflare Pages)', '`?`, `[...]` classes or `{a,b}` lists');
    const next = parts[index + 1];
    // A placeholder name runs over letters, digits and `_`: `:p1x` would be the placeholder `p1x`.
    if (next?.kind === 'literal' && WORD_CHARACTER.test(next.text[0]!)) {
      refuse(
        glob,
        location,
        '`_headers` (Cloudflare Pages)',
        'a `*` followed by a letter, digit or `_` in the same segment',
      );
    }
    const name = placeholder(draft);
    variants = variants.flatMap((variant) => [variant, variant + name]);
  });
  return variants;
}
/**
 * Translates a glob to `_headers` path patterns that together match exactly its paths
 * (as picomatch reads the glob, a trailing `/` ignored), for the readers of
 * `@netlify/headers-parser` and Cloudflare Pages:
 * - Netlify: a `*` standing alone as a segment is `/?(.*)`, so it also runs past a missing
 *   `/` (`/a/*` matches `/abc`) and is only written after a `:placeholder`; a `*` inside a
 *   segment matches `/` too and its segment is pasted unescaped, so it is refused; `:name`
 *   is one segment; a trailing `/` is optional. Netlify ignores letter case: a host
 *   property no pattern can change, so `/Files/A.pdf` also gets the header.
 * - Cloudflare: `*` anywhere is `.*` (one per rule); `:name` is one or more non-`/`
 *   characters and may sit inside a segment (not before a letter, digit or `_`); case and
 *   trailing `/` are matched as written, so every pattern gets a trailing-slash twin, but for
 *   one whose `/*` follows it (`/a/:p1/*` matches `/a/x/`: every matching rule's header is
 *   sent, so a twin would send it twice).
 *
 * | glob        | Netlify                  | Cloudflare (and both together)                          |
 * | ----------- | ------------------------ | ------------------------------------------------------- |
 * | `/a/b.pdf`  | `/a/b.pdf`               | `/a/b.pdf`, `/a/b.pdf/`                                 |
 * | `/a/*`      | `/a/:p1`                 | `/a/:p1`, `/a/:p1/`                                     |
 * | `/a/**`     | `/a`, `/a/:p1/*`         | `/a`, `/a/`, `/a/:p1`, `/a/:p1/*` (its `*` may be empty) |
 * | `/a/**\/b`  | `/a/b`, `/a/:p1/*\/b`    | the same with `/a/:p1/b`, and twins                     |
 * | `**\/b.pdf` | `/b.pdf`, `/:p1/*\/b.pdf`| the same with `/:p1/b.pdf`, and twins                   |
 * | `/**`       | `/*`                     | `/*`                                                    |
 * | `/a/*.pdf`  | listed                   | Cloudflare alone: `/a/.pdf`, `/a/:p1.pdf`, and twins     |
 * | `**\/*.pdf` | listed                   | Cloudflare alone: `/:p1.pdf`, `/:p1/*\/:p2.pdf`, …, twins |
 * | `/a/**\/x/**` | (two `**`)             | listed: one `*` per rule                                |
 * | `?`, `[a-z]`, `{a,b}` | listed         | listed                                                  |
 *
 * "listed": no pattern set is exact, so this throws (`unsupported-glob`, naming the host and
 * what it cannot express). `generateHeaderFiles`, given the build's `files`, catches that and
 * writes one exact rule per built file the glob matches instead (`/a/guide.pdf`, and no twin:
 * a file is served at its own URL only), or none when none matches; Vercel, Apache and nginx
 * keep the glob as a regex. Without `files` the error stands.
 */
export function globToHeadersPatterns(glob: HeaderGlob, hosts: HeadersHosts, location: GlobLocation): string[] {
  if (matchesEveryPath(glob)) return ['/*'];
  let drafts: Draft[] = [{ segments: [], placeholders: 0, splats: 0 }];
  for (const segment of glob.segments) {
    drafts = drafts.flatMap((draft): Draft[] => {
      if (segment.kind === 'globstar') {
        const variants: Draft[] = [];
        if (segment.min === 0) variants.push({ ...draft });
        const one = { ...draft };
        const name = placeholder(one);
        if (hosts.cloudflare) variants.push({ ...one, segments: [...draft.segments, name] });
        variants.push({ ...one, segments: [...draft.segments, name, '*'], splats: draft.splats + 1 });
        return variants;
      }
      if (isWholeSegmentStar(segment)) {
        const next = { ...draft };
        const name = placeholder(next);
        return [{ ...next, segments: [...draft.segments, name] }];
      }
      if (segment.parts.every((part) => part.kind === 'literal')) {
        return [
          {
            ...draft,
            segments: [...draft.segments, segment.parts.map((part) => (part as { text: string }).text).join('')],
          },
        ];
      }
      if (hosts.netlify) {
        const problem = segment.parts.some((part) => part.kind === 'star')
          ? 'a `*` inside a segment (its `*` also matches `/`)'
          : '`?`, `[...]` classes or `{a,b}` lists';
        refuse(glob, location, '`_headers` (Netlify)', problem);
      }
      const next = { ...draft };
      return starSegmentVariants(segment.parts, next, glob, location).map((text) => ({
        ...next,
        segments: [...draft.segments, text],
      }));
    });
  }
  if (hosts.cloudflare && drafts.some((draft) => draft.splats > 1)) {
    refuse(glob, location, '`_headers` (Cloudflare Pages)', 'two `**` (it allows one `*` per rule)');
  }
  const patterns = [...(glob.includesRoot ? ['/'] : []), ...drafts.map((draft) => '/' + draft.segments.join('/'))];
  // No twin where `pattern/*` is written too: its `*` matches nothing as well, and Cloudflare would send the header twice.
  const withTwins = hosts.cloudflare
    ? patterns.flatMap((pattern) =>
        pattern === '/' || pattern.endsWith('*') || patterns.includes(`${pattern}/*`)
          ? [pattern]
          : [pattern, pattern + '/'],
      )
    : patterns;
  return [...new Set(withTwins)];
}

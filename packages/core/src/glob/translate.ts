/**
 * Translating header-rule globs into what each host can express (_headers patterns, path regexes),
 * or refusing.
 */
import {
  type GlobPart,
  type GlobSegment,
  type HeaderGlob,
  isWholeSegmentStar,
  matchesEveryPath,
  LISTED_FILES_FORM,
  unsupportedGlob,
  type GlobLocation,
} from './parse.js';
import {
  anySegment,
  either,
  optional,
  repeat,
  segmentCharacter,
  sequence,
  text,
  type PathRegex,
  printRegex,
} from './automaton.js';

function partRegex(part: GlobPart): PathRegex {
  switch (part.kind) {
    case 'literal':
      return text(part.text);
    case 'star':
      return repeat(segmentCharacter, 0);
    case 'any-char':
      return segmentCharacter;
    case 'class':
      return { kind: 'set', negated: part.negated, chars: part.chars, ranges: part.ranges };
    case 'alternatives':
      return either(...part.options.map(text));
  }
}
function segmentRegex(segment: Extract<GlobSegment, { kind: 'parts' }>): PathRegex {
  if (isWholeSegmentStar(segment)) return anySegment;
  return sequence(...segment.parts.map(partRegex));
}
/**
 * The regex of the path after its leading `/` (empty for the root), canonical: no
 * trailing slash. `**` takes its `/` from a neighbour, so `/a/**` also matches `/a`.
 */
export function globToPathRegex(glob: HeaderGlob): PathRegex {
  const { segments } = glob;
  const items: PathRegex[] = [];
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
 * The PCRE for nginx `location ~` and Apache `<If "%{REQUEST_URI} =~ m#…#">`: the glob's
 * paths, with or without a trailing `/`, and `…/index.html`, because both servers match
 * again after `index` / `DirectoryIndex` turn `/docs/` into `/docs/index.html`.
 */
export function globToServerRegex(glob: HeaderGlob): string {
  if (glob.segments.length === 0) return '^/(?:index\\.html)?$';
  return `^/${printRegex(globToPathRegex(glob))}(?:/|/index\\.html)?$`;
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
 *   trailing `/` are matched as written, so every pattern gets a trailing-slash twin.
 *
 * | glob        | Netlify                  | Cloudflare (and both together)                          |
 * | ----------- | ------------------------ | ------------------------------------------------------- |
 * | `/a/b.pdf`  | `/a/b.pdf`               | `/a/b.pdf`, `/a/b.pdf/`                                 |
 * | `/a/*`      | `/a/:p1`                 | `/a/:p1`, `/a/:p1/`                                     |
 * | `/a/**`     | `/a`, `/a/:p1/*`         | `/a`, `/a/`, `/a/:p1`, `/a/:p1/`, `/a/:p1/*`            |
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
  const withTwins = hosts.cloudflare
    ? patterns.flatMap((pattern) => (pattern === '/' || pattern.endsWith('*') ? [pattern] : [pattern, pattern + '/']))
    : patterns;
  return [...new Set(withTwins)];
}

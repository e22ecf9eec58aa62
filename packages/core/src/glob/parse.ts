/** Header-rule globs (`/private/*`, `**` across folders): parsed into a small AST or refused clearly. */
import picomatch from 'picomatch';
import { RobotsError } from '../errors.js';

/** One piece of a path segment in a header-rule glob. */
export type GlobPart =
  | { kind: 'literal'; text: string }
  /** `*` inside a segment: any run of characters other than `/`. */
  | { kind: 'star' }
  /** `?`: exactly one character other than `/`. */
  | { kind: 'any-char' }
  /** `[a-z]` / `[^a]`: one character of (or, negated, outside) the class, never `/`. */
  | { kind: 'class'; negated: boolean; chars: string; ranges: Array<[string, string]> }
  /** `{pdf,docx}`: one of the literal alternatives. */
  | { kind: 'alternatives'; options: string[] };
export type GlobSegment =
  /** `**` as a whole segment: any number of segments, at least `min`. */
  { kind: 'globstar'; min: 0 | 1 } | { kind: 'parts'; parts: GlobPart[] };
/**
 * A URL path glob in the subset that header files can be checked against: the
 * canonical form has no trailing slash (a path and the same path with `/` match alike,
 * as in `matchesAnyGlob`), and a glob with no segments is the root `/`.
 */
export interface HeaderGlob {
  /** The glob as the user wrote it. */
  source: string;
  segments: GlobSegment[];
  /** The root `/` matches too, beyond what the segments say (picomatch: `**\/*` matches `/`). */
  includesRoot?: boolean;
}
/** Whether the segment is exactly `*`, which picomatch requires to match at least one character. */
export function isWholeSegmentStar(segment: GlobSegment): boolean {
  return segment.kind === 'parts' && segment.parts.length === 1 && segment.parts[0]!.kind === 'star';
}
/** The literal path when the glob has no wildcard at all, e.g. `/files/a.pdf`. */
export function literalPath(glob: HeaderGlob): string | undefined {
  let path = '';
  for (const segment of glob.segments) {
    if (segment.kind !== 'parts' || segment.parts.some((part) => part.kind !== 'literal')) return undefined;
    path += '/' + segment.parts.map((part) => (part as { text: string }).text).join('');
  }
  return path || '/';
}
/** `/**`: the glob of every path, the root included. */
export function matchesEveryPath(glob: HeaderGlob): boolean {
  const [only] = glob.segments;
  return glob.segments.length === 1 && only!.kind === 'globstar' && only!.min === 0;
}

/** Where a glob came from, for error messages. */
export interface GlobLocation {
  /** The options file, or `options`. */
  source: string;
  /** The option key, e.g. `headers.rules[0].path`. */
  key: string;
}
export function unsupportedGlob(
  glob: string,
  location: GlobLocation,
  problem: string,
  expected: string,
  suggestion?: string,
): RobotsError {
  return new RobotsError({
    code: 'unsupported-glob',
    source: location.source,
    key: location.key,
    value: glob,
    problem,
    expected,
    suggestion,
  });
}
/** The advice every refusal ends with: the listed-files form always works. */
export const LISTED_FILES_FORM = "or list each file as its own path (`path: ['/files/a.pdf', '/files/b.pdf']`)";

/**
 * Characters a header-rule glob may use literally. They never need percent-encoding in a
 * URL path, so every host matches them the same way whether it compares the raw or the
 * decoded path, and none of them has a meaning in `_headers`, path-to-regexp, nginx or
 * Apache patterns once escaped.
 */
export const LITERAL_CHARACTER = /^[A-Za-z0-9._~@+,=-]$/;
export const LITERAL_CHARACTERS_TEXT = 'ASCII letters, digits and `- . _ ~ @ + , =`';

const EXPECTED_SYNTAX = `literal ${LITERAL_CHARACTERS_TEXT}, \`*\`, \`**\` as a whole segment, \`?\`, \`[a-z]\` classes and \`{a,b}\` lists of literal names, ${LISTED_FILES_FORM}`;
/** `a-z0-9_` → chars `_`, ranges `a-z`, `0-9`; undefined when a range runs backwards. */
function classMembers(body: string): { chars: string; ranges: Array<[string, string]> } | undefined {
  let chars = '';
  const ranges: Array<[string, string]> = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      if (body[i]! > body[i + 2]!) return undefined;
      ranges.push([body[i]!, body[i + 2]!]);
      i += 2;
    } else chars += body[i];
  }
  return { chars, ranges };
}
function readClass(
  segment: string,
  start: number,
  glob: string,
  location: GlobLocation,
): { part: GlobPart; end: number } {
  const close = segment.indexOf(']', start + 1);
  let body = segment.slice(start + 1, close);
  const negated = body.startsWith('^');
  if (negated) body = body.slice(1);
  // picomatch reads `[!a]` as the characters `!` and `a`, not as a negation: too surprising to translate.
  const members =
    close > start && body !== '' && [...body].every((c) => LITERAL_CHARACTER.test(c)) ? classMembers(body) : undefined;
  if (!members) {
    throw unsupportedGlob(
      glob,
      location,
      `unsupported character class \`${segment.slice(start, close + 1 || undefined)}\` in glob`,
      `a class of ${LITERAL_CHARACTERS_TEXT} and ranges such as \`[a-z0-9]\`, negated with \`^\``,
    );
  }
  return { part: { kind: 'class', negated, ...members }, end: close + 1 };
}
function readAlternatives(
  segment: string,
  start: number,
  glob: string,
  location: GlobLocation,
): { part: GlobPart; end: number } {
  const close = segment.indexOf('}', start + 1);
  const options = segment.slice(start + 1, close).split(',');
  const valid =
    close > start &&
    options.length > 1 &&
    options.every((option) => option !== '' && [...option].every((c) => LITERAL_CHARACTER.test(c)));
  if (!valid) {
    throw unsupportedGlob(
      glob,
      location,
      `unsupported brace list \`${segment.slice(start, close + 1 || undefined)}\` in glob`,
      `a list of two or more literal names such as \`{pdf,docx}\` (no ranges, nesting or wildcards inside), ${LISTED_FILES_FORM}`,
    );
  }
  return { part: { kind: 'alternatives', options: [...new Set(options)].sort() }, end: close + 1 };
}
/** Parses one segment (between two `/`) that is not `**`. */
export function parseSegment(segment: string, glob: string, location: GlobLocation): GlobPart[] {
  const parts: GlobPart[] = [];
  for (let i = 0; i < segment.length; ) {
    const char = segment[i]!;
    if (char === '*') {
      if (segment[i + 1] === '*') {
        throw unsupportedGlob(
          glob,
          location,
          '`**` inside a segment',
          '`**` only as a whole segment (`/files/**`), or `*` for any characters within one segment',
          glob.replace(/\*\*+/g, '*'),
        );
      }
      parts.push({ kind: 'star' });
      i++;
    } else if (char === '?') {
      parts.push({ kind: 'any-char' });
      i++;
    } else if (char === '[') {
      const { part, end } = readClass(segment, i, glob, location);
      parts.push(part);
      i = end;
    } else if (char === '{') {
      const { part, end } = readAlternatives(segment, i, glob, location);
      parts.push(part);
      i = end;
    } else if (LITERAL_CHARACTER.test(char)) {
      const last = parts[parts.length - 1];
      if (last?.kind === 'literal') last.text += char;
      else parts.push({ kind: 'literal', text: char });
      i++;
    } else {
      throw unsupportedGlob(glob, location, `unsupported character \`${char}\` in glob`, EXPECTED_SYNTAX);
    }
  }
  return parts;
}

/**
 * Parses a URL path glob (already checked by `validateGlob`) into the subset that can be
 * translated to host patterns, or throws a RobotsError naming the unsupported part.
 *
 * Meaning, as picomatch (`dot: true`) gives it to `rules` globs, on normalized URL paths
 * (no empty, `.` or `..` segments), a trailing slash ignored:
 * - `*` is any run of non-`/` characters; a segment that is only `*` needs at least one.
 * - `**` as a whole segment is any number of segments, except right after a leading `/`
 *   (`/**\/x.pdf`), where picomatch requires at least one; `**\/x.pdf` also matches `/x.pdf`.
 * - `?` is one non-`/` character; `[a-z]`, `[^a]` and `{pdf,docx}` as usual.
 */
export function parseHeaderGlob(glob: string, location: GlobLocation): HeaderGlob {
  if (glob.includes('//')) {
    throw unsupportedGlob(
      glob,
      location,
      'empty segment (`//`) in glob',
      'segments with at least one character, as in normalized URL paths',
      glob.replace(/\/{2,}/g, '/'),
    );
  }
  if (glob === '**' || glob === '/**') return { source: glob, segments: [{ kind: 'globstar', min: 0 }] };
  return agreeOnRoot(parseSegments(glob, location));
}
/**
 * The root is where picomatch's reading of a glob is least regular (`**\/*` matches `/`,
 * `/**\/` does not): its own answer is taken for it.
 */
function agreeOnRoot(parsed: HeaderGlob): HeaderGlob {
  const picomatchRoot = picomatch(parsed.source, { dot: true })('/');
  const [only] = parsed.segments;
  const segmentsRoot =
    parsed.segments.length === 0 || (parsed.segments.length === 1 && only!.kind === 'globstar' && only!.min === 0);
  if (picomatchRoot && !segmentsRoot) return { ...parsed, includesRoot: true };
  if (!picomatchRoot && segmentsRoot) return { ...parsed, segments: [{ kind: 'globstar', min: 1 }] };
  return parsed;
}
function parseSegments(glob: string, location: GlobLocation): HeaderGlob {
  let rest = glob;
  const segments: GlobSegment[] = [];
  const relative = rest.startsWith('**/');
  if (relative) {
    segments.push({ kind: 'globstar', min: 0 });
    rest = rest.slice(2);
  } else if (!rest.startsWith('/')) {
    throw unsupportedGlob(
      glob,
      location,
      'glob matches no URL path',
      'a glob starting with `/` or `**/` (URL paths start with `/`)',
      `**/${rest.replace(/^\*\*?\/?/, '')}`,
    );
  }
  if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
  const names = rest === '/' ? [] : rest.slice(1).split('/');
  names.forEach((name, index) => {
    if (name === '.' || name === '..') {
      throw unsupportedGlob(
        glob,
        location,
        `\`${name}\` segment in glob`,
        'URL path segments other than `.` and `..`, which browsers resolve before requesting',
      );
    }
    if (name === '**') {
      const previous = segments[segments.length - 1];
      if (previous?.kind === 'globstar') {
        // `**/*/**` collapses to `**/**` only in meaning: no rewrite of the text to suggest then.
        const collapsed = glob.replace(/(\/\*\*)+/g, '/**');
        throw unsupportedGlob(
          glob,
          location,
          'consecutive `**` segments',
          'one `**` where any number of segments may appear',
          collapsed === glob ? undefined : collapsed,
        );
      }
      // picomatch: a leading `/**/` needs one segment; `**` elsewhere matches none too.
      segments.push({ kind: 'globstar', min: index === 0 && segments.length === 0 && names.length > 1 ? 1 : 0 });
      return;
    }
    const parts = parseSegment(name, glob, location);
    // picomatch lets a `*` right after a leading `**/` match the empty name before the
    // path's first `/`, so `**/*/x` means `**/x`: the `*` adds nothing.
    const afterRelativeGlobstar = index === 0 && segments.length === 1 && relative;
    if (afterRelativeGlobstar && names.length > 1 && parts.length === 1 && parts[0]!.kind === 'star') return;
    segments.push({ kind: 'parts', parts });
  });
  return { source: glob, segments };
}

import picomatch from 'picomatch';
import type { GlobSegment, HeaderGlob } from './glob-ast.js';
import { unsupportedGlob, type GlobLocation } from './glob-error.js';
import { parseSegment } from './parse-segment.js';

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
    throw unsupportedGlob(glob, location, 'empty segment (`//`) in glob', 'segments with at least one character, as in normalized URL paths', glob.replace(/\/{2,}/g, '/'));
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
  const segmentsRoot = parsed.segments.length === 0 || (parsed.segments.length === 1 && only!.kind === 'globstar' && only!.min === 0);
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
    throw unsupportedGlob(glob, location, 'glob matches no URL path', 'a glob starting with `/` or `**/` (URL paths start with `/`)', `**/${rest.replace(/^\*\*?\/?/, '')}`);
  }
  if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
  const names = rest === '/' ? [] : rest.slice(1).split('/');
  names.forEach((name, index) => {
    if (name === '.' || name === '..') {
      throw unsupportedGlob(glob, location, `\`${name}\` segment in glob`, 'URL path segments other than `.` and `..`, which browsers resolve before requesting');
    }
    if (name === '**') {
      const previous = segments[segments.length - 1];
      if (previous?.kind === 'globstar') {
        // `**/*/**` collapses to `**/**` only in meaning: no rewrite of the text to suggest then.
        const collapsed = glob.replace(/(\/\*\*)+/g, '/**');
        throw unsupportedGlob(glob, location, 'consecutive `**` segments', 'one `**` where any number of segments may appear', collapsed === glob ? undefined : collapsed);
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

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
  | { kind: 'globstar'; min: 0 | 1 }
  | { kind: 'parts'; parts: GlobPart[] };

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

import type { GlobPart, GlobSegment, HeaderGlob } from './glob-ast.js';
import { isWholeSegmentStar } from './glob-ast.js';
import { anySegment, either, optional, repeat, segmentCharacter, sequence, text, type PathRegex } from './path-regex.js';

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

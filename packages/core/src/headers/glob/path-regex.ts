/**
 * A small regular-expression tree: printed as a regex for nginx, Apache and Vercel, and
 * compiled to an automaton to decide whether two header rules overlap.
 */
export type PathRegex =
  | { kind: 'text'; text: string }
  /** One character in (or, negated, outside) `chars` and the `ranges`. */
  | { kind: 'set'; negated: boolean; chars: string; ranges: Array<[string, string]> }
  | { kind: 'sequence'; items: PathRegex[] }
  | { kind: 'either'; items: PathRegex[] }
  | { kind: 'repeat'; item: PathRegex; min: 0 | 1 }
  | { kind: 'optional'; item: PathRegex };

export const text = (value: string): PathRegex => ({ kind: 'text', text: value });
export const sequence = (...items: PathRegex[]): PathRegex => ({ kind: 'sequence', items });
export const either = (...items: PathRegex[]): PathRegex => ({ kind: 'either', items });
export const repeat = (item: PathRegex, min: 0 | 1): PathRegex => ({ kind: 'repeat', item, min });
export const optional = (item: PathRegex): PathRegex => ({ kind: 'optional', item });
/** Any character but `/`. */
export const segmentCharacter: PathRegex = { kind: 'set', negated: true, chars: '/', ranges: [] };
/** A whole segment: one or more characters, no `/`. */
export const anySegment: PathRegex = repeat(segmentCharacter, 1);

/** Whether a character is in a `set` node. */
export function inSet(node: Extract<PathRegex, { kind: 'set' }>, char: string): boolean {
  const listed = node.chars.includes(char) || node.ranges.some(([from, to]) => char >= from && char <= to);
  return node.negated ? !listed && char !== '/' : listed;
}

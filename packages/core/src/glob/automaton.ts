/**
 * A small regular-expression tree and automaton: printed for nginx, Apache and Vercel, and used to
 * compare globs exactly.
 */
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

/** Only these of the literal characters mean something in a PCRE / JavaScript regex. */
const escapeText = (value: string): string => value.replace(/[.+]/g, (c) => `\\${c}`);
function isAtom(node: PathRegex): boolean {
  return node.kind === 'set' || (node.kind === 'text' && node.text.length === 1);
}
function group(node: PathRegex): string {
  return isAtom(node) ? printRegex(node) : `(?:${printRegex(node)})`;
}
/**
 * The regex source, in the syntax PCRE (nginx, Apache), JavaScript and Vercel's
 * path-to-regexp groups share: `[^/]`, `(?:…)`, `*`, `+`, `?`, `|`, `\.` — no
 * capturing groups, no backslash other than before `.` and `+`.
 */
export function printRegex(node: PathRegex): string {
  switch (node.kind) {
    case 'text':
      return escapeText(node.text);
    case 'set': {
      // `-` last, where it is literal; `/` is never in a class, and a negated one excludes it.
      const listed =
        [...node.chars].filter((c) => c !== '/' && c !== '-').join('') +
        node.ranges.map(([from, to]) => `${from}-${to}`).join('') +
        (node.chars.includes('-') ? '-' : '');
      return node.negated ? `[^/${listed}]` : `[${listed}]`;
    }
    case 'sequence':
      return node.items.map(printRegex).join('');
    case 'either':
      return `(?:${node.items.map(printRegex).join('|')})`;
    case 'repeat':
      return group(node.item) + (node.min === 0 ? '*' : '+');
    case 'optional':
      return group(node.item) + '?';
  }
}

/** A Thompson automaton: `edges[state]` are character moves, `empty[state]` free moves. */
export interface Automaton {
  edges: Array<Array<{ test: (char: string) => boolean; to: number }>>;
  empty: number[][];
  start: number;
  accept: number;
}
function newState(automaton: Automaton): number {
  automaton.edges.push([]);
  automaton.empty.push([]);
  return automaton.edges.length - 1;
}
/** Adds `node` between two fresh states and returns them. */
function build(automaton: Automaton, node: PathRegex): [number, number] {
  const from = newState(automaton);
  const to = newState(automaton);
  const link = (a: number, b: number) => automaton.empty[a]!.push(b);
  switch (node.kind) {
    case 'text': {
      let current = from;
      for (const char of node.text) {
        const next = newState(automaton);
        automaton.edges[current]!.push({ test: (c) => c === char, to: next });
        current = next;
      }
      link(current, to);
      break;
    }
    case 'set':
      automaton.edges[from]!.push({ test: (c) => inSet(node, c), to });
      break;
    case 'sequence': {
      let current = from;
      for (const item of node.items) {
        const [start, end] = build(automaton, item);
        link(current, start);
        current = end;
      }
      link(current, to);
      break;
    }
    case 'either':
      for (const item of node.items) {
        const [start, end] = build(automaton, item);
        link(from, start);
        link(end, to);
      }
      break;
    case 'repeat':
    case 'optional': {
      const [start, end] = build(automaton, node.item);
      link(from, start);
      link(end, to);
      if (node.kind === 'optional' || node.min === 0) link(from, to);
      if (node.kind === 'repeat') link(end, start);
      break;
    }
  }
  return [from, to];
}
export function compileAutomaton(node: PathRegex): Automaton {
  const automaton: Automaton = { edges: [], empty: [], start: 0, accept: 0 };
  const [start, accept] = build(automaton, node);
  automaton.start = start;
  automaton.accept = accept;
  return automaton;
}
/** The states reachable from `states` by free moves, as a sorted key-able array. */
export function closure(automaton: Automaton, states: Iterable<number>): number[] {
  const seen = new Set<number>(states);
  const stack = [...seen];
  while (stack.length > 0) {
    for (const next of automaton.empty[stack.pop()!]!) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}
export function step(automaton: Automaton, states: readonly number[], char: string): number[] {
  const next: number[] = [];
  for (const state of states) for (const edge of automaton.edges[state]!) if (edge.test(char)) next.push(edge.to);
  return closure(automaton, next);
}

/** How the path sets of two globs relate, on normalized URL paths. */
export interface GlobRelation {
  overlap: boolean;
  /** Every path of the first is a path of the second. */
  firstInSecond: boolean;
  secondInFirst: boolean;
}
/** Printable ASCII and one stand-in for every other character: no glob names any of those. */
const ALPHABET = [...Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)), 'é'];
const DEAD = -1;
const ACCEPTING = new Set([0, 3]);
/**
 * Normalized path tails (after the leading `/`): empty (the root) or segments of one or
 * more characters, none `.` or `..`. States: 0 start, 1 `.`, 2 `..`, 3 in a segment, 4 after `/`.
 */
function domainStep(state: number, char: string): number {
  if (state === DEAD) return DEAD;
  if (state === 3) return char === '/' ? 4 : 3;
  if (char === '/') return DEAD;
  if (state === 1 && char === '.') return 2;
  if ((state === 0 || state === 4) && char === '.') return 1;
  return 3;
}
/** Walks both automata and the domain together until every relation is known or every pair was seen. */
export function compareGlobs(first: PathRegex, second: PathRegex): GlobRelation {
  const a: Automaton = compileAutomaton(first);
  const b: Automaton = compileAutomaton(second);
  let overlap = false;
  let firstOnly = false;
  let secondOnly = false;
  const seen = new Set<string>();
  const queue: Array<[number[], number[], number]> = [[closure(a, [a.start]), closure(b, [b.start]), 0]];
  while (queue.length > 0 && !(overlap && firstOnly && secondOnly)) {
    const [inA, inB, domain] = queue.shift()!;
    const key = `${inA.join(',')}|${inB.join(',')}|${domain}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (ACCEPTING.has(domain)) {
      const acceptA = inA.includes(a.accept);
      const acceptB = inB.includes(b.accept);
      overlap ||= acceptA && acceptB;
      firstOnly ||= acceptA && !acceptB;
      secondOnly ||= acceptB && !acceptA;
    }
    for (const char of ALPHABET) {
      const nextDomain = domainStep(domain, char);
      if (nextDomain === DEAD) continue;
      const nextA = step(a, inA, char);
      const nextB = step(b, inB, char);
      if (nextA.length > 0 || nextB.length > 0) queue.push([nextA, nextB, nextDomain]);
    }
  }
  return { overlap, firstInSecond: !firstOnly, secondInFirst: !secondOnly };
}

/**
 * The one automaton of the glob and regex tree (`regex-syntax.ts`): Thompson automata with
 * character sets (with JavaScript's case-insensitive matching), free moves, and anchors and
 * lookarounds kept as tests of a position. `linear-regex.ts` runs them on text; `compareGlobs`
 * walks two of them together to decide how two header-rule globs' path sets relate.
 */
import {
  type AnchorKind,
  type Ranges,
  type RegexFlags,
  type RegexNode,
  UnsupportedRegexError,
} from './regex-syntax.js';

/** States of all automata of one pattern: beyond this the pattern is refused rather than built. */
export const MAX_STATES = 50_000;

export type Assertion = { kind: 'anchor'; anchor: AnchorKind } | { kind: 'look'; look: Look };
export interface Look {
  behind: boolean;
  negated: boolean;
  /** The sub-pattern, run forwards: from every position for a lookbehind, from one for a lookahead. */
  forward: Program;
  /**
   * For a lookahead: the sub-pattern reversed, run once from the end to answer every position,
   * when it can match unboundedly long text or is asked about many positions.
   */
  reversed?: Program;
  /** Whether a lookahead's length is bounded, so that answering one position costs a bounded run. */
  bounded: boolean;
  index: number;
}
/** A Thompson automaton: each state has free moves, and at most one character move and one assertion move. */
export interface Program {
  free: number[][];
  charTest: Array<((code: number) => boolean) | undefined>;
  charTo: number[];
  assertion: Array<Assertion | undefined>;
  assertTo: number[];
  start: number;
  accept: number;
}

/** Whether `code` is in the sorted flat ranges. */
function inRanges(ranges: Ranges, code: number): boolean {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < ranges[middle * 2]!) high = middle - 1;
    else if (code > ranges[middle * 2 + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}
/**
 * The other cases of a character, as JavaScript's case-insensitive matching pairs them: lower
 * and upper case both ways (`ſ` → `S` → `s`); without the `u` flag never across ASCII and the rest.
 */
function caseVariants(code: number, unicode: boolean): number[] {
  const variants = [code];
  const add = (text: string): void => {
    const point = text.codePointAt(0)!;
    if (String.fromCodePoint(point) !== text || variants.includes(point)) return;
    if (!unicode && code < 128 !== point < 128) return;
    variants.push(point);
  };
  const text = String.fromCodePoint(code);
  for (const other of [text.toLowerCase(), text.toUpperCase()]) {
    add(other);
    add(other.toLowerCase());
    add(other.toUpperCase());
  }
  return variants;
}
function setTest(ranges: Ranges, negated: boolean, flags: RegexFlags): (code: number) => boolean {
  const member = flags.ignoreCase
    ? (code: number) => caseVariants(code, flags.unicode).some((variant) => inRanges(ranges, variant))
    : (code: number) => inRanges(ranges, code);
  // ASCII, by far the most common, is looked up in a table.
  const ascii = new Uint8Array(128);
  for (let code = 0; code < 128; code++) ascii[code] = member(code) !== negated ? 1 : 0;
  return (code) => (code < 128 ? ascii[code] === 1 : member(code) !== negated);
}

/** Builds the automata of one pattern, sharing a state budget and the lookarounds' identities. */
export class Builder {
  private states = 0;
  /** By their structure: picomatch repeats the same lookahead around every `**`, and one evaluation serves all. */
  private readonly looks = new Map<string, Look>();
  constructor(private readonly flags: RegexFlags) {}

  program(node: RegexNode): Program {
    const program: Program = { free: [], charTest: [], charTo: [], assertion: [], assertTo: [], start: 0, accept: 0 };
    const [start, accept] = this.build(program, node);
    program.start = start;
    program.accept = accept;
    return program;
  }
  private state(program: Program): number {
    if (++this.states > MAX_STATES) throw new UnsupportedRegexError(`a pattern over ${MAX_STATES} automaton states`);
    program.free.push([]);
    program.charTest.push(undefined);
    program.charTo.push(-1);
    program.assertion.push(undefined);
    program.assertTo.push(-1);
    return program.free.length - 1;
  }
  private build(program: Program, node: RegexNode): [number, number] {
    const from = this.state(program);
    const to = this.state(program);
    switch (node.kind) {
      case 'set':
        program.charTest[from] = setTest(node.ranges, node.negated, this.flags);
        program.charTo[from] = to;
        break;
      case 'anchor':
        program.assertion[from] = { kind: 'anchor', anchor: node.anchor };
        program.assertTo[from] = to;
        break;
      case 'look':
        program.assertion[from] = { kind: 'look', look: this.look(node) };
        program.assertTo[from] = to;
        break;
      case 'sequence': {
        let current = from;
        for (const item of node.items) {
          const [start, end] = this.build(program, item);
          program.free[current]!.push(start);
          current = end;
        }
        program.free[current]!.push(to);
        break;
      }
      case 'either':
        for (const item of node.items) {
          const [start, end] = this.build(program, item);
          program.free[from]!.push(start);
          program.free[end]!.push(to);
        }
        break;
      case 'repeat': {
        // `min` copies, then `max - min` optional ones, or one looping copy for an unbounded max.
        let current = from;
        for (let i = 0; i < node.min; i++) current = this.chain(program, current, node.item);
        if (node.max === Infinity) {
          const [start, end] = this.build(program, node.item);
          program.free[current]!.push(start, to);
          program.free[end]!.push(start, to);
        } else {
          for (let i = node.min; i < node.max; i++) {
            program.free[current]!.push(to);
            current = this.chain(program, current, node.item);
          }
        }
        program.free[current]!.push(to);
        break;
      }
    }
    return [from, to];
  }
  private chain(program: Program, current: number, item: RegexNode): number {
    const [start, end] = this.build(program, item);
    program.free[current]!.push(start);
    return end;
  }
  private look(node: Extract<RegexNode, { kind: 'look' }>): Look {
    const key = JSON.stringify(node, (_key, value: unknown) => (value === Infinity ? 'Infinity' : value));
    let look = this.looks.get(key);
    if (!look) {
      const bounded = maxLength(node.item) !== Infinity;
      look = {
        behind: node.behind,
        negated: node.negated,
        forward: this.program(node.item),
        index: this.looks.size,
        bounded,
      };
      if (!node.behind) look.reversed = this.program(reverse(node.item));
      this.looks.set(key, look);
    }
    return look;
  }
}
/** The most characters a node can match; `Infinity` when unbounded. */
function maxLength(node: RegexNode): number {
  switch (node.kind) {
    case 'set':
      return 1;
    case 'anchor':
    case 'look':
      return 0;
    case 'sequence':
      return node.items.reduce((sum, item) => sum + maxLength(item), 0);
    case 'either':
      return Math.max(0, ...node.items.map(maxLength));
    case 'repeat': {
      const item = maxLength(node.item);
      return item === 0 ? 0 : item * node.max;
    }
  }
}
/** The node matching the reversed texts; assertions stay where they are, being tests of a position. */
function reverse(node: RegexNode): RegexNode {
  switch (node.kind) {
    case 'sequence':
      return { kind: 'sequence', items: node.items.map(reverse).reverse() };
    case 'either':
      return { kind: 'either', items: node.items.map(reverse) };
    case 'repeat':
      return { ...node, item: reverse(node.item) };
    default:
      return node;
  }
}
export function startsAnchored(node: RegexNode, multiline: boolean): boolean {
  if (multiline) return false;
  if (node.kind === 'anchor') return node.anchor === 'start';
  if (node.kind === 'sequence') return node.items.length > 0 && startsAnchored(node.items[0]!, multiline);
  if (node.kind === 'either') return node.items.every((item) => startsAnchored(item, multiline));
  return false;
}

/** How the path sets of two globs relate, on normalized URL paths. */
export interface GlobRelation {
  overlap: boolean;
  /** Every path of the first is a path of the second. */
  firstInSecond: boolean;
  secondInFirst: boolean;
}
const NO_FLAGS: RegexFlags = { ignoreCase: false, multiline: false, dotAll: false, unicode: false };
/** Printable ASCII and one stand-in for every other character: no glob names any of those. */
const ALPHABET = [...Array.from({ length: 94 }, (_, i) => 0x21 + i), 0xe9];
const SLASH = 0x2f;
const DOT = 0x2e;
const DEAD = -1;
/**
 * Normalized path tails (after the leading `/`): empty (the root) or segments of one or
 * more characters, none `.` or `..`. States: 0 start, 1 `.`, 2 `..`, 3 in a segment, 4 after `/`.
 */
function domainStep(state: number, code: number): number {
  if (state === DEAD) return DEAD;
  if (state === 3) return code === SLASH ? 4 : 3;
  if (code === SLASH) return DEAD;
  if (state === 1 && code === DOT) return 2;
  if ((state === 0 || state === 4) && code === DOT) return 1;
  return 3;
}
const domainAccepts = (state: number): boolean => state === 0 || state === 3;
/** The states reachable from `seeds` by free moves, sorted; a glob's tree has no assertion to follow. */
function freeClosure(program: Program, seeds: readonly number[]): number[] {
  const seen = new Set<number>(seeds);
  const stack = [...seen];
  while (stack.length > 0) {
    const state = stack.pop()!;
    if (program.assertion[state]) throw new UnsupportedRegexError('an anchor or lookaround in a glob tree');
    for (const next of program.free[state]!) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}
function move(program: Program, states: readonly number[], code: number): number[] {
  const next: number[] = [];
  for (const state of states) if (program.charTest[state]?.(code)) next.push(program.charTo[state]!);
  return freeClosure(program, next);
}
/**
 * How the canonical paths (after the leading `/`) of two glob trees relate: both automata
 * and the normalized-path domain are walked together until every relation is known or
 * every triple of state sets was seen. Exact for trees over the alphabet globs use.
 */
export function compareGlobs(first: RegexNode, second: RegexNode): GlobRelation {
  const builder = new Builder(NO_FLAGS);
  const a = builder.program(first);
  const b = builder.program(second);
  let overlap = false;
  let firstOnly = false;
  let secondOnly = false;
  const seen = new Set<string>();
  const queue: Array<[number[], number[], number]> = [[freeClosure(a, [a.start]), freeClosure(b, [b.start]), 0]];
  for (let index = 0; index < queue.length && !(overlap && firstOnly && secondOnly); index++) {
    const [inA, inB, domain] = queue[index]!;
    const key = `${inA.join(',')}|${inB.join(',')}|${domain}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (domainAccepts(domain)) {
      const acceptA = inA.includes(a.accept);
      const acceptB = inB.includes(b.accept);
      overlap ||= acceptA && acceptB;
      firstOnly ||= acceptA && !acceptB;
      secondOnly ||= acceptB && !acceptA;
    }
    for (const code of ALPHABET) {
      const nextDomain = domainStep(domain, code);
      if (nextDomain === DEAD) continue;
      const nextA = move(a, inA, code);
      const nextB = move(b, inB, code);
      if (nextA.length > 0 || nextB.length > 0) queue.push([nextA, nextB, nextDomain]);
    }
  }
  return { overlap, firstInSecond: !firstOnly, secondInFirst: !secondOnly };
}

/**
 * Thompson automata of a regular-expression tree: character sets (with JavaScript's case-insensitive
 * matching), free moves, and anchors and lookarounds kept as tests of a position, for
 * `linear-regex.ts` to run.
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

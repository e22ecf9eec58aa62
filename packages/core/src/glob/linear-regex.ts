/**
 * A linear-time regular-expression matcher for patterns robots-kit does not write itself (header
 * files, `vercel.json` sources, option globs): a Thompson automaton run on every position at
 * once, so `(a|a)+b` or `*a*a*a*b` cost the same per character as `abc`, never backtracking.
 */
import {
  type AnchorKind,
  type Ranges,
  type RegexFlags,
  type RegexNode,
  isLineTerminator,
  isWordCharacter,
  parseFlags,
  parseRegex,
  UnsupportedRegexError,
} from './regex-syntax.js';

/** States of all automata of one pattern: beyond this the pattern is refused rather than built. */
export const MAX_STATES = 50_000;

type Assertion = { kind: 'anchor'; anchor: AnchorKind } | { kind: 'look'; look: Look };
interface Look {
  behind: boolean;
  negated: boolean;
  /** The sub-pattern, run forwards (lookbehind, or a lookahead of bounded length). */
  forward: Program;
  /** For a lookahead that can match unboundedly long text: the sub-pattern reversed, run from the end. */
  reversed?: Program;
  index: number;
}
/** An automaton: each state has free moves, and at most one character move and one assertion move. */
interface Program {
  free: number[][];
  charTest: Array<((code: number) => boolean) | undefined>;
  charTo: number[];
  assertion: Array<Assertion | undefined>;
  assertTo: number[];
  start: number;
  accept: number;
  /** Visit marks for the closure, one generation per step. */
  marks: Int32Array;
  generation: number;
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
class Builder {
  private states = 0;
  private readonly looks = new Map<RegexNode, Look>();
  constructor(private readonly flags: RegexFlags) {}

  program(node: RegexNode): Program {
    const program: Program = { free: [], charTest: [], charTo: [], assertion: [], assertTo: [], start: 0, accept: 0, marks: new Int32Array(0), generation: 0 };
    const [start, accept] = this.build(program, node);
    program.start = start;
    program.accept = accept;
    program.marks = new Int32Array(program.free.length);
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
    let look = this.looks.get(node);
    if (!look) {
      const bounded = maxLength(node.item) !== Infinity;
      look = { behind: node.behind, negated: node.negated, forward: this.program(node.item), index: this.looks.size };
      if (!node.behind && !bounded) look.reversed = this.program(reverse(node.item));
      this.looks.set(node, look);
    }
    return look;
  }
  get lookCount(): number {
    return this.looks.size;
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
function startsAnchored(node: RegexNode, multiline: boolean): boolean {
  if (multiline) return false;
  if (node.kind === 'anchor') return node.anchor === 'start';
  if (node.kind === 'sequence') return node.items.length > 0 && startsAnchored(node.items[0]!, multiline);
  if (node.kind === 'either') return node.items.every((item) => startsAnchored(item, multiline));
  return false;
}

/** One test of one text: the characters and the lookaround values found so far. */
class Run {
  readonly codes: number[];
  private readonly values: Array<Int8Array | undefined>;
  constructor(
    text: string,
    private readonly flags: RegexFlags,
    lookCount: number,
  ) {
    this.codes = flags.unicode ? Array.from(text, (c) => c.codePointAt(0)!) : Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
    this.values = new Array(lookCount);
  }
  holds(assertion: Assertion, position: number): boolean {
    const { codes, flags } = this;
    if (assertion.kind === 'look') return this.lookValue(assertion.look, position);
    switch (assertion.anchor) {
      case 'start':
        return position === 0 || (flags.multiline && isLineTerminator(codes[position - 1]!));
      case 'end':
        return position === codes.length || (flags.multiline && isLineTerminator(codes[position]!));
      case 'word':
      case 'not-word':
        return (isWordCharacter(codes[position - 1]) !== isWordCharacter(codes[position])) === (assertion.anchor === 'word');
    }
  }
  private lookValue(look: Look, position: number): boolean {
    let values = this.values[look.index];
    if (!values) {
      values = this.values[look.index] = new Int8Array(this.codes.length + 1).fill(-1);
      if (look.behind) this.scan(look.forward, 0, 1, true, values);
      else if (look.reversed) this.scan(look.reversed, this.codes.length, -1, true, values);
    }
    if (values[position] === -1) values[position] = this.scan(look.forward, position, 1, false) ? 1 : 0;
    return (values[position] === 1) !== look.negated;
  }
  /** Adds `state` and every state reachable from it by free or holding assertion moves; true when it reaches the accept state. */
  private closure(program: Program, into: number[], state: number, position: number): boolean {
    let accepted = false;
    const stack = [state];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (program.marks[current] === program.generation) continue;
      program.marks[current] = program.generation;
      if (current === program.accept) accepted = true;
      if (program.charTest[current]) into.push(current);
      for (const next of program.free[current]!) stack.push(next);
      const assertion = program.assertion[current];
      if (assertion && this.holds(assertion, position)) stack.push(program.assertTo[current]!);
    }
    return accepted;
  }
  /**
   * Runs `program` from `from` in direction `step` (1 forwards, -1 backwards). With `everywhere`,
   * a match may start at every position and `values[p]` records whether one ends at `p`;
   * otherwise it stops at the first match from `from`, or when no state is left.
   */
  scan(program: Program, from: number, step: 1 | -1, everywhere: boolean, values?: Int8Array): boolean {
    const { codes } = this;
    let states: number[] = [];
    program.generation++;
    let accepted = this.closure(program, states, program.start, from);
    for (let position = from; ; position += step) {
      if (values) values[position] = accepted ? 1 : 0;
      else if (accepted) return true;
      const end = step === 1 ? position === codes.length : position === 0;
      if (end || (!everywhere && states.length === 0)) return false;
      const code = codes[step === 1 ? position : position - 1]!;
      const next: number[] = [];
      program.generation++;
      accepted = false;
      for (const state of states) {
        if (program.charTest[state]!(code)) accepted = this.closure(program, next, program.charTo[state]!, position + step) || accepted;
      }
      if (everywhere) accepted = this.closure(program, next, program.start, position + step) || accepted;
      states = next;
    }
  }
}

/** A compiled pattern: `test` answers as `RegExp.prototype.test` would, in time linear in the text. */
export interface LinearRegex {
  readonly source: string;
  readonly flags: string;
  test(text: string): boolean;
}
/**
 * Compiles a JavaScript regular expression to a linear-time matcher. Throws `SyntaxError` when
 * JavaScript itself refuses the pattern, and `UnsupportedRegexError` when it uses what cannot
 * run without backtracking (backreferences) or is too large.
 */
export function compileLinearRegex(source: string, flags = ''): LinearRegex {
  // Only compiled, never run: the syntax check is JavaScript's own.
  new RegExp(source, flags);
  const parsedFlags = parseFlags(flags);
  const node = parseRegex(source, parsedFlags);
  const builder = new Builder(parsedFlags);
  const main = builder.program(node);
  const anchored = startsAnchored(node, parsedFlags.multiline);
  const lookCount = builder.lookCount;
  return {
    source,
    flags,
    test: (text) => new Run(text, parsedFlags, lookCount).scan(main, 0, 1, !anchored),
  };
}

/** Why a pattern cannot be matched: `invalid` (the host refuses it too) or `unsupported` (by robots-kit). */
export interface RegexProblem {
  kind: 'invalid' | 'unsupported';
  reason: string;
}
const cache = new Map<string, LinearRegex | RegexProblem>();
const CACHE_SIZE = 2000;
/** {@link compileLinearRegex}, cached, with the problem returned instead of thrown. */
export function linearRegex(source: string, flags = ''): LinearRegex | RegexProblem {
  const key = `${flags}/${source}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    try {
      compiled = compileLinearRegex(source, flags);
    } catch (error) {
      if (error instanceof UnsupportedRegexError) compiled = { kind: 'unsupported', reason: error.message };
      else if (error instanceof SyntaxError) compiled = { kind: 'invalid', reason: error.message };
      else throw error;
    }
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}
/** Whether `text` matches; a pattern that cannot be compiled matches nothing. */
export function linearTest(source: string, flags: string, text: string): boolean {
  const compiled = linearRegex(source, flags);
  return 'test' in compiled ? compiled.test(text) : false;
}

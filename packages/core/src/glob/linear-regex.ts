/**
 * A linear-time regular-expression matcher for patterns robots-kit does not write itself (header
 * files, `vercel.json` sources, option globs): a Thompson automaton run on every position at
 * once, so `(a|a)+b` or `*a*a*a*b` cost the same per character as `abc`, never backtracking.
 */
import {
  type RegexFlags,
  isLineTerminator,
  isWordCharacter,
  parseFlags,
  parseRegex,
  type RegexNode,
  UnsupportedRegexError,
} from './regex-syntax.js';
import { type Assertion, Builder, type Look, type Program, startsAnchored } from './automaton.js';

/** NFA states held by all the cached DFA states of one machine: beyond this, steps are computed without caching. */
const MAX_CACHED_STATES = 1_000_000;
/** A set of automaton states, closed under free moves; assertion moves are followed once the position is known. */
interface DState {
  states: Int32Array;
  /** The states with a character move. */
  moving: Int32Array;
  accepting: boolean;
  /** Assertions reachable from the set without reading a character; computed on first use. */
  potential?: Assertion[];
  ascii?: Array<DState | undefined>;
  other?: Map<number, DState>;
  /** The set once the assertions that hold are followed, by which of `potential` hold. */
  resolved?: Map<number | string, DState>;
}
/**
 * An automaton run as a DFA built lazily (as RE2 does): each set of states met is kept with
 * its moves, so most characters cost one table lookup. `everywhere` starts a match at every
 * position (an unanchored search, or a lookbehind). The cache is bounded; past the bound,
 * steps are computed afresh, still in linear time.
 */
class Machine {
  private readonly table = new Map<string, DState>();
  private cached = 0;
  private readonly marks: Int32Array;
  private generation = 0;
  private readonly startStates: number[];
  readonly initial: DState;
  constructor(
    readonly program: Program,
    readonly everywhere: boolean,
  ) {
    this.marks = new Int32Array(program.free.length);
    this.startStates = this.freeClosure([program.start], false);
    this.initial = this.intern(this.startStates);
  }
  private get full(): boolean {
    return this.cached > MAX_CACHED_STATES;
  }
  /** The states reachable from `seeds` by free moves and the assertion moves `take` allows, sorted. */
  private reach(seeds: Iterable<number>, take: (assertion: Assertion) => boolean): number[] {
    const { program, marks } = this;
    const generation = ++this.generation;
    const stack = [...seeds];
    const out: number[] = [];
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (marks[state] === generation) continue;
      marks[state] = generation;
      out.push(state);
      for (const next of program.free[state]!) stack.push(next);
      const assertion = program.assertion[state];
      if (assertion && take(assertion)) stack.push(program.assertTo[state]!);
    }
    return out.sort((a, b) => a - b);
  }
  /** The states reachable from `seeds` by free moves (with the start's when `inject`). */
  private freeClosure(seeds: readonly number[], inject: boolean): number[] {
    return this.reach(inject ? [...seeds, ...this.startStates] : seeds, () => false);
  }
  private intern(states: number[]): DState {
    const key = states.join(',');
    const known = this.table.get(key);
    if (known) return known;
    const { program } = this;
    const state: DState = {
      states: Int32Array.from(states),
      moving: Int32Array.from(states.filter((s) => program.charTest[s] !== undefined)),
      accepting: states.includes(program.accept),
    };
    if (!this.full) {
      this.table.set(key, state);
      this.cached += states.length;
    }
    return state;
  }
  /** The set after reading `code` from the resolved set `from`. */
  next(from: DState, code: number): DState {
    const known = code < 128 ? from.ascii?.[code] : from.other?.get(code);
    if (known) return known;
    const { program } = this;
    const seeds: number[] = [];
    for (const state of from.moving) if (program.charTest[state]!(code)) seeds.push(program.charTo[state]!);
    const next = this.intern(this.freeClosure(seeds, this.everywhere));
    if (!this.full) {
      if (code < 128) (from.ascii ??= new Array(128))[code] = next;
      else (from.other ??= new Map()).set(code, next);
    }
    return next;
  }
  private potentialOf(from: DState): Assertion[] {
    const found = new Set<Assertion>();
    this.reach(from.states, (assertion) => (found.add(assertion), true));
    return [...found];
  }
  /** `from` with the assertion moves that hold at `position` followed (and what they lead to). */
  resolve(from: DState, position: number, run: Run): DState {
    const potential = (from.potential ??= this.potentialOf(from));
    if (potential.length === 0) return from;
    let key: number | string = 0;
    if (potential.length <= 30) {
      for (let i = 0; i < potential.length; i++) if (run.holds(potential[i]!, position)) key |= 1 << i;
    } else key = potential.map((assertion) => (run.holds(assertion, position) ? '1' : '0')).join('');
    const known = from.resolved?.get(key);
    if (known) return known;
    const holds = (index: number): boolean =>
      typeof key === 'number' ? (key & (1 << index)) !== 0 : key[index] === '1';
    const resolved = this.intern(this.reach(from.states, (assertion) => holds(potential.indexOf(assertion))));
    if (!this.full) (from.resolved ??= new Map()).set(key, resolved);
    return resolved;
  }
}

const machines = new WeakMap<Program, Machine>();
/** The machine of a lookaround's automaton; each is run in one way only (from every position or from one). */
function machineFor(program: Program, everywhere: boolean): Machine {
  let machine = machines.get(program);
  if (!machine) machines.set(program, (machine = new Machine(program, everywhere)));
  return machine;
}
/** Positions a bounded lookahead is run from one by one before it is run once for the whole text. */
const PER_POSITION_RUNS = 3;
/** One test of one text: its characters and the lookaround values found so far. */
class Run {
  /** Code points, in `u` mode when the text has surrogate pairs; otherwise the text's code units are read directly. */
  private readonly codes: number[] | undefined;
  readonly length: number;
  private readonly values: Array<Int8Array | undefined> = [];
  private readonly asked: number[] = [];
  constructor(
    private readonly text: string,
    private readonly flags: RegexFlags,
  ) {
    this.codes = flags.unicode && /[\uD800-\uDFFF]/.test(text) ? Array.from(text, (c) => c.codePointAt(0)!) : undefined;
    this.length = this.codes ? this.codes.length : text.length;
  }
  private code(index: number): number | undefined {
    if (index < 0 || index >= this.length) return undefined;
    return this.codes ? this.codes[index] : this.text.charCodeAt(index);
  }
  holds(assertion: Assertion, position: number): boolean {
    if (assertion.kind === 'look') return this.lookValue(assertion.look, position);
    const { multiline } = this.flags;
    switch (assertion.anchor) {
      case 'start':
        return position === 0 || (multiline && isLineTerminator(this.code(position - 1)!));
      case 'end':
        return position === this.length || (multiline && isLineTerminator(this.code(position)!));
      case 'word':
      case 'not-word':
        return (
          (isWordCharacter(this.code(position - 1)) !== isWordCharacter(this.code(position))) ===
          (assertion.anchor === 'word')
        );
    }
  }
  private lookValue(look: Look, position: number): boolean {
    let values = this.values[look.index];
    if (!values) {
      values = this.values[look.index] = new Int8Array(this.length + 1).fill(-1);
      if (look.behind) this.scan(machineFor(look.forward, true), 0, 1, values);
      else if (!look.bounded) this.scan(machineFor(look.reversed!, true), this.length, -1, values);
    }
    if (values[position] === -1) {
      // A bounded lookahead is run from each position asked about, until a few have been: then once for all.
      const asked = (this.asked[look.index] = (this.asked[look.index] ?? 0) + 1);
      if (asked > PER_POSITION_RUNS) this.scan(machineFor(look.reversed!, true), this.length, -1, values);
      else values[position] = this.scan(machineFor(look.forward, false), position, 1) ? 1 : 0;
    }
    return (values[position] === 1) !== look.negated;
  }
  /**
   * Runs `machine` from `from` in direction `step` (1 forwards, -1 backwards). With `values`,
   * `values[p]` records whether a match ends at `p`; otherwise it stops at the first match,
   * or when no state is left.
   */
  scan(machine: Machine, from: number, step: 1 | -1, values?: Int8Array): boolean {
    let state = machine.resolve(machine.initial, from, this);
    for (let position = from; ; position += step) {
      if (values) values[position] = state.accepting ? 1 : 0;
      else if (state.accepting) return true;
      if (position === (step === 1 ? this.length : 0)) return false;
      if (!machine.everywhere && state.moving.length === 0) return false;
      state = machine.resolve(
        machine.next(state, this.code(step === 1 ? position : position - 1)!),
        position + step,
        this,
      );
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
  const { test } = searchTree(parseRegex(source, parsedFlags), parsedFlags);
  return { source, flags, test };
}
const NO_FLAGS: RegexFlags = { ignoreCase: false, multiline: false, dotAll: false, unicode: false };
/** A tree run as `RegExp.prototype.test` runs a pattern: a match anywhere unless the tree is anchored. */
function searchTree(node: RegexNode, flags: RegexFlags): { test: (text: string) => boolean } {
  const main = new Machine(new Builder(flags).program(node), !startsAnchored(node, flags.multiline));
  return { test: (text) => new Run(text, flags).scan(main, 0, 1) };
}
/**
 * A tree robots-kit built itself (a glob's, see `glob/translate.ts`) as a matcher of whole
 * texts, case-sensitive: the same automaton and linear-time run as a user's pattern, with no
 * regex text in between.
 */
export function wholeTextMatcher(node: RegexNode): (text: string) => boolean {
  const anchored: RegexNode = {
    kind: 'sequence',
    items: [{ kind: 'anchor', anchor: 'start' }, node, { kind: 'anchor', anchor: 'end' }],
  };
  return searchTree(anchored, NO_FLAGS).test;
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

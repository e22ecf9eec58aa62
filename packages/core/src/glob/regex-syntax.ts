/**
 * The syntax of the regular expressions users write into header files and that globs compile to
 * (JavaScript's, which covers what `.htaccess`, `_headers`, `vercel.json` and picomatch use): read
 * into a tree that `linear-regex.ts` runs without backtracking, or refused with the reason.
 */

/** A pattern the linear matcher cannot run (a backreference, a Unicode property, too large). */
export class UnsupportedRegexError extends Error {
  override name = 'UnsupportedRegexError';
}

/** Code point ranges, as flat `[from, to, from, to, …]` pairs (inclusive). */
export type Ranges = readonly number[];
/** A position test: `^`, `$`, `\b`, `\B`. */
export type AnchorKind = 'start' | 'end' | 'word' | 'not-word';
export type RegexNode =
  | { kind: 'set'; ranges: Ranges; negated: boolean }
  | { kind: 'sequence'; items: RegexNode[] }
  | { kind: 'either'; items: RegexNode[] }
  /** `max` is `Infinity` for `*`, `+` and `{n,}`. Laziness does not change whether a text matches. */
  | { kind: 'repeat'; item: RegexNode; min: number; max: number }
  | { kind: 'anchor'; anchor: AnchorKind }
  | { kind: 'look'; behind: boolean; negated: boolean; item: RegexNode };

export interface RegexFlags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
  unicode: boolean;
}
/** Counted repeats (`a{1000}`) are written out, so both their bounds and the pattern are capped. */
export const MAX_REPEAT = 1000;
export const MAX_PATTERN_LENGTH = 20_000;

const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
const SPACE: Ranges = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
];
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
const MAX_CODE_POINT = 0x10ffff;
/** The ranges not in `ranges` (which must be sorted and disjoint), up to `max`. */
export function complement(ranges: Ranges, max = MAX_CODE_POINT): number[] {
  const result: number[] = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) result.push(next, ranges[i]! - 1);
    next = Math.max(next, ranges[i + 1]! + 1);
  }
  if (next <= max) result.push(next, max);
  return result;
}
/** Sorted, merged ranges. */
export function normalizeRanges(ranges: readonly number[]): number[] {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [from, to] of pairs) {
    const last = merged.length - 1;
    if (last > 0 && from <= merged[last]! + 1) merged[last] = Math.max(merged[last]!, to);
    else merged.push(from, to);
  }
  return merged;
}
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}
export function isWordCharacter(code: number | undefined): boolean {
  return (
    code !== undefined &&
    ((code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      code === 0x5f ||
      (code >= 0x61 && code <= 0x7a))
  );
}

const set = (ranges: Ranges, negated = false): RegexNode => ({ kind: 'set', ranges, negated });
const single = (code: number): RegexNode => set([code, code]);
const CLASS_ESCAPES: Record<string, { ranges: Ranges; negated: boolean }> = {
  d: { ranges: DIGIT, negated: false },
  D: { ranges: DIGIT, negated: true },
  w: { ranges: WORD, negated: false },
  W: { ranges: WORD, negated: true },
  s: { ranges: SPACE, negated: false },
  S: { ranges: SPACE, negated: true },
};
const CONTROL_ESCAPES: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/';

/** A recursive-descent reader of one pattern; `unicode` reads code points, otherwise code units. */
class Reader {
  private position = 0;
  private readonly chars: number[];
  constructor(
    source: string,
    private readonly flags: RegexFlags,
    private readonly hasNamedGroups: boolean,
  ) {
    this.chars = flags.unicode
      ? Array.from(source, (c) => c.codePointAt(0)!)
      : Array.from({ length: source.length }, (_, i) => source.charCodeAt(i));
  }
  private peek(offset = 0): number | undefined {
    return this.chars[this.position + offset];
  }
  private is(text: string, offset = 0): boolean {
    for (let i = 0; i < text.length; i++) if (this.peek(offset + i) !== text.charCodeAt(i)) return false;
    return true;
  }
  private fail(reason: string): never {
    throw new UnsupportedRegexError(reason);
  }
  parse(): RegexNode {
    const node = this.disjunction();
    if (this.position < this.chars.length) this.fail(`unexpected \`${String.fromCodePoint(this.peek()!)}\``);
    return node;
  }
  private disjunction(): RegexNode {
    const items = [this.alternative()];
    while (this.is('|')) {
      this.position++;
      items.push(this.alternative());
    }
    return items.length === 1 ? items[0]! : { kind: 'either', items };
  }
  private alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (this.position < this.chars.length && !this.is('|') && !this.is(')')) items.push(this.term());
    return items.length === 1 ? items[0]! : { kind: 'sequence', items };
  }
  private term(): RegexNode {
    const atom = this.atom();
    const bounds = this.quantifier();
    if (!bounds) return atom;
    if (this.is('?')) this.position++;
    return { kind: 'repeat', item: atom, min: bounds.min, max: bounds.max };
  }
  private quantifier(): { min: number; max: number } | undefined {
    const char = this.peek();
    if (char === 0x2a /* * */) return this.advance(1, { min: 0, max: Infinity });
    if (char === 0x2b /* + */) return this.advance(1, { min: 1, max: Infinity });
    if (char === 0x3f /* ? */) return this.advance(1, { min: 0, max: 1 });
    if (char !== 0x7b /* { */) return undefined;
    let i = 1;
    const number = (): number | undefined => {
      let digits = '';
      while (this.peek(i) !== undefined && this.peek(i)! >= 0x30 && this.peek(i)! <= 0x39)
        digits += String.fromCharCode(this.peek(i++)!);
      return digits === '' ? undefined : Number(digits);
    };
    const min = number();
    let max = min;
    if (min !== undefined && this.peek(i) === 0x2c /* , */) {
      i++;
      max = number() ?? Infinity;
    }
    if (min === undefined || this.peek(i) !== 0x7d /* } */) {
      if (this.flags.unicode) this.fail('incomplete quantifier');
      return undefined; // Annex B: a `{` that starts no quantifier is a literal
    }
    if (max! < min) this.fail('numbers out of order in quantifier');
    if (min > MAX_REPEAT || (max !== Infinity && max! > MAX_REPEAT)) this.fail(`a counted repeat over ${MAX_REPEAT}`);
    return this.advance(i + 1, { min, max: max! });
  }
  private advance<T>(count: number, value: T): T {
    this.position += count;
    return value;
  }
  private atom(): RegexNode {
    const char = this.peek()!;
    this.position++;
    switch (char) {
      case 0x5e /* ^ */:
        return { kind: 'anchor', anchor: 'start' };
      case 0x24 /* $ */:
        return { kind: 'anchor', anchor: 'end' };
      case 0x2e /* . */:
        return this.flags.dotAll ? set([], true) : set(LINE_TERMINATORS, true);
      case 0x28 /* ( */:
        return this.group();
      case 0x5b /* [ */:
        return this.characterClass();
      case 0x5c /* \ */:
        return this.atomEscape();
      case 0x2a:
      case 0x2b:
      case 0x3f:
        return this.fail('nothing to repeat');
      case 0x29 /* ) */:
        return this.fail('unmatched `)`');
      default:
        if (this.flags.unicode && (char === 0x7b || char === 0x7d || char === 0x5d))
          this.fail(`lone \`${String.fromCharCode(char)}\``);
        if (char === 0x7b && this.quantifierAhead()) this.fail('nothing to repeat');
        return single(char);
    }
  }
  /** After a literal `{`: whether `{n}`-like text follows, which JavaScript refuses here. */
  private quantifierAhead(): boolean {
    this.position--;
    const bounds = this.quantifier();
    if (bounds) return true;
    this.position++;
    return false;
  }
  private group(): RegexNode {
    let look: { behind: boolean; negated: boolean } | undefined;
    if (this.is('?')) {
      if (this.is('?:')) this.position += 2;
      else if (this.is('?=') || this.is('?!')) {
        look = { behind: false, negated: this.is('?!') };
        this.position += 2;
      } else if (this.is('?<=') || this.is('?<!')) {
        look = { behind: true, negated: this.is('?<!') };
        this.position += 3;
      } else if (this.is('?<')) {
        const close = this.chars.indexOf(0x3e /* > */, this.position);
        if (close === -1) this.fail('unterminated group name');
        this.position = close + 1;
      } else this.fail('group modifiers');
    }
    const item = this.disjunction();
    if (!this.is(')')) this.fail('unterminated group');
    this.position++;
    return look ? { kind: 'look', ...look, item } : item;
  }
  private atomEscape(): RegexNode {
    const char = this.peek();
    if (char === undefined) this.fail('`\\` at end of pattern');
    const letter = String.fromCodePoint(char);
    if (letter === 'b' || letter === 'B') {
      this.position++;
      return { kind: 'anchor', anchor: letter === 'b' ? 'word' : 'not-word' };
    }
    if (letter >= '1' && letter <= '9') this.fail('a backreference');
    if (letter === 'k' && (this.flags.unicode || this.hasNamedGroups)) this.fail('a backreference');
    const escape = this.characterEscape(false);
    return 'code' in escape ? single(escape.code) : set(escape.ranges, escape.negated);
  }
  /** The escape after a `\`: one code point, or a class such as `\d`. */
  private characterEscape(inClass: boolean): { code: number } | { ranges: Ranges; negated: boolean } {
    const char = this.peek()!;
    const letter = String.fromCodePoint(char);
    this.position++;
    if (CLASS_ESCAPES[letter]) return CLASS_ESCAPES[letter];
    if (letter in CONTROL_ESCAPES) return { code: CONTROL_ESCAPES[letter]! };
    if (inClass && letter === 'b') return { code: 0x08 };
    if (inClass && letter === '-') return { code: 0x2d };
    if (letter === 'p' || letter === 'P') {
      if (this.flags.unicode) this.fail('a Unicode property escape');
      return { code: char };
    }
    if (letter === '0' && !(this.peek()! >= 0x30 && this.peek()! <= 0x39)) return { code: 0 };
    if (letter >= '0' && letter <= '9') this.fail('an octal escape');
    if (letter === 'c') {
      const next = this.peek();
      if (next !== undefined && ((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a))) {
        this.position++;
        return { code: next % 32 };
      }
      if (this.flags.unicode) this.fail('an invalid control escape');
      this.position--;
      return { code: 0x5c };
    }
    if (letter === 'x') {
      const code = this.hex(2);
      if (code !== undefined) return { code };
      if (this.flags.unicode) this.fail('an invalid hexadecimal escape');
      return { code: char };
    }
    if (letter === 'u') return { code: this.unicodeEscape() ?? char };
    if (this.flags.unicode && !SYNTAX_CHARACTERS.includes(letter) && letter !== '-')
      this.fail(`an invalid escape \`\\${letter}\``);
    return { code: char };
  }
  private hex(length: number): number | undefined {
    let text = '';
    for (let i = 0; i < length; i++) {
      const char = this.peek(i);
      if (char === undefined || !/[0-9a-f]/i.test(String.fromCharCode(char))) return undefined;
      text += String.fromCharCode(char);
    }
    this.position += length;
    return parseInt(text, 16);
  }
  private unicodeEscape(): number | undefined {
    if (this.flags.unicode && this.is('{')) {
      const close = this.chars.indexOf(0x7d, this.position);
      const digits = close === -1 ? '' : String.fromCharCode(...this.chars.slice(this.position + 1, close));
      if (!/^[0-9a-f]{1,6}$/i.test(digits) || parseInt(digits, 16) > MAX_CODE_POINT)
        this.fail('an invalid Unicode escape');
      this.position = close + 1;
      return parseInt(digits, 16);
    }
    const code = this.hex(4);
    if (code === undefined) {
      if (this.flags.unicode) this.fail('an invalid Unicode escape');
      return undefined;
    }
    // In Unicode mode a pair of escaped surrogates is one code point.
    if (this.flags.unicode && code >= 0xd800 && code <= 0xdbff && this.is('\\u')) {
      const saved = this.position;
      this.position += 2;
      const low = this.hex(4);
      if (low !== undefined && low >= 0xdc00 && low <= 0xdfff)
        return (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      this.position = saved;
    }
    return code;
  }
  private characterClass(): RegexNode {
    const negated = this.is('^');
    if (negated) this.position++;
    const ranges: number[] = [];
    while (!this.is(']')) {
      if (this.position >= this.chars.length) this.fail('unterminated character class');
      const from = this.classAtom();
      if (this.is('-') && !this.is('-]')) {
        this.position++;
        const to = this.classAtom();
        if ('code' in from && 'code' in to) {
          if (from.code > to.code) this.fail('range out of order in character class');
          ranges.push(from.code, to.code);
          continue;
        }
        if (this.flags.unicode) this.fail('a class escape in a range');
        // Annex B: `[\d-z]` is `\d`, `-` and `z`.
        for (const part of [from, { code: 0x2d }, to]) this.addClassAtom(ranges, part);
        continue;
      }
      this.addClassAtom(ranges, from);
    }
    this.position++;
    return set(normalizeRanges(ranges), negated);
  }
  private addClassAtom(ranges: number[], atom: { code: number } | { ranges: Ranges; negated: boolean }): void {
    if ('code' in atom) ranges.push(atom.code, atom.code);
    else ranges.push(...(atom.negated ? complement(atom.ranges) : atom.ranges));
  }
  private classAtom(): { code: number } | { ranges: Ranges; negated: boolean } {
    const char = this.peek()!;
    this.position++;
    if (char !== 0x5c) return { code: char };
    if (this.peek() === undefined) this.fail('`\\` at end of pattern');
    return this.characterEscape(true);
  }
}

/** The flags robots-kit can run: `i`, `m`, `s`, `u` (and `g`, `d`, which change nothing for a test). */
export function parseFlags(flags: string): RegexFlags {
  for (const flag of flags) if (!'imsugd'.includes(flag)) throw new UnsupportedRegexError(`the \`${flag}\` flag`);
  return {
    ignoreCase: flags.includes('i'),
    multiline: flags.includes('m'),
    dotAll: flags.includes('s'),
    unicode: flags.includes('u'),
  };
}
/**
 * Reads a JavaScript regular expression into a tree. Throws `UnsupportedRegexError` for what
 * the linear matcher cannot run (backreferences, Unicode property escapes, group modifiers,
 * counted repeats over {@link MAX_REPEAT}) and for syntax JavaScript itself refuses.
 */
export function parseRegex(source: string, flags: RegexFlags): RegexNode {
  if (source.length > MAX_PATTERN_LENGTH)
    throw new UnsupportedRegexError(`a pattern over ${MAX_PATTERN_LENGTH} characters`);
  return new Reader(source, flags, /\(\?<[^=!]/.test(source)).parse();
}

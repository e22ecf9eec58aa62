/**
 * Simple selectors for the body pass (`links[].within`, `nosnippet.selectors`): one compound
 * selector — an optional tag name followed by any number of `.class`, `#id`, `[attr]` and
 * `[attr=value]` parts — read by a hand-written scanner (no RegExp on the user's text) and
 * matched against one start tag's attributes. Combinators, `*`, pseudo-classes, attribute
 * operators other than `=` and lists with `,` are refused with the form to write instead: the
 * body pass sees one element at a time and its open ancestors, nothing else.
 */
import { RobotsError } from '../errors.js';

/** One parsed selector: every part must match the same element. */
export interface SimpleSelector {
  /** As the user wrote it, for messages. */
  text: string;
  /** Lower-cased tag name, or undefined for any element. */
  tag?: string;
  /** Class names, compared case-sensitively (standards mode). */
  classes: string[];
  /** `#id` parts (case-sensitive). */
  ids: string[];
  /** `[attr]` and `[attr=value]`: lower-cased name, value compared exactly. */
  attributes: Array<{ name: string; value?: string }>;
}

/** The supported forms, named in every error. */
export const SELECTOR_FORMS =
  '`tag`, `.class`, `#id`, `[attr]`, `[attr=value]` or one of them combined with a tag and each other, e.g. `div.comments` or `section[data-ugc]`';
/** Longer selectors are refused: they are written by hand, and this bounds matching. */
const MAX_SELECTOR_LENGTH = 256;

function isNameChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || // 0-9
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    code === 0x2d || // -
    code === 0x5f || // _
    code >= 0x80 // non-ASCII, as CSS identifiers allow
  );
}

/** Why a selector is refused, in words a user can act on. */
function explain(text: string, at: number): { problem: string; suggestion?: string } {
  const char = text[at]!;
  if (char === ' ' || char === '>' || char === '+' || char === '~') {
    const last = text
      .slice(at)
      .trim()
      .split(/[\s>+~]+/)
      .pop();
    return {
      problem: 'combinators (descendant ` `, `>`, `+`, `~`) are not supported in',
      ...(last ? { suggestion: last } : {}),
    };
  }
  if (char === ',') return { problem: 'a list of selectors is written as an array, not with `,`, in' };
  if (char === ':')
    return { problem: 'pseudo-classes are not supported in', ...(at > 0 ? { suggestion: text.slice(0, at) } : {}) };
  if (char === '*') return { problem: '`*` is not supported in' };
  return { problem: `unexpected \`${char}\` in` };
}

/**
 * Parses one simple selector, or throws a RobotsError naming `source`, `key` and the selector,
 * with the supported forms.
 */
export function parseSimpleSelector(text: unknown, key: string, source = 'options'): SimpleSelector {
  const fail = (problem: string, suggestion?: string): never => {
    throw new RobotsError({
      code: 'invalid-selector',
      source,
      key,
      value: text,
      problem,
      expected: SELECTOR_FORMS,
      ...(suggestion ? { suggestion } : {}),
    });
  };
  if (typeof text !== 'string') return fail('expected a selector string, not');
  const input = text.trim();
  if (input === '') return fail('an empty selector');
  if (input.length > MAX_SELECTOR_LENGTH) return fail(`a selector longer than ${MAX_SELECTOR_LENGTH} characters`);
  const selector: SimpleSelector = { text: input, classes: [], ids: [], attributes: [] };
  let i = 0;
  const name = (): string => {
    const start = i;
    while (i < input.length && isNameChar(input.charCodeAt(i))) i++;
    return input.slice(start, i);
  };
  if (isNameChar(input.charCodeAt(0))) selector.tag = name().toLowerCase();
  while (i < input.length) {
    const char = input[i]!;
    if (char === '.' || char === '#') {
      i++;
      const part = name();
      if (part === '') return fail(`\`${char}\` without a name in`);
      (char === '.' ? selector.classes : selector.ids).push(part);
    } else if (char === '[') {
      i++;
      const attribute = name().toLowerCase();
      if (attribute === '') return fail('`[` without an attribute name in');
      if (input[i] === ']') {
        i++;
        selector.attributes.push({ name: attribute });
        continue;
      }
      if (input[i] !== '=')
        return fail(
          'only `[attr]` and `[attr=value]` are supported, not other attribute operators, in',
          `[${attribute}]`,
        );
      i++;
      let value: string;
      const quote = input[i];
      if (quote === '"' || quote === "'") {
        const end = input.indexOf(quote, i + 1);
        if (end === -1) return fail('an unclosed quote in');
        value = input.slice(i + 1, end);
        i = end + 1;
      } else {
        value = name();
        if (value === '') return fail('`[attr=]` without a value in (quote an empty or unusual value)');
      }
      if (input[i] !== ']') return fail('a missing `]` in');
      i++;
      selector.attributes.push({ name: attribute, value });
    } else {
      const { problem, suggestion } = explain(input, i);
      return fail(problem, suggestion);
    }
  }
  return selector;
}

/** One start tag as the body pass sees it: its lower-cased name and an attribute getter (first occurrence wins, decoded). */
export interface ElementView {
  tag: string;
  attribute(name: string): string | undefined;
}
/** Whether the class attribute holds `name` as one of its whitespace-separated tokens. */
function hasClass(classes: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = classes.indexOf(name, from);
    if (at === -1) return false;
    const end = at + name.length;
    const before = at === 0 ? 0x20 : classes.charCodeAt(at - 1);
    const after = end === classes.length ? 0x20 : classes.charCodeAt(end);
    if (isSpace(before) && isSpace(after)) return true;
    from = at + 1;
  }
}
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

/** Whether the element matches every part of the selector. */
export function matchesSimpleSelector(selector: SimpleSelector, element: ElementView): boolean {
  if (selector.tag !== undefined && selector.tag !== element.tag) return false;
  if (selector.classes.length > 0) {
    const classes = element.attribute('class');
    if (classes === undefined || !selector.classes.every((name) => hasClass(classes, name))) return false;
  }
  for (const id of selector.ids) if (element.attribute('id') !== id) return false;
  for (const { name, value } of selector.attributes) {
    const actual = element.attribute(name);
    if (actual === undefined || (value !== undefined && actual !== value)) return false;
  }
  return true;
}

/** The lower-cased attribute names a selector reads, so the body pass keeps only those. */
export function selectorAttributes(selector: SimpleSelector): string[] {
  const names: string[] = selector.attributes.map((attribute) => attribute.name);
  if (selector.classes.length > 0) names.push('class');
  if (selector.ids.length > 0) names.push('id');
  return names;
}

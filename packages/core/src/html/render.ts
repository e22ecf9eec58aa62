/**
 * Rendering robots meta tags (serialised in the document's own style, as hast-util-to-html writes
 * them) and validating the existing ones.
 */
import type { Element } from 'hast';
import {
  type HeadNode,
  type RawAttribute,
  type SelfClosingStyle,
  type StartTagToken,
  isHtmlWhitespace,
} from './types.js';
import { TagReader } from './tag-reader.js';
import { isCrawlerName } from '../directives/parse.js';
import { ALL_CRAWLERS_META_NAME, KNOWN_CRAWLER_NAMES } from '../directives/vocabulary.js';
import { suggest, RobotsError } from '../errors.js';

/** One robots tag to write: `<meta name="{name}" content="{content}">`. */
export interface RobotsMetaTag {
  name: string;
  content: string;
}

export function robotsMetaElement(tag: RobotsMetaTag): Element {
  return { type: 'element', tagName: 'meta', properties: { name: tag.name, content: tag.content }, children: [] };
}

const VOID_HEAD_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'link', 'base']);
/**
 * How the page closes void elements: as its first robots tag does, else its first `<meta>`,
 * `<link>` or `<base>` (read again from `html` when the scan kept no start tag for it).
 */
export function voidElementStyle(
  robotsNodes: readonly HeadNode[],
  headNodes: readonly HeadNode[],
  html: string,
): SelfClosingStyle {
  const model = robotsNodes[0] ?? headNodes.find((node) => VOID_HEAD_ELEMENTS.has(node.name));
  if (model === undefined) return 'none';
  if (model.tag !== undefined) return model.tag.selfClosing;
  const reader = new TagReader(html);
  const end = reader.end(model.start + 1 + model.name.length);
  return end === -1 ? 'none' : reader.selfClosing;
}

/**
 * What separates an element from the one before it, reduced to its last line break and
 * indentation (`\r\n    `); the whole run when it holds no line break (`' '` or `''`).
 */
export function separatorOf(whitespace: string): string {
  const lastBreak = Math.max(whitespace.lastIndexOf('\n'), whitespace.lastIndexOf('\r'));
  if (lastBreak === -1) return whitespace;
  const from = whitespace[lastBreak] === '\n' && whitespace[lastBreak - 1] === '\r' ? lastBreak - 1 : lastBreak;
  return whitespace.slice(from);
}
/** The whitespace run that starts at `from`. */
export function whitespaceAt(html: string, from: number): string {
  let end = from;
  while (end < html.length && isHtmlWhitespace(html.charCodeAt(end))) end++;
  return html.slice(from, end);
}
/**
 * Line break and indentation for a new line one level deeper than the line that
 * `separator` starts; empty when the markup around is on one line.
 */
export function deeperSeparator(separator: string): string {
  if (!/[\r\n]/.test(separator)) return '';
  return separator + (separator.includes('\t') ? '\t' : '  ');
}

/** What a head element means for placing robots tags. */
export type HeadChildRole = 'charset' | 'viewport' | 'script' | 'robots' | 'other';
/**
 * Where the robots tags go among the head's elements (an index into `roles`: the tags
 * go before that element; `roles.length` means after the last). In order of preference:
 * 1. right after the character encoding declaration and the viewport tag (the later of the
 *    two; a viewport tag after the first script does not count), so the encoding
 *    declaration stays within the first 1024 bytes;
 * 2. where the first existing robots tag was, if it comes before any script;
 * 3. right before the first script, so crawlers meet the tags before any script runs;
 * 4. after the last element of the head.
 */
export function pickInsertionSlot(roles: readonly HeadChildRole[]): number {
  return pickInsertionSlotOf(roles.length, (index) => roles[index]!);
}
/** {@link pickInsertionSlot} over `count` elements whose roles `roleAt` tells, each asked once, in order: no array of roles. */
export function pickInsertionSlotOf(count: number, roleAt: (index: number) => HeadChildRole): number {
  let firstScript = -1;
  let firstRobots = -1;
  let anchor = -1;
  for (let index = 0; index < count; index++) {
    const role = roleAt(index);
    if (role === 'script') {
      if (firstScript === -1) firstScript = index;
    } else if (role === 'charset' || (role === 'viewport' && firstScript === -1)) anchor = index;
    else if (role === 'robots' && firstRobots === -1) firstRobots = index;
  }
  const limit = firstScript === -1 ? count : firstScript;
  if (anchor !== -1) return anchor + 1;
  if (firstRobots !== -1 && firstRobots < limit) return firstRobots;
  return limit;
}

const CLOSINGS: Record<SelfClosingStyle, string> = { none: '>', spaced: ' />', tight: '/>' };
/**
 * A carriage return written as is reads back as a line feed (the input stream normalizes line
 * breaks), so it is written as a reference: the tag then carries exactly the content resolved.
 */
function escapeCarriageReturns(markup: string): string {
  return markup.includes('\r') ? markup.replace(/\r/g, '&#13;') : markup;
}
/**
 * The characters a double-quoted attribute value gets as references, written as
 * hast-util-to-html writes them by default (`&#x22;`): the tags are byte for byte what earlier
 * versions wrote through it (a test compares them), without loading it for a `<meta>`.
 */
const ESCAPED_IN_VALUE = /[\0"&'`]/g;
function attributeText(value: string): string {
  return value.replace(ESCAPED_IN_VALUE, (character) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`);
}
/** ` name="…"` and ` content="…"` of a tag, escaped alike wherever a tag is written, so that rewriting a page again changes nothing. */
function nameAndContent(tag: RobotsMetaTag): { name: string; content: string } {
  return {
    name: `name="${attributeText(tag.name)}"`,
    content: escapeCarriageReturns(`content="${attributeText(tag.content)}"`),
  };
}
/** `<meta name="…" content="…">`, closed in `style`. */
export function renderMetaTag(tag: RobotsMetaTag, style: SelfClosingStyle): string {
  const { name, content } = nameAndContent(tag);
  return `<meta ${name} ${content}${CLOSINGS[style]}`;
}
/** An attribute as written: its value and quotes untouched, so it reads the same. */
function writtenAttribute(attribute: RawAttribute): string {
  if (attribute.quote !== '') return `${attribute.name}=${attribute.quote}${attribute.rawValue}${attribute.quote}`;
  return attribute.rawValue === '' ? attribute.name : `${attribute.name}=${attribute.rawValue}`;
}
/**
 * A robots tag written in place of `previous`, a tag of the same name: its other attributes
 * (`id`, `data-*` that a head manager uses…) stay as they were written, in their order, and so
 * does the way it closes; only `name` and `content` are ours.
 */
export function renderReplacingTag(tag: RobotsMetaTag, previous: StartTagToken): string {
  const ours = nameAndContent(tag);
  let hasContent = false;
  const attributes = previous.attributes.map((attribute) => {
    if (attribute.name === 'name') return ours.name;
    if (attribute.name !== 'content') return writtenAttribute(attribute);
    hasContent = true;
    return ours.content;
  });
  if (!hasContent) attributes.push(ours.content);
  return `<meta ${attributes.join(' ')}${CLOSINGS[previous.selfClosing]}`;
}
const NOTHING_REPLACED: ReadonlyMap<string, StartTagToken> = new Map();
/** Rendered runs of frozen tag lists that replace nothing, by style and separator (see renderRobotsTags). */
const renderedRuns = new WeakMap<readonly RobotsMetaTag[], Map<string, string>>();
const MAX_RUNS_PER_LIST = 16;
function newRuns(tags: readonly RobotsMetaTag[]): Map<string, string> {
  const runs = new Map<string, string>();
  renderedRuns.set(tags, runs);
  return runs;
}
/**
 * The markup for the robots tags, each on its own line introduced by `separator`
 * (or inline when it is empty), with void elements in the page's style
 * (`<meta …>`, `<meta … />` or `<meta …/>`). A tag whose lowercase name is in `replaced`
 * takes the place of that tag (see `renderReplacingTag`).
 */
export function renderRobotsTags(
  tags: readonly RobotsMetaTag[],
  separator: string,
  style: SelfClosingStyle,
  replaced: ReadonlyMap<string, StartTagToken> = NOTHING_REPLACED,
): string {
  // A frozen list of frozen tags (a server's cached resolution, validated once) replacing nothing
  // renders the same for every page of a route: kept per separator and style.
  const runs =
    replaced.size === 0 && Object.isFrozen(tags) && tags.every(Object.isFrozen)
      ? (renderedRuns.get(tags) ?? newRuns(tags))
      : undefined;
  const runKey = runs === undefined ? '' : `${style}\0${separator}`;
  const known = runs?.get(runKey);
  if (known !== undefined) return known;
  let markup = '';
  for (const tag of tags) {
    const previous = replaced.size === 0 ? undefined : replaced.get(tag.name.toLowerCase());
    markup += separator + (previous ? renderReplacingTag(tag, previous) : renderMetaTag(tag, style));
  }
  if (runs !== undefined) {
    // A page's indentation is one of a few; a site writing each differently keeps the last few.
    if (runs.size >= MAX_RUNS_PER_LIST) runs.clear();
    runs.set(runKey, markup);
  }
  return markup;
}
/**
 * A new `<head>` holding the robots tags, one level deeper than `separator` indents it, then
 * `separator` (the line break and indentation of what follows it).
 */
export function renderHeadWithRobotsTags(
  tags: readonly RobotsMetaTag[],
  separator: string,
  style: SelfClosingStyle,
  replaced: ReadonlyMap<string, StartTagToken> = NOTHING_REPLACED,
): string {
  const inner = deeperSeparator(separator);
  return `<head>${renderRobotsTags(tags, inner, style, replaced)}${inner === '' ? '' : separator}</head>${separator}`;
}

/** Where the tags came from, for error messages. */
export interface TagsOrigin {
  /** E.g. `options` or `resolve()`. */
  source: string;
  /** The key that held the tags, e.g. `tags`. */
  key: string;
}
function suggestName(name: string): string | undefined {
  const cleaned = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '');
  if (cleaned !== name && isCrawlerName(cleaned)) return cleaned;
  return suggest(cleaned, [ALL_CRAWLERS_META_NAME, ...KNOWN_CRAWLER_NAMES]);
}
/**
 * Checks a meta name → content map before any of it reaches a page: names must be
 * crawler product tokens (so no quote, space or `>` can reach the markup), contents
 * strings, and no name may appear twice in different case.
 */
export function validateRobotsTags(tags: unknown, origin: TagsOrigin): RobotsMetaTag[] {
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
    throw new RobotsError({
      code: 'invalid-robots-tags',
      source: origin.source,
      key: origin.key,
      value: tags,
      problem: 'robots tags must be an object of meta name → content, not',
      expected: 'e.g. `{ "robots": "noindex, follow" }`',
    });
  }
  const seen = new Map<string, string>();
  const result: RobotsMetaTag[] = [];
  for (const [name, content] of Object.entries(tags)) {
    const key = `${origin.key}.${name}`;
    if (!isCrawlerName(name)) {
      const suggestion = suggestName(name);
      throw new RobotsError({
        code: 'invalid-meta-name',
        source: origin.source,
        key: origin.key,
        value: name,
        problem: 'invalid robots meta name',
        expected: 'a crawler product token of letters, digits, `-`, `_` or `.` (e.g. `robots`, `googlebot-news`)',
        ...(suggestion === undefined ? {} : { suggestion }),
      });
    }
    if (typeof content !== 'string') {
      throw new RobotsError({
        code: 'invalid-meta-content',
        source: origin.source,
        key,
        value: content,
        problem: 'robots meta content must be a string, not',
        expected: 'comma-separated directives such as `noindex, follow`',
      });
    }
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      throw new RobotsError({
        code: 'duplicate-meta-name',
        source: origin.source,
        key,
        value: name,
        problem: `robots meta name given twice (also as \`${earlier}\`):`,
        expected: 'one entry per meta name; names are case-insensitive',
      });
    }
    seen.set(lower, name);
    result.push({ name, content });
  }
  return result;
}

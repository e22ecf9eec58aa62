/**
 * Rendering robots meta tags (as hast, serialised in the document's own style) and validating the
 * existing ones.
 */
import type { Element, Root, Text } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { type SelfClosingStyle, isHtmlWhitespace } from './types.js';
import type { HeadNode } from './scan-head.js';
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
/** How the page closes void elements: as its first robots tag does, else its first `<meta>`, `<link>` or `<base>`. */
export function voidElementStyle(robotsNodes: readonly HeadNode[], headNodes: readonly HeadNode[]): SelfClosingStyle {
  const model = robotsNodes[0] ?? headNodes.find((node) => VOID_HEAD_ELEMENTS.has(node.name));
  return model?.tag?.selfClosing ?? 'none';
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
  const firstScript = roles.indexOf('script');
  const limit = firstScript === -1 ? roles.length : firstScript;
  let anchor = -1;
  roles.forEach((role, index) => {
    if (role === 'charset' || (role === 'viewport' && index < limit)) anchor = index;
  });
  if (anchor !== -1) return anchor + 1;
  const firstRobots = roles.indexOf('robots');
  if (firstRobots !== -1 && firstRobots < limit) return firstRobots;
  return limit;
}

function text(value: string): Text {
  return { type: 'text', value };
}
function render(root: Root, style: SelfClosingStyle): string {
  return toHtml(root, { closeSelfClosing: style !== 'none', tightSelfClosing: style === 'tight' });
}
/** `separator` + tag for each tag, serialized (and so escaped) by hast-util-to-html. */
function separatedTags(tags: readonly RobotsMetaTag[], separator: string): Array<Element | Text> {
  return tags.flatMap((tag) => (separator === '' ? [robotsMetaElement(tag)] : [text(separator), robotsMetaElement(tag)]));
}
/**
 * The markup for the robots tags, each on its own line introduced by `separator`
 * (or inline when it is empty), with void elements in the page's style
 * (`<meta …>`, `<meta … />` or `<meta …/>`).
 */
export function renderRobotsTags(tags: readonly RobotsMetaTag[], separator: string, style: SelfClosingStyle): string {
  return render({ type: 'root', children: separatedTags(tags, separator) }, style);
}
/** A new `<head>` holding the robots tags, one level deeper than `separator` indents it. */
export function renderHeadWithRobotsTags(tags: readonly RobotsMetaTag[], separator: string, style: SelfClosingStyle): string {
  const inner = deeperSeparator(separator);
  const head: Element = {
    type: 'element',
    tagName: 'head',
    properties: {},
    children: [...separatedTags(tags, inner), ...(inner === '' ? [] : [text(separator)])],
  };
  return render({ type: 'root', children: [...(separator === '' ? [] : [text(separator)]), head] }, style);
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

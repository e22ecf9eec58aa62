/**
 * The pre-body scanner: follows the spec's insertion modes up to <body> and reports where the head
 * is and which named metas it holds.
 */
import { type DoctypeToken, type EndTagToken, type StartTagToken, isHtmlWhitespace } from './types.js';
import { readMarkup, templateEnd, textElementEnd, type ElementExtent, decodeAttributeValue } from './tokenizer.js';

/** An element or comment of the head, as located in the source. */
export interface HeadNode {
  /** ASCII-lowercased tag name, or `#comment`. */
  name: string;
  /** The start tag, for elements. */
  tag?: StartTagToken;
  start: number;
  /** Exclusive; after the end tag for elements with contents such as `<script>` or `<title>`. */
  end: number;
  /** Start of the run of whitespace right before `start`; `start` when there is none. */
  whitespaceStart: number;
  /**
   * False when the input ends inside the element (an unclosed `<script>`, `<title>`,
   * `<template>`…): anything written after it would become part of it.
   */
  closed: boolean;
  /**
   * Written after the head ended (after `</head>` or a second `<head>`); browsers still
   * move such an element into the head.
   */
  afterHead: boolean;
}
/** What the tokenizer learned from the part of a document before the body. */
export interface PreBodyScan {
  doctype?: DoctypeToken;
  htmlStartTag?: StartTagToken;
  headStartTag?: StartTagToken;
  headEndTag?: EndTagToken;
  bodyStartTag?: StartTagToken;
  /** The first start tag of the input, whatever it opened. */
  firstStartTag?: StartTagToken;
  /** `<head>` start tags ignored because a head already existed. */
  ignoredHeadTags: number;
  /** Elements of the head (and comments inside it), in source order. */
  headNodes: HeadNode[];
  /** Where the body begins (its start tag or first content) or the input ends: scanning stopped here. */
  bodyStart: number;
}

/** Character references that decode to HTML whitespace: `&#32;`, `&#x0A;`, `&Tab;`… */
const WHITESPACE_REFERENCE =
  /&(?:#[xX]0*(?:9|[aAcCdD]|20)(?![0-9a-fA-F]);?|#0*(?:9|10|12|13|32)(?![0-9]);?|Tab;|NewLine;)/y;
/**
 * The offset of the first character in text [from, to) that is not whitespace once
 * character references are decoded, or -1. Before `<body>`, such a character opens the body.
 */
export function firstContentCharacter(html: string, from: number, to: number): number {
  for (let index = from; index < to; index++) {
    const code = html.charCodeAt(index);
    if (isHtmlWhitespace(code)) continue;
    if (code === 0x26) {
      WHITESPACE_REFERENCE.lastIndex = index;
      if (WHITESPACE_REFERENCE.test(html) && WHITESPACE_REFERENCE.lastIndex <= to) {
        index = WHITESPACE_REFERENCE.lastIndex - 1;
        continue;
      }
    }
    return index;
  }
  return -1;
}

/** Start tags the "in head" insertion mode keeps in the head; any other opens the body. */
export const IN_HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'title',
  'noscript',
  'noframes',
  'style',
  'script',
  'template',
]);
/** Start tags that, met after `</head>`, browsers still put into the head. */
export const AFTER_HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'noframes',
  'script',
  'style',
  'template',
  'title',
]);
/** End tags that, before the body, act like content and open it. */
export const BODY_OPENING_END_TAGS: ReadonlySet<string> = new Set(['body', 'html', 'br']);

type InsertionMode = 'initial' | 'before-html' | 'before-head' | 'in-head' | 'after-head';
const BYTE_ORDER_MARK = 0xfeff;
const LESS_THAN = 0x3c;
/** What a tag did: it was consumed, or it opened the body and scanning stops. */
type TagOutcome = 'consumed' | 'body';
/**
 * Tokenizes the part of a document before its body and follows the HTML tree
 * construction rules from the "initial" to the "after head" insertion mode: finds the
 * doctype, `<html>`, the head (written or implied) and its elements, and stops where
 * the body begins: at `<body>`, or at the first content that would open it.
 */
export function scanPreBody(html: string): PreBodyScan {
  const scan: PreBodyScan = { ignoredHeadTags: 0, headNodes: [], bodyStart: html.length };
  let mode = 'initial' as InsertionMode;
  let index = html.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  let lastTokenEnd = index;

  const addHeadNode = (name: string, start: number, extent: ElementExtent, tag: StartTagToken | undefined, afterHead: boolean) => {
    let whitespaceStart = start;
    while (whitespaceStart > lastTokenEnd && isHtmlWhitespace(html.charCodeAt(whitespaceStart - 1))) whitespaceStart--;
    scan.headNodes.push({ name, start, ...extent, whitespaceStart, afterHead, ...(tag ? { tag } : {}) });
  };

  const addHeadElement = (tag: StartTagToken, afterHead: boolean) => {
    const extent = tag.name === 'template' ? templateEnd(html, tag) : textElementEnd(html, tag);
    addHeadNode(tag.name, tag.start, extent, tag, afterHead);
    return extent.end;
  };

  // A second `<html>` or `<head>` opens nothing, as in browsers; a second head is reported.
  const ignoreRepeatedTag = (tag: StartTagToken): TagOutcome => {
    if (tag.name === 'head') scan.ignoredHeadTags++;
    index = tag.end;
    return 'consumed';
  };

  const processStartTag = (tag: StartTagToken): TagOutcome => {
    for (;;) {
      switch (mode) {
        case 'initial':
          mode = 'before-html';
          continue;
        case 'before-html':
          if (tag.name === 'html') {
            scan.htmlStartTag = tag;
            mode = 'before-head';
            index = tag.end;
            return 'consumed';
          }
          mode = 'before-head';
          continue;
        case 'before-head':
          if (tag.name === 'html') {
            index = tag.end;
            return 'consumed';
          }
          if (tag.name === 'head') {
            scan.headStartTag = tag;
            mode = 'in-head';
            index = tag.end;
            return 'consumed';
          }
          mode = 'in-head';
          continue;
        case 'in-head':
          if (tag.name === 'html' || tag.name === 'head') return ignoreRepeatedTag(tag);
          if (IN_HEAD_ELEMENTS.has(tag.name)) {
            index = addHeadElement(tag, false);
            return 'consumed';
          }
          mode = 'after-head';
          continue;
        case 'after-head':
          if (tag.name === 'html' || tag.name === 'head') return ignoreRepeatedTag(tag);
          if (AFTER_HEAD_ELEMENTS.has(tag.name)) {
            index = addHeadElement(tag, true);
            return 'consumed';
          }
          if (tag.name === 'body') scan.bodyStartTag = tag;
          return 'body';
      }
    }
  };

  const processEndTag = (tag: EndTagToken): TagOutcome => {
    const opensBody = BODY_OPENING_END_TAGS.has(tag.name);
    for (;;) {
      switch (mode) {
        case 'initial':
          mode = 'before-html';
          continue;
        case 'before-html':
          if (!opensBody && tag.name !== 'head') break;
          mode = 'before-head';
          continue;
        case 'before-head':
          if (!opensBody && tag.name !== 'head') break;
          mode = 'in-head';
          continue;
        case 'in-head':
          if (tag.name === 'head') {
            scan.headEndTag = tag;
            mode = 'after-head';
            break;
          }
          if (!opensBody) break;
          mode = 'after-head';
          continue;
        case 'after-head':
          if (opensBody) return 'body';
          break;
      }
      index = tag.end;
      return 'consumed';
    }
  };

  while (index < html.length) {
    if (html.charCodeAt(index) !== LESS_THAN) {
      const lessThan = html.indexOf('<', index);
      const textEnd = lessThan === -1 ? html.length : lessThan;
      const content = firstContentCharacter(html, index, textEnd);
      if (content !== -1) {
        scan.bodyStart = content;
        return scan;
      }
      index = textEnd;
      continue;
    }
    const token = readMarkup(html, index);
    switch (token.type) {
      case 'character':
      case 'end-of-file':
        scan.bodyStart = token.start;
        return scan;
      case 'comment':
        if (mode === 'in-head') addHeadNode('#comment', token.start, { end: token.end, closed: true }, undefined, false);
        index = token.end;
        break;
      case 'doctype':
        if (mode === 'initial') {
          scan.doctype = token;
          mode = 'before-html';
        }
        index = token.end;
        break;
      case 'start-tag':
        scan.firstStartTag ??= token;
        if (processStartTag(token) === 'body') {
          scan.bodyStart = token.start;
          return scan;
        }
        break;
      case 'end-tag':
        if (processEndTag(token) === 'body') {
          scan.bodyStart = token.start;
          return scan;
        }
        break;
    }
    lastTokenEnd = index;
  }
  return scan;
}

/** The decoded value of attribute `name` (lowercase) of a tag, or undefined when absent. */
export function attributeValue(tag: StartTagToken, name: string): string | undefined {
  const attribute = tag.attributes.find((candidate) => candidate.name === name);
  return attribute === undefined ? undefined : decodeAttributeValue(attribute);
}

/** A `<meta name>` of the head. */
export interface NamedMeta {
  node: HeadNode;
  tag: StartTagToken;
  /** Decoded, as written: not trimmed or lowercased. */
  name: string;
}
/** Every `<meta>` with a `name` attribute among the head's elements. */
export function namedMetas(nodes: readonly HeadNode[]): NamedMeta[] {
  const metas: NamedMeta[] = [];
  for (const node of nodes) {
    if (node.name !== 'meta' || node.tag === undefined) continue;
    const name = attributeValue(node.tag, 'name');
    if (name !== undefined) metas.push({ node, tag: node.tag, name });
  }
  return metas;
}

export type DocumentKind = 'document' | 'fragment' | 'not-html';
/** Root elements of XML documents a static site commonly writes: feeds, sitemaps, OPML. */
const XML_ROOT_ELEMENTS: ReadonlySet<string> = new Set(['rss', 'feed', 'rdf:rdf', 'urlset', 'sitemapindex', 'opml']);
function looksLikeOtherFormat(html: string, scan: PreBodyScan): boolean {
  if (scan.doctype?.name !== undefined && scan.doctype.name !== 'html') return true;
  const start = html.replace(/^\uFEFF?\s*/, '').slice(0, 5);
  if (start.startsWith('{') || start.startsWith('[') || start.toLowerCase() === '<?xml') return true;
  if (scan.firstStartTag !== undefined && XML_ROOT_ELEMENTS.has(scan.firstStartTag.name)) return true;
  // No tag, comment or doctype anywhere: plain text.
  return !/<[a-zA-Z!?/]/.test(html);
}
/**
 * A whole HTML document has a doctype (`html`), `<html>`, `<head>`, `</head>` or
 * `<body>` before its body content; anything else is left alone: HTML fragments (such as
 * a feed entry's content) must never gain a head, and other formats are not HTML.
 */
export function documentKind(html: string, scan: PreBodyScan): DocumentKind {
  const htmlDoctype = scan.doctype !== undefined && (scan.doctype.name === undefined || scan.doctype.name === 'html');
  if (htmlDoctype || scan.htmlStartTag || scan.headStartTag || scan.headEndTag || scan.bodyStartTag) return 'document';
  return looksLikeOtherFormat(html, scan) ? 'not-html' : 'fragment';
}

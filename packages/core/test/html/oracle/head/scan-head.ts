// The head scan as it was before the allocation-free reader (main 8a7c8c2), kept as the oracle of
// test/html/head-scan-differential.test.ts: the new one must give the same scans and pages.
/**
 * The pre-body scanner: follows the spec's insertion modes up to <body> and reports where the head
 * is and which named metas it holds.
 */
import {
  type CommentToken,
  type DoctypeToken,
  type EndTagToken,
  type HeadNode,
  type StartTagToken,
  whitespaceBefore,
} from '../../../../src/html/types.js';
import {
  decodeAttributeValue,
  firstContentCharacter,
  readMarkup,
  textElementEnd,
  type ElementExtent,
} from './tokenizer.js';
import { type TemplateExtent, templateReader } from '../../../../src/html/template-contents.js';

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
  /**
   * Elements of the head (and comments inside it), in source order; scripting off, those of
   * its `<noscript>` elements too (`inNoscript`).
   */
  headNodes: HeadNode[];
  /** Where the body begins (its start tag or first content) or the input ends: scanning stopped here. */
  bodyStart: number;
  /**
   * Where the parser creates the head when no `<head>` tag opens it: the start of the element,
   * end tag or text that implies it, or the end of input. A `<head>` written here leaves
   * everything before it (comments, whitespace) where it was.
   */
  headImpliedAt: number;
  /**
   * The comment or doctype the input ends inside, when that happens before the head exists: a
   * head written after it needs `closerAtEnd` first.
   */
  cutOff?: CommentToken | DoctypeToken;
  /**
   * A `<noscript>` start tag was read in the head or in a head template: the only markup that
   * crawlers without scripting read differently before the body.
   */
  hasNoscript?: boolean;
  /**
   * A head template whose end could not be read (it needs parse5, which is not installed, or
   * more than parse5's budget of tags): scanning stopped at it, and the page is left alone.
   */
  unreadable?: { at: number; reason: string };
  /** A doctype that came after the page's first element, ignored, in a page without one before. */
  ignoredDoctype?: number;
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

type InsertionMode = 'initial' | 'before-html' | 'before-head' | 'in-head' | 'in-head-noscript' | 'after-head';
const BYTE_ORDER_MARK = 0xfeff;
const LESS_THAN = 0x3c;
/** What a tag did: it was consumed, or it opened the body and scanning stops. */
type TagOutcome = 'consumed' | 'body';
/** Before the head exists, nothing but whitespace, comments, a doctype, `<html>` and ignored end tags. */
const beforeHead = (mode: InsertionMode) => mode === 'initial' || mode === 'before-html' || mode === 'before-head';
/** Start tags that "in head noscript" (scripting off) keeps inside the `<noscript>`. */
const IN_NOSCRIPT_ELEMENTS: ReadonlySet<string> = new Set(['basefont', 'bgsound', 'link', 'meta', 'noframes', 'style']);

export interface ScanOptions {
  /**
   * Read the page as browsers do, running scripts (a `<noscript>` holds text), or as a
   * crawler that runs none (it holds markup: the "in head noscript" insertion mode). Default: true.
   */
  scripting?: boolean;
  /** Where templates end; shared by the two readings of one page. Default: a reader of its own. */
  templateExtent?: TemplateExtent;
}
/**
 * Tokenizes the part of a document before its body and follows the HTML tree
 * construction rules from the "initial" to the "after head" insertion mode: finds the
 * doctype, `<html>`, the head (written or implied) and its elements, and stops where
 * the body begins: at `<body>`, or at the first content that would open it.
 */
export function scanPreBody(html: string, options: ScanOptions = {}): PreBodyScan {
  const scripting = options.scripting ?? true;
  const templateExtent = options.templateExtent ?? templateReader(html);
  const scan: PreBodyScan = { ignoredHeadTags: 0, headNodes: [], bodyStart: html.length, headImpliedAt: html.length };
  let mode = 'initial' as InsertionMode;
  let index = html.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  let lastTokenEnd = index;
  // The `<noscript>` being read as markup (scripting off).
  let noscript: HeadNode | undefined;

  const addHeadNode = (
    name: string,
    start: number,
    extent: ElementExtent,
    tag: StartTagToken | undefined,
    afterHead: boolean,
  ) => {
    // Written out, not spread: one of these is made for every element of every head.
    const node: HeadNode = {
      name,
      start,
      end: extent.end,
      whitespaceStart: whitespaceBefore(html, start, lastTokenEnd),
      closed: extent.closed,
      afterHead,
    };
    if (tag !== undefined) node.tag = tag;
    if (noscript !== undefined) node.inNoscript = true;
    scan.headNodes.push(node);
    return node;
  };

  const addHeadElement = (tag: StartTagToken, afterHead: boolean) => {
    if (tag.name === 'noscript' && !scripting) {
      noscript = addHeadNode(tag.name, tag.start, { end: html.length, closed: false }, tag, afterHead);
      mode = 'in-head-noscript';
      return tag.end;
    }
    const extent = tag.name === 'template' ? templateExtent(tag, scripting) : textElementEnd(html, tag);
    if (tag.name === 'noscript' || (tag.name === 'template' && /<noscript/i.test(html.slice(tag.end, extent.end))))
      scan.hasNoscript = true;
    return addHeadNode(tag.name, tag.start, extent, tag, afterHead).end;
  };
  // The `<noscript>` read as markup ends at `end`; the parser is back in the head.
  const endNoscript = (end: number) => {
    noscript!.end = end;
    noscript!.closed = true;
    noscript = undefined;
    mode = 'in-head';
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
          scan.headImpliedAt = tag.start;
          mode = 'in-head';
          continue;
        case 'in-head-noscript':
          if (tag.name === 'html' || tag.name === 'head' || tag.name === 'noscript') {
            index = tag.end;
            return 'consumed';
          }
          if (IN_NOSCRIPT_ELEMENTS.has(tag.name)) {
            index = addHeadElement(tag, false);
            return 'consumed';
          }
          endNoscript(tag.start);
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
          scan.headImpliedAt = tag.start;
          mode = 'in-head';
          continue;
        case 'in-head-noscript':
          if (tag.name === 'noscript') {
            endNoscript(tag.end);
            break;
          }
          if (tag.name !== 'br') break;
          endNoscript(tag.start);
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

  // Content (text, a stray `<`, a tag cut off by the end of input) opens the body, and the head
  // before it when none exists yet.
  const stopAt = (offset: number) => {
    if (beforeHead(mode)) scan.headImpliedAt = offset;
    if (noscript !== undefined) endNoscript(offset);
    scan.bodyStart = offset;
    return scan;
  };

  while (index < html.length) {
    if (html.charCodeAt(index) !== LESS_THAN) {
      const lessThan = html.indexOf('<', index);
      const textEnd = lessThan === -1 ? html.length : lessThan;
      const content = firstContentCharacter(html, index, textEnd);
      if (content !== -1) return stopAt(content);
      index = textEnd;
      continue;
    }
    const token = readMarkup(html, index);
    switch (token.type) {
      case 'character':
      case 'end-of-file':
        return stopAt(token.start);
      case 'comment':
        if (mode === 'in-head')
          addHeadNode('#comment', token.start, { end: token.end, closed: token.closed }, undefined, false);
        else if (!token.closed && beforeHead(mode)) scan.cutOff = token;
        index = token.end;
        break;
      case 'doctype':
        if (mode === 'initial') {
          scan.doctype = token;
          mode = 'before-html';
          if (!token.closed) scan.cutOff = token;
        } else {
          if (!token.closed && beforeHead(mode)) scan.headImpliedAt = token.start;
          if (scan.doctype === undefined) scan.ignoredDoctype ??= token.start;
        }
        index = token.end;
        break;
      case 'ignored':
        index = token.end;
        break;
      case 'start-tag': {
        scan.firstStartTag ??= token;
        let outcome: TagOutcome;
        try {
          outcome = processStartTag(token);
        } catch (error) {
          // Only a template that parse5 must read can fail (no parse5, or past its budget):
          // scanning stops there, for good.
          scan.unreadable = { at: token.start, reason: error instanceof Error ? error.message : String(error) };
          outcome = 'body';
        }
        if (outcome === 'body') {
          scan.bodyStart = token.start;
          return scan;
        }
        break;
      }
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
  return attribute === undefined ? undefined : decodeAttributeValue(attribute.rawValue);
}

/** A `<meta name>` of the head. */
export interface NamedMeta {
  node: HeadNode;
  tag: StartTagToken;
  /** Decoded, as written: not trimmed or lowercased. */
  name: string;
}
/** Every `<meta>` with a `name` attribute among the given head elements. */
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

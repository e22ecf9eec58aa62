import { isHtmlWhitespace } from './character-classes.js';
import { firstContentCharacter } from './first-content-character.js';
import { AFTER_HEAD_ELEMENTS, BODY_OPENING_END_TAGS, IN_HEAD_ELEMENTS } from './head-content-elements.js';
import type { EndTagToken, StartTagToken } from './markup-token.js';
import type { PreBodyScan } from './pre-body-scan.js';
import { readMarkup } from './read-markup.js';
import { templateEnd } from './template-end.js';
import { textElementEnd, type ElementExtent } from './text-element-end.js';

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

/**
 * Types shared by the HTML transform: markup tokens, character classes, diagnostics and the
 * injectRobots options and result.
 */
import type { ExistingRobotsTag } from '../directives/types.js';

/**
 * Why `injectRobots` left a page alone or changed more than the robots tags.
 * - `not-html`: the input is JSON, XML, plain text…; returned unchanged.
 * - `fragment`: HTML without doctype, `<html>`, `<head>` or `<body>`; returned unchanged.
 * - `no-head`: the document had no head; one was created for the tags.
 * - `multiple-heads`: a second `<head>` start tag was ignored, as browsers do.
 * - `unterminated-doctype`: the page ends inside its doctype in a way that no head can follow
 *   without changing how browsers read the page; returned unchanged.
 * - `internal-error`: the page could not be processed; returned unchanged.
 * - `not-utf8`: the page is not UTF-8 (its bytes do not decode, or it declares another charset):
 *   returned unchanged, its robots tags and any `links`/`nosnippet` rules not applied.
 */
export type HtmlDiagnosticCode =
  | 'not-html'
  | 'fragment'
  | 'no-head'
  | 'multiple-heads'
  | 'unterminated-doctype'
  | 'internal-error'
  | 'not-utf8';
export interface HtmlDiagnostic {
  code: HtmlDiagnosticCode;
  /** Starts with `[@robots-kit/core]`. */
  message: string;
}
/**
 * Receives the robots tags found in the page head and returns every tag the page
 * must carry, as meta name → content (existing ones already merged in). Errors it
 * throws propagate to the caller.
 */
export type ResolveRobotsTags = (existing: ExistingRobotsTag[]) => Record<string, string>;
export interface InjectRobotsOptions {
  /**
   * Further meta names (lowercase) to treat as robots tags, besides `robots`, the known
   * crawler names and the names `resolve` returns. Default: none.
   */
  extraNames?: ReadonlySet<string>;
  /**
   * What to do with an HTML fragment (no doctype, `<html>`, `<head>` or `<body>`): `leave` it
   * unchanged (feed entry content, partials), or `add-head` because it is a whole page written
   * without a layout, which then gets a `<head>` holding its tags, with a `no-head` diagnostic.
   * Default: `'leave'`.
   */
  fragments?: 'leave' | 'add-head';
}
export interface InjectRobotsResult {
  /** The page with its robots tags replaced; the input itself when nothing changed. */
  html: string;
  changed: boolean;
  diagnostics: HtmlDiagnostic[];
}

export function htmlDiagnostic(code: HtmlDiagnosticCode, problem: string): HtmlDiagnostic {
  return { code, message: `[@robots-kit/core] ${problem}` };
}
/**
 * The `not-utf8` diagnostic: a page robots-kit reads only as UTF-8 was left as it is. `charset`:
 * the charset the response declares, when it declares another; undefined when its bytes are not
 * UTF-8.
 */
export function notUtf8Diagnostic(charset?: string): HtmlDiagnostic {
  const why =
    charset === undefined
      ? 'the page is not valid UTF-8'
      : `the page declares the charset ${JSON.stringify(charset)}, and robots-kit reads pages as UTF-8 only`;
  return htmlDiagnostic(
    'not-utf8',
    `${why}: it was left unchanged, so its robots tags were not written and the \`links\` and \`nosnippet\` rules were not applied. Serve the page as UTF-8, or give it its directives with the X-Robots-Tag header (the \`headers\` option).`,
  );
}

/** An attribute as the tokenizer read it; the first of duplicate attributes wins, as in HTML. */
export interface RawAttribute {
  /** ASCII-lowercased. */
  name: string;
  /** As written: character references are not decoded yet. */
  rawValue: string;
  quote: '"' | "'" | '';
}
/** How a start tag ended: `>`, ` />` or `/>`. */
export type SelfClosingStyle = 'none' | 'spaced' | 'tight';
export interface StartTagToken {
  type: 'start-tag';
  start: number;
  end: number;
  /** ASCII-lowercased. */
  name: string;
  /** Read for `<meta>` and `<font>` only, the elements whose attributes matter before the body; empty for other tags. */
  attributes: RawAttribute[];
  selfClosing: SelfClosingStyle;
}
export interface EndTagToken {
  type: 'end-tag';
  start: number;
  end: number;
  name: string;
}
/** A comment or a bogus comment (`<?xml …>`, `<![CDATA[…>` outside SVG and MathML, `</ x>`). */
export interface CommentToken {
  type: 'comment';
  start: number;
  end: number;
  /** False when the input ends inside it: it runs to the end. */
  closed: boolean;
}
/** `</>`: the tokenizer drops it. */
export interface IgnoredToken {
  type: 'ignored';
  start: number;
  end: number;
}
export interface DoctypeToken {
  type: 'doctype';
  start: number;
  end: number;
  /** ASCII-lowercased; undefined for `<!DOCTYPE>`. */
  name: string | undefined;
  /** False when the input ends inside it (no `>`). */
  closed: boolean;
}
/** A `<` that starts no markup: it is text. */
export interface CharacterToken {
  type: 'character';
  start: number;
  end: number;
}
/** A tag cut off by the end of the input: HTML drops it. */
export interface EndOfFileToken {
  type: 'end-of-file';
  start: number;
  end: number;
}
export type MarkupToken =
  | StartTagToken
  | EndTagToken
  | CommentToken
  | IgnoredToken
  | DoctypeToken
  | CharacterToken
  | EndOfFileToken;

/** Tab, line feed, form feed, carriage return and space: whitespace to the HTML tokenizer. */
export function isHtmlWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0c || code === 0x0d;
}
export function isAsciiAlpha(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}
/**
 * Lowercases A–Z only, as HTML does for tag and attribute names: `toLowerCase()`
 * would also fold characters such as the Kelvin sign into `k`.
 */
export function asciiLowercase(text: string): string {
  // A loop, not a regex test: this runs for every tag and attribute name of a head.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  }
  return text;
}

/** An element or comment of the head, as located in the source. */
export interface HeadNode {
  /** ASCII-lowercased tag name, or `#comment`. */
  name: string;
  /**
   * The start tag, for `<meta>`, `<noscript>` and `<template>` (the elements whose attributes or
   * contents the planning reads); undefined for other elements and comments.
   */
  tag?: StartTagToken | undefined;
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
  /** Inside a `<noscript>` of the head, read as markup by a parser without scripting. */
  inNoscript?: boolean;
}
/** The whitespace run that ends at `end`, starting no earlier than `from`: its start. */
export function whitespaceBefore(html: string, end: number, from: number): number {
  let start = end;
  while (start > from && isHtmlWhitespace(html.charCodeAt(start - 1))) start--;
  return start;
}

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
 * - `internal-error`: the page could not be processed; returned unchanged.
 */
export type HtmlDiagnosticCode = 'not-html' | 'fragment' | 'no-head' | 'multiple-heads' | 'internal-error';
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
  attributes: RawAttribute[];
  selfClosing: SelfClosingStyle;
}
export interface EndTagToken {
  type: 'end-tag';
  start: number;
  end: number;
  name: string;
}
/** A comment, a bogus comment (`<?xml …>`, `<![CDATA[…>`, `</ x>`) or an ignored `</>`. */
export interface CommentToken {
  type: 'comment';
  start: number;
  end: number;
}
export interface DoctypeToken {
  type: 'doctype';
  start: number;
  end: number;
  /** ASCII-lowercased; undefined for `<!DOCTYPE>`. */
  name: string | undefined;
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
export type MarkupToken = StartTagToken | EndTagToken | CommentToken | DoctypeToken | CharacterToken | EndOfFileToken;

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
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;
}

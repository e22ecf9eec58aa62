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

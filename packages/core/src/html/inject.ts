/**
 * injectRobots: plans the edits (replace, remove, insert) from the scan and splices them in; bytes
 * outside the edited tags never change.
 */
import { type HeadChildRole, pickInsertionSlot, deeperSeparator, separatorOf, whitespaceAt, renderHeadWithRobotsTags, renderRobotsTags, type RobotsMetaTag, voidElementStyle, validateRobotsTags } from './render.js';
import { attributeValue, type HeadNode, type PreBodyScan, documentKind, namedMetas, type NamedMeta, scanPreBody } from './scan-head.js';
import { isRobotsMetaName } from '../directives/vocabulary.js';
import type { ExistingRobotsTag } from '../directives/types.js';
import { htmlDiagnostic, type HtmlDiagnostic, type InjectRobotsOptions, type InjectRobotsResult, type ResolveRobotsTags } from './types.js';

/** Replace [start, end) with `text`; an insertion has `start === end`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}
/**
 * Splices non-overlapping edits into `html`; everything outside them is copied as is.
 * An insertion at the start of a removal goes before it.
 */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of ordered) {
    parts.push(html.slice(cursor, edit.start), edit.text);
    cursor = Math.max(cursor, edit.end);
  }
  parts.push(html.slice(cursor));
  return parts.join('');
}

/** The role of a head element that is not a robots tag. */
export function headNodeRole(node: HeadNode): HeadChildRole {
  if (node.name === 'script') return 'script';
  if (node.name !== 'meta' || node.tag === undefined) return 'other';
  if (attributeValue(node.tag, 'charset') !== undefined) return 'charset';
  if (attributeValue(node.tag, 'http-equiv')?.trim().toLowerCase() === 'content-type') return 'charset';
  if (attributeValue(node.tag, 'name')?.trim().toLowerCase() === 'viewport') return 'viewport';
  return 'other';
}

export interface RobotsEditPlan {
  edits: Edit[];
  /** The document had no head and the plan creates one. */
  createsHead: boolean;
}
function separatorBefore(html: string, node: HeadNode): string {
  return separatorOf(html.slice(node.whitespaceStart, node.start));
}
/**
 * Where the tags go when the document has no head at all: a new `<head>` right after
 * `<html …>`, else after the doctype, else at the start (after a byte order mark).
 */
function newHeadEdit(html: string, scan: PreBodyScan, markup: (separator: string) => string): Edit {
  const at = scan.htmlStartTag?.end ?? scan.doctype?.end ?? (html.charCodeAt(0) === 0xfeff ? 1 : 0);
  const following = separatorOf(whitespaceAt(html, at));
  return { start: at, end: at, text: markup(/[\r\n]/.test(following) ? following : '') };
}
/**
 * The edits that remove `robotsNodes` (each with the whitespace before it, so no blank
 * lines pile up) and insert `tags` once, on lines indented like their neighbours.
 */
export function planRobotsEdits(
  html: string,
  scan: PreBodyScan,
  robotsNodes: readonly HeadNode[],
  tags: readonly RobotsMetaTag[],
): RobotsEditPlan {
  const edits: Edit[] = robotsNodes.map((node) => ({ start: node.whitespaceStart, end: node.end, text: '' }));
  if (tags.length === 0) return { edits, createsHead: false };
  const style = voidElementStyle(robotsNodes, scan.headNodes);
  const inHead = scan.headNodes.filter((node) => !node.afterHead);

  if (scan.headStartTag === undefined && inHead.length === 0) {
    edits.push(newHeadEdit(html, scan, (separator) => renderHeadWithRobotsTags(tags, separator, style)));
    return { edits, createsHead: true };
  }

  const removed = new Set(robotsNodes);
  const unclosed = inHead.findIndex((node) => !node.closed);
  const slot = Math.min(
    pickInsertionSlot(inHead.map((node) => (removed.has(node) ? 'robots' : headNodeRole(node)))),
    // Tags written after an element that runs to the end of input would land inside it.
    unclosed === -1 ? inHead.length : unclosed,
  );
  const next = inHead[slot];
  const last = inHead[inHead.length - 1];
  let at: number;
  let separator: string;
  if (next !== undefined) {
    at = next.whitespaceStart;
    separator = separatorBefore(html, next);
  } else if (last !== undefined) {
    at = last.end;
    separator = separatorBefore(html, last);
  } else {
    // An empty `<head></head>`: one level deeper than the line of `</head>`.
    at = scan.headStartTag!.end;
    separator = deeperSeparator(separatorOf(whitespaceAt(html, at)));
  }
  edits.push({ start: at, end: at, text: renderRobotsTags(tags, separator, style) });
  return { edits, createsHead: false };
}

function lowercaseNames(names: Iterable<string>): Set<string> {
  return new Set([...names].map((name) => name.trim().toLowerCase()));
}
function unchanged(html: string, diagnostics: HtmlDiagnostic[]): InjectRobotsResult {
  return { html, changed: false, diagnostics };
}
function internalError(error: unknown): HtmlDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return htmlDiagnostic('internal-error', `could not place the robots tags (${reason}); the page was left unchanged.`);
}
interface LocatedHead {
  scan: PreBodyScan;
  metas: NamedMeta[];
}
/** Finds the head and its `<meta name>` tags; never throws. */
function locateHead(html: string): LocatedHead | HtmlDiagnostic {
  try {
    const scan = scanPreBody(html);
    return { scan, metas: namedMetas(scan.headNodes) };
  } catch (error) {
    return internalError(error);
  }
}
/**
 * Replaces the robots `<meta>` tags in the head of a whole HTML page. Finds the existing
 * ones (any `<meta name>` that `isRobotsMetaName` accepts) with an HTML tokenizer run over
 * the part before the body only, passes them to `resolve`, removes them (and any tag
 * named like a key `resolve` returns), each with the whitespace before it, and inserts
 * one tag per name that `resolve` returns. Every other byte of the page is kept as it was.
 *
 * Placement: after `<meta charset>` and the viewport tag, else where the first old robots
 * tag was if no script precedes it, else before the first script, else at the end of the
 * head; a page without head gets one after `<html>` (or after the doctype). Each tag goes
 * on its own line, indented like its neighbours, with the page's line breaks; a page
 * written on one line gets them inline. Tags in the body, in `<noscript>` (read as text,
 * as browsers and crawlers that run scripts do) and in `<template>` are left alone.
 *
 * Non-HTML input is returned unchanged, with a diagnostic, without calling `resolve`; so are
 * fragments, unless `fragments: 'add-head'` says the fragment is a whole page (a layout-less
 * Markdown page), which then gets a `<head>` at its start. Never throws on any input; errors thrown by `resolve`, and a `RobotsError`
 * for a meta name it returns that is not a product token, propagate.
 */
export function injectRobots(html: string, resolve: ResolveRobotsTags, options: InjectRobotsOptions = {}): InjectRobotsResult {
  const located = locateHead(html);
  if (!('scan' in located)) return unchanged(html, [located]);
  const { scan, metas } = located;

  const kind = documentKind(html, scan);
  if (kind === 'not-html') {
    return unchanged(html, [htmlDiagnostic('not-html', 'not an HTML document (JSON, XML, plain text…); it was left unchanged.')]);
  }
  if (kind === 'fragment' && options.fragments !== 'add-head') {
    return unchanged(html, [
      htmlDiagnostic(
        'fragment',
        'an HTML fragment (no doctype, `<html>`, `<head>` or `<body>`): robots tags belong to whole pages, so it was left unchanged.',
      ),
    ]);
  }

  const diagnostics: HtmlDiagnostic[] = [];
  if (scan.ignoredHeadTags > 0) {
    diagnostics.push(
      htmlDiagnostic(
        'multiple-heads',
        `the page has ${scan.ignoredHeadTags + 1} \`<head>\` start tags; as in browsers, only the first opens the head and the elements of the others join it.`,
      ),
    );
  }

  const extraNames = lowercaseNames(options.extraNames ?? []);
  const existing: ExistingRobotsTag[] = metas
    .filter((meta) => isRobotsMetaName(meta.name, extraNames))
    .map((meta) => ({ name: meta.name, content: attributeValue(meta.tag, 'content') ?? '' }));
  const tags = validateRobotsTags(resolve(existing), { source: 'resolve()', key: 'tags' });

  const robotsNames = new Set([...extraNames, ...lowercaseNames(tags.map((tag) => tag.name))]);
  const robotsNodes = metas.filter((meta) => isRobotsMetaName(meta.name, robotsNames)).map((meta) => meta.node);
  if (tags.length === 0 && robotsNodes.length === 0) return unchanged(html, diagnostics);

  try {
    const plan = planRobotsEdits(html, scan, robotsNodes, tags);
    if (plan.createsHead) {
      diagnostics.push(htmlDiagnostic('no-head', 'the page has no `<head>`; one was created to hold the robots tags.'));
    }
    const output = applyEdits(html, plan.edits);
    return { html: output, changed: output !== html, diagnostics };
  } catch (error) {
    return unchanged(html, [...diagnostics, internalError(error)]);
  }
}

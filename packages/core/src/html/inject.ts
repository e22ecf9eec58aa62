/**
 * injectRobots: plans the edits (replace, remove, insert) from the scan and splices them in; bytes
 * outside the edited tags never change.
 */
import {
  type HeadChildRole,
  pickInsertionSlotOf,
  deeperSeparator,
  separatorOf,
  whitespaceAt,
  renderHeadWithRobotsTags,
  renderRobotsTags,
  type RobotsMetaTag,
  voidElementStyle,
  validateRobotsTags,
} from './render.js';
import { attributeValue, type HeadNodeFilter, type PreBodyScan, documentKind, scanPreBody } from './scan-head.js';
import { decodeAttributeValue, type MetaFacts } from './tag-reader.js';
import { closerAtEnd } from './end-of-input.js';
import { readUnscripted, type UnscriptedReading } from './noscript.js';
import { isRobotsMetaKey, isRobotsMetaName, metaNameKey } from '../directives/vocabulary.js';
import type { ExistingRobotsTag } from '../directives/types.js';
import {
  htmlDiagnostic,
  type HeadNode,
  type HtmlDiagnostic,
  type InjectRobotsOptions,
  type InjectRobotsResult,
  type ResolveRobotsTags,
  type StartTagToken,
  whitespaceBefore,
} from './types.js';

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
  // The common case of a page rendered on request: one insertion.
  if (edits.length === 1) return html.slice(0, edits[0]!.start) + edits[0]!.text + html.slice(edits[0]!.end);
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
  const httpEquiv = attributeValue(node.tag, 'http-equiv');
  if (httpEquiv !== undefined && metaNameKey(httpEquiv) === 'content-type') return 'charset';
  const name = attributeValue(node.tag, 'name');
  if (name !== undefined && metaNameKey(name) === 'viewport') return 'viewport';
  return 'other';
}

export interface RobotsEditPlan {
  edits: Edit[];
  /** The document had no head and the plan creates one. */
  createsHead: boolean;
  /** The document ends inside its doctype where no text can close it as the end does: no head can follow. */
  unplaceable?: boolean;
}
function separatorBefore(html: string, node: HeadNode): string {
  return separatorOf(html.slice(node.whitespaceStart, node.start));
}
/**
 * Where the tags go when the document has no head: a new `<head>` where the parser creates the
 * head, before the element, end tag or text that implies it (after `<html>`, the doctype and any
 * comments, which stay where they are), or at the end; after closing the comment or doctype the
 * input ends inside, as the end of input closes it. Undefined when no text closes it so.
 */
function newHeadEdit(html: string, scan: PreBodyScan, markup: (separator: string) => string): Edit | undefined {
  const at = scan.headImpliedAt;
  if (at === html.length && scan.cutOff !== undefined) {
    const closer = closerAtEnd(html, scan.cutOff);
    return closer === undefined ? undefined : { start: at, end: at, text: closer + markup('') };
  }
  const separator = separatorOf(html.slice(whitespaceBefore(html, at, 0), at));
  return { start: at, end: at, text: markup(/[\r\n]/.test(separator) ? separator : '') };
}
/** Each resolved tag's name → the first robots tag of that name the page had: the tag that takes its place. */
const NOTHING_REPLACED: ReadonlyMap<string, StartTagToken> = new Map();
function replacedTags(robotsNodes: readonly HeadNode[]): ReadonlyMap<string, StartTagToken> {
  if (robotsNodes.length === 0) return NOTHING_REPLACED;
  const replaced = new Map<string, StartTagToken>();
  for (let index = 0; index < robotsNodes.length; index++) {
    const node = robotsNodes[index]!;
    const value = node.tag === undefined ? undefined : attributeValue(node.tag, 'name');
    const name = value === undefined ? undefined : metaNameKey(value);
    if (name !== undefined && !replaced.has(name)) replaced.set(name, node.tag!);
  }
  return replaced;
}
/** Whether a comment or doctype follows the removed first elements of a head without `<head>`. */
function readBeforeHeadOnceRemoved(
  scan: PreBodyScan,
  inHead: readonly HeadNode[],
  robotsNodes: readonly HeadNode[],
): boolean {
  const removed = new Set(robotsNodes);
  const kept = inHead.find((node) => node.name !== '#comment' && !removed.has(node));
  const boundary = kept?.start ?? Infinity;
  if (scan.ignoredDoctype !== undefined && scan.ignoredDoctype < boundary) return true;
  return inHead.some((node) => node.name === '#comment' && node.start < boundary);
}
/**
 * The edits that remove `robotsNodes` (each with the whitespace before it, so no blank
 * lines pile up) and insert `tags` once, on lines indented like their neighbours. A tag that
 * replaces one of the same name keeps that one's other attributes (`id`, `data-*`…).
 */
export function planRobotsEdits(
  html: string,
  scan: PreBodyScan,
  robotsNodes: readonly HeadNode[],
  tags: readonly RobotsMetaTag[],
  unscripted: UnscriptedReading = { metas: [] },
): RobotsEditPlan {
  // Where crawlers without scripting read the page differently, the whitespace before a tag
  // may be body text to them: only the tag goes.
  const divergence = unscripted.divergence?.start ?? Infinity;
  const insideNoscript = unscripted.metas.length === 0 ? undefined : new Set(unscripted.metas);
  const edits: Edit[] = robotsNodes.map((node) => {
    const start = node.start >= divergence && !insideNoscript?.has(node) ? node.start : node.whitespaceStart;
    return { start, end: node.end, text: '' };
  });
  const inHead = scan.headNodes.some((node) => node.afterHead)
    ? scan.headNodes.filter((node) => !node.afterHead)
    : scan.headNodes;
  // A head without `<head>` starts at its first element. If that one goes, the tags take its
  // place, or else, when a comment or a doctype follows before the next element, a `<head>` does:
  // the parser would read them before the head.
  const removesHeadStart =
    scan.headStartTag === undefined && inHead[0] !== undefined && robotsNodes.includes(inHead[0]);
  if (tags.length === 0) {
    if (removesHeadStart && readBeforeHeadOnceRemoved(scan, inHead, robotsNodes))
      edits[robotsNodes.indexOf(inHead[0]!)]!.text = '<head>';
    return { edits, createsHead: false };
  }
  const style = voidElementStyle(robotsNodes, scan.headNodes, html);
  const replaced = replacedTags(robotsNodes);

  if (scan.headStartTag === undefined && inHead.length === 0) {
    const edit = newHeadEdit(html, scan, (separator) => renderHeadWithRobotsTags(tags, separator, style, replaced));
    if (edit === undefined) return { edits: [], createsHead: false, unplaceable: true };
    edits.push(edit);
    return { edits, createsHead: true };
  }

  // Few robots tags are compared one by one; many (hostile input) through a Set.
  const removedSet = robotsNodes.length > 8 ? new Set(robotsNodes) : undefined;
  const isRemoved = (node: HeadNode) => (removedSet === undefined ? robotsNodes.includes(node) : removedSet.has(node));
  // Tags written after an element that runs to the end of input would land inside it; after a
  // `<noscript>` that crawlers without scripting leave the head in, they would be in the body.
  let limit = inHead.findIndex((node) => !node.closed || node === unscripted.divergence);
  if (limit === -1) limit = inHead.length;
  let slot = Math.min(
    pickInsertionSlotOf(inHead.length, (index) =>
      isRemoved(inHead[index]!) ? 'robots' : headNodeRole(inHead[index]!),
    ),
    limit,
  );
  // Likewise, the tags take the place of a removed first element.
  if (removesHeadStart) slot = 0;
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
  edits.push({ start: at, end: at, text: renderRobotsTags(tags, separator, style, replaced) });
  return { edits, createsHead: false };
}

/**
 * Validated tags of frozen objects, by identity: a server's cached resolutions give every page
 * of a route the same frozen object, checked once. Other objects are checked on every call.
 */
const validated = new WeakMap<object, RobotsMetaTag[]>();
function validatedTags(tags: unknown): RobotsMetaTag[] {
  const frozen = typeof tags === 'object' && tags !== null && Object.isFrozen(tags);
  let result = frozen ? validated.get(tags) : undefined;
  if (result !== undefined) return result;
  if (!frozen && typeof tags === 'object' && tags !== null && sameAsLastValidated(tags)) return lastValidated!;
  result = validateRobotsTags(tags, { source: 'resolve()', key: 'tags' });
  for (const tag of result) Object.freeze(tag);
  Object.freeze(result);
  if (frozen) validated.set(tags, result);
  else lastValidated = result;
  return result;
}
/**
 * The last list validated from an object that is not frozen (a build resolves fresh objects, and
 * most pages of a site get the same tags): frozen, so that its rendered markup is kept too.
 */
let lastValidated: RobotsMetaTag[] | undefined;
/** Whether `tags` holds exactly the names and contents of the last list validated, in its order: valid, then. */
function sameAsLastValidated(tags: object): boolean {
  const last = lastValidated;
  if (last === undefined) return false;
  let count = 0;
  // `for…in` rather than `Object.entries`: no array per call. An inherited name is not compared: validated again.
  for (const name in tags) {
    if (!Object.hasOwn(tags, name)) return false;
    const tag = last[count++];
    if (tag === undefined || tag.name !== name || (tags as Record<string, unknown>)[name] !== tag.content) return false;
  }
  return count === last.length;
}
/** The names, trimmed and lowercased, added to `into` (a new Set by default). */
function lowercaseNames(names: Iterable<string>, into = new Set<string>()): Set<string> {
  for (const name of names) into.add(name.trim().toLowerCase());
  return into;
}
const NO_NAMES: ReadonlySet<string> = new Set();
/** The decoded `name` of a `<meta name>` head element; undefined for any other node. */
function metaName(node: HeadNode): string | undefined {
  return node.name === 'meta' && node.tag !== undefined ? attributeValue(node.tag, 'name') : undefined;
}
/** Whether one of the (few) resolved tags has the name `key` (through {@link metaNameKey}). */
function isTagName(key: string, tags: readonly RobotsMetaTag[]): boolean {
  for (let index = 0; index < tags.length; index++) if (metaNameKey(tags[index]!.name) === key) return true;
  return false;
}
function unchanged(html: string, diagnostics: HtmlDiagnostic[]): InjectRobotsResult {
  return { html, changed: false, diagnostics };
}
function internalError(error: unknown): HtmlDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return htmlDiagnostic('internal-error', `could not place the robots tags (${reason}); the page was left unchanged.`);
}
/**
 * The head nodes that planning reads: the `<meta>` elements that may be robots tags (named
 * `robots`, a known crawler or one of `robotsNames`) or that place them (an encoding
 * declaration, the viewport tag), each `<noscript>` and `<template>`, and the neighbours placing
 * tags reads ({@link HeadNodeFilter.placement}). Other elements and comments are read past.
 */
export function placementFilter(robotsNames: ReadonlySet<string> = NO_NAMES): PlacementFilter {
  return {
    names: PLANNED_ELEMENTS,
    placement: true,
    robotsNames,
    meta: (meta: MetaFacts) => {
      if (meta.hasCharset || meta.hasHttpEquiv) return true;
      if (meta.name === undefined) return false;
      const key = metaNameKey(meta.name.includes('&') ? decodeAttributeValue(meta.name) : meta.name);
      return key === 'viewport' || isRobotsMetaKey(key, robotsNames);
    },
  };
}
/** A {@link placementFilter}, with the names of robots tags beyond the known ones that it keeps. */
export interface PlacementFilter extends HeadNodeFilter {
  readonly robotsNames: ReadonlySet<string>;
}
const PLANNED_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'noscript', 'template']);
const DEFAULT_PLACEMENT = placementFilter();
/** The {@link placementFilter} for a page injected with `options` (its `extraNames`). */
export function placementFilterFor(options: InjectRobotsOptions): PlacementFilter {
  return options.extraNames === undefined || options.extraNames.size === 0
    ? DEFAULT_PLACEMENT
    : placementFilter(lowercaseNames(options.extraNames));
}
/** Whether the head was located keeping every `<meta>` named `key` (a meta name key). */
function keepsName(located: LocatedHead, key: string): boolean {
  const keep = located.keep;
  if (keep === undefined) return true;
  return 'robotsNames' in keep && isRobotsMetaKey(key, (keep as PlacementFilter).robotsNames);
}
/** Whether the head was located keeping every `<meta>` named one of `names` (meta name keys). */
function keepsNames(located: LocatedHead, names: ReadonlySet<string>): boolean {
  for (const key of names) if (!keepsName(located, key)) return false;
  return true;
}
/** {@link keepsNames} for the names of `tags`. */
function keepsTagNames(located: LocatedHead, tags: readonly RobotsMetaTag[]): boolean {
  for (let index = 0; index < tags.length; index++)
    if (!keepsName(located, metaNameKey(tags[index]!.name))) return false;
  return true;
}

/** The head of a page as planInjection reads it: located once, by injectRobotsStream too (it also tells it whether a prefix is final). */
export interface LocatedHead {
  scan: PreBodyScan;
  unscripted: UnscriptedReading;
  /**
   * The head's elements in source order, those that crawlers without scripting read in a
   * `<noscript>` included: its `<meta name>` are read from it (see {@link metaName}).
   */
  nodes: readonly HeadNode[];
  /** The filter the head was read with: undefined, every node. */
  keep?: HeadNodeFilter;
}
/**
 * Finds the head and its `<meta name>` tags, those that crawlers without scripting read in a
 * head `<noscript>` included; never throws. `keep`: only these head nodes are recorded (see
 * {@link HeadNodeFilter}; the audit's reader keeps those it reads); by default those planning
 * reads ({@link placementFilter}), so what is held is bounded by them, not by the head's size.
 */
export function locateHead(html: string, keep: HeadNodeFilter = DEFAULT_PLACEMENT): LocatedHead | HtmlDiagnostic {
  try {
    const scan = scanPreBody(html, { keep });
    if (scan.unreadable) return internalError(new Error(scan.unreadable.reason));
    const unscripted = readUnscripted(html, scan, scan.templateExtent, keep);
    const nodes =
      unscripted.metas.length === 0
        ? scan.headNodes
        : [...scan.headNodes, ...unscripted.metas].sort((a, b) => a.start - b.start);
    return { scan, unscripted, nodes, keep };
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
 * The page is read as the HTML spec's parser reads it (checked against parse5 on the html5lib
 * corpus): a robots tag counts when the parser puts it into the head, wherever it is written.
 * Crawlers that run no scripts read a head `<noscript>` as markup: robots tags inside it count
 * for them, so they are read and replaced too. Tags in the body and in `<template>` contents
 * are left alone. A replaced tag keeps its other attributes (`id`, `data-*`…).
 *
 * Placement: after `<meta charset>` and the viewport tag, else where the first old robots
 * tag was if no script precedes it, else before the first script, else at the end of the
 * head, and always where the parser still reads them into the head (before an element the
 * input ends inside, before a `<noscript>` that ends the head for crawlers without scripting).
 * A page without head gets one where the parser creates it: before the element or text that
 * implies it, after any comments. Each tag goes on its own line, indented like its neighbours,
 * with the page's line breaks; a page written on one line gets them inline.
 *
 * Non-HTML input is returned unchanged, with a diagnostic, without calling `resolve`; so are
 * fragments, unless `fragments: 'add-head'` says the fragment is a whole page (a layout-less
 * Markdown page), which then gets a `<head>` at its start. Never throws on any input; errors thrown by `resolve`, and a `RobotsError`
 * for a meta name it returns that is not a product token, propagate.
 */
export function injectRobots(
  html: string,
  resolve: ResolveRobotsTags,
  options: InjectRobotsOptions = {},
): InjectRobotsResult {
  return planInjection(html, resolve, options).result;
}

/** What injectRobots did to a page and why: for tests that check it against a spec parser. */
export interface Injection {
  result: InjectRobotsResult;
  /** What `resolve` received; undefined when the page was left alone without calling it. */
  existing?: ExistingRobotsTag[];
  /** The edits that turned the input into `result.html`. */
  edits: Edit[];
  /** `html` up to the end of the last edit (`end`), edited (`text`): what a stream sends in place of its first `end` characters. */
  head?: { end: number; text: string };
}
/**
 * injectRobots, with the existing tags it found and the edits it made. `located` is
 * `locateHead(html, placementFilterFor(options))` when the caller has it already (the stream
 * transform), so the head is read once; a head read without the metas of a name `resolve`
 * returns (a crawler neither known nor among `extraNames`) is read again, keeping them.
 */
export function planInjection(
  html: string,
  resolve: ResolveRobotsTags,
  options: InjectRobotsOptions = {},
  located: LocatedHead | HtmlDiagnostic = locateHead(html, placementFilterFor(options)),
): Injection {
  if (!('scan' in located)) return { result: unchanged(html, [located]), edits: [] };
  const extraNames =
    options.extraNames === undefined || options.extraNames.size === 0 ? NO_NAMES : lowercaseNames(options.extraNames);
  // A head read without the metas of the extra names is read again, with them.
  if (!keepsNames(located, extraNames)) located = locateHead(html, placementFilter(extraNames));
  if (!('scan' in located)) return { result: unchanged(html, [located]), edits: [] };
  const { scan } = located;
  let { nodes } = located;

  const kind = documentKind(html, scan);
  if (kind === 'not-html') {
    return {
      result: unchanged(html, [
        htmlDiagnostic('not-html', 'not an HTML document (JSON, XML, plain text…); it was left unchanged.'),
      ]),
      edits: [],
    };
  }
  if (kind === 'fragment' && options.fragments !== 'add-head') {
    return {
      result: unchanged(html, [
        htmlDiagnostic(
          'fragment',
          'an HTML fragment (no doctype, `<html>`, `<head>` or `<body>`): robots tags belong to whole pages, so it was left unchanged.',
        ),
      ]),
      edits: [],
    };
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

  // Loops rather than filter/map chains and sets made only when there are names to hold: this
  // runs on every request of a server.
  const existing: ExistingRobotsTag[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    const name = metaName(node);
    if (name !== undefined && isRobotsMetaName(name, extraNames))
      existing.push({ name, content: attributeValue(node.tag!, 'content') ?? '' });
  }
  const tags = validatedTags(resolve(existing));
  let planned = located;
  if (!keepsTagNames(located, tags)) {
    // `resolve` named a crawler the head was read without: its metas are replaced too, so the
    // head is read again keeping them (what `resolve` received stays as it was).
    const names = new Set(extraNames);
    for (const tag of tags) names.add(metaNameKey(tag.name));
    const again = locateHead(html, placementFilter(names));
    if (!('scan' in again)) return { result: unchanged(html, [...diagnostics, again]), existing, edits: [] };
    planned = again;
    nodes = again.nodes;
  }

  // The names resolve returned are robots names too: compared one by one when there are few.
  let robotsNames = extraNames;
  if (tags.length > 8) {
    const names = new Set(extraNames);
    for (let index = 0; index < tags.length; index++) names.add(metaNameKey(tags[index]!.name));
    robotsNames = names;
  }
  const robotsNodes: HeadNode[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    const name = metaName(node);
    if (name === undefined) continue;
    const key = metaNameKey(name);
    if (isRobotsMetaKey(key, robotsNames) || (robotsNames === extraNames && isTagName(key, tags)))
      robotsNodes.push(node);
  }
  if (tags.length === 0 && robotsNodes.length === 0)
    return { result: unchanged(html, diagnostics), existing, edits: [] };

  try {
    const plan = planRobotsEdits(html, planned.scan, robotsNodes, tags, planned.unscripted);
    if (plan.unplaceable) {
      diagnostics.push(
        htmlDiagnostic(
          'unterminated-doctype',
          'the page ends inside its doctype, after the system identifier: a head written after it would take the page out of quirks mode, so it was left unchanged.',
        ),
      );
      return { result: unchanged(html, diagnostics), existing, edits: [] };
    }
    if (plan.createsHead) {
      diagnostics.push(htmlDiagnostic('no-head', 'the page has no `<head>`; one was created to hold the robots tags.'));
    }
    // Only the part up to the last edit is built and compared: the rest of the page is the same string.
    let editedTo = 0;
    let lengthChange = 0;
    for (let index = 0; index < plan.edits.length; index++) {
      const edit = plan.edits[index]!;
      if (edit.end > editedTo) editedTo = edit.end;
      lengthChange += edit.text.length - (edit.end - edit.start);
    }
    const head = applyEdits(html.slice(0, editedTo), plan.edits);
    // Edits that change the length change the page; others (a tag replaced by the same tag) are
    // compared, which copies the edited head into one string: rare.
    const changed = lengthChange !== 0 || head !== html.slice(0, editedTo);
    return {
      result: { html: changed ? head + html.slice(editedTo) : html, changed, diagnostics },
      existing,
      edits: plan.edits,
      head: { end: editedTo, text: head },
    };
  } catch (error) {
    return { result: unchanged(html, [...diagnostics, internalError(error)]), existing, edits: [] };
  }
}

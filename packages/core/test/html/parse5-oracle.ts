/**
 * The oracle of the differential tests: what a spec-compliant parser (parse5) makes of a document,
 * and the checks that compare injectRobots' input and output through it.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { isRobotsMetaName } from '../../src/directives/vocabulary.js';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import type { Edit } from '../../src/html/inject.js';

type Node = DefaultTreeAdapterMap['node'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
export type Element = DefaultTreeAdapterMap['element'];
export type Document = DefaultTreeAdapterMap['document'];

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const BOM = '\uFEFF';

/** A parsed document and the offset its locations are shifted by (a leading byte order mark is not part of it, as in browsers). */
export interface Parsed {
  document: Document;
  shift: number;
}
/**
 * Parses like a browser that decoded the bytes: a leading byte order mark is dropped by the decoder,
 * so parse5 sees what follows it. `scripting: false` is a crawler that does not run scripts.
 */
export function parseDocument(html: string, scripting = true): Parsed {
  const shift = html.startsWith(BOM) ? 1 : 0;
  return { document: parse(html.slice(shift), { sourceCodeLocationInfo: true, scriptingEnabled: scripting }), shift };
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}
function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((candidate) => candidate.name === name && candidate.namespace === undefined)?.value;
}
function htmlElement(document: Document): Element {
  return document.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'html')!;
}
export function headOf(document: Document): Element {
  return htmlElement(document).childNodes.find((node): node is Element => isElement(node) && node.tagName === 'head')!;
}

/** A `<meta name>` that is a robots tag for these names. */
export function isRobotsMeta(node: Node, names: ReadonlySet<string>): node is Element {
  if (!isElement(node) || node.tagName !== 'meta' || node.namespaceURI !== HTML_NAMESPACE) return false;
  const name = attribute(node, 'name');
  return name !== undefined && isRobotsMetaName(name, names);
}

/**
 * The robots metas of the head: its children, and, for a parser without scripting, the children of
 * its `<noscript>` elements too. Never template contents.
 */
export function headRobotsMetas(document: Document, names: ReadonlySet<string>): Element[] {
  const found: Element[] = [];
  for (const child of headOf(document).childNodes) {
    if (isRobotsMeta(child, names)) found.push(child);
    else if (isElement(child) && child.tagName === 'noscript')
      found.push(...child.childNodes.filter((node) => isRobotsMeta(node, names)));
  }
  return found;
}
export function asExistingTag(meta: Element): ExistingRobotsTag {
  return { name: attribute(meta, 'name')!, content: attribute(meta, 'content') ?? '' };
}
/** Where an element is in the source the parser read (a byte order mark included). */
export function sourceSpan(element: Element, parsed: Parsed): { start: number; end: number } {
  const location = element.sourceCodeLocation!;
  return { start: location.startOffset + parsed.shift, end: location.endOffset + parsed.shift };
}

const isWhitespaceText = (node: Node): boolean =>
  node.nodeName === '#text' && /^[\t\n\f\r ]*$/.test((node as { value: string }).value);
/** Every robots meta of the document outside template contents: those of the body too. */
export function allRobotsMetas(document: Document, names: ReadonlySet<string>): Element[] {
  const found: Element[] = [];
  const visit = (parent: ParentNode) => {
    for (const node of parent.childNodes) {
      if (isRobotsMeta(node, names)) found.push(node);
      else if (isElement(node)) visit(node);
    }
  };
  visit(document);
  return found;
}

/**
 * The tree as text, one node per line, html5lib style, with the document mode. Robots metas of
 * the head are left out (with scripting off, all robots metas: a `<noscript>` that ends the head
 * for such a crawler leaves the page's later robots tags in its body), and so is the whitespace
 * between the elements of `<html>` and `<head>`: the transform removes each tag with the
 * whitespace before it. A `<noscript>` of the head is shown without its text when scripting is
 * on: the transform may cut robots tags out of it.
 */
export function canonicalTree(parsed: Parsed, dropRobots: ReadonlySet<string>, scripting: boolean): string {
  const lines = [`mode: ${parsed.document.mode}`];
  const root = htmlElement(parsed.document);
  const head = headOf(parsed.document);
  const dropped = new Set(
    scripting ? headRobotsMetas(parsed.document, dropRobots) : allRobotsMetas(parsed.document, dropRobots),
  );
  /** `whitespace`: whitespace-only text is left out among these children. */
  const visit = (parent: ParentNode, depth: number, whitespace: boolean): void => {
    const indent = '  '.repeat(depth);
    let text: string | undefined;
    const flush = () => {
      if (text !== undefined) lines.push(`${indent}"${JSON.stringify(text).slice(1, -1)}"`);
      text = undefined;
    };
    for (const node of parent.childNodes) {
      if (dropped.has(node as Element)) continue;
      if (node.nodeName === '#text') {
        if (whitespace && isWhitespaceText(node)) continue;
        text = (text ?? '') + (node as { value: string }).value;
        continue;
      }
      flush();
      if (node.nodeName === '#comment')
        lines.push(`${indent}<!-- ${JSON.stringify((node as { data: string }).data)} -->`);
      else if (node.nodeName === '#documentType') {
        const doctype = node as unknown as { name: string; publicId: string; systemId: string };
        lines.push(`${indent}<!DOCTYPE ${JSON.stringify([doctype.name, doctype.publicId, doctype.systemId])}>`);
      } else if (isElement(node)) {
        const namespace = node.namespaceURI === HTML_NAMESPACE ? '' : `${node.namespaceURI.split('/').pop()} `;
        const attrs = node.attrs
          .map((attr) => ` ${attr.prefix ? `${attr.prefix}:` : ''}${attr.name}=${JSON.stringify(attr.value)}`)
          .join('');
        lines.push(`${indent}<${namespace}${node.tagName}${attrs}>`);
        const headNoscript = parent === head && node.tagName === 'noscript';
        if (headNoscript && scripting) {
          lines.push(`${indent}  (noscript text)`);
          continue;
        }
        if (node.tagName === 'template' && 'content' in node) {
          lines.push(`${indent}  content`);
          visit((node as { content: ParentNode }).content, depth + 2, false);
        }
        visit(node, depth + 1, node === head || node === root || headNoscript);
      }
    }
    flush();
  };
  visit(parsed.document, 0, false);
  return lines.join('\n');
}

/** A failed check: which one and why. */
export interface Disagreement {
  check: string;
  detail: string;
}
export interface Transform {
  input: string;
  output: string;
  /** What resolve() received; undefined when the document was left alone before resolving. */
  existing: ExistingRobotsTag[] | undefined;
  /** The tags resolve() returned. */
  tags: Record<string, string>;
  edits: readonly Edit[];
  extraNames: ReadonlySet<string>;
  /** The transform refused to place the tags (a diagnostic says why): check (1) does not apply. */
  refused?: boolean;
}
const show = (tags: readonly ExistingRobotsTag[]) => JSON.stringify(tags.map((tag) => [tag.name, tag.content]));
const mayHaveNoscript = (html: string) => /noscript/i.test(html);

/**
 * The robots metas of the input's head as crawlers read them, in source order: the head's own
 * (scripting on), and those that a parser without scripting puts into the head from the text of
 * a head `<noscript>` (inside it, or after an element that ended it).
 */
export function expectedExisting(
  input: string,
  names: ReadonlySet<string>,
): Array<{ tag: ExistingRobotsTag; start: number; end: number }> {
  const scripted = parseDocument(input, true);
  const metas = headRobotsMetas(scripted.document, names).map((meta) => ({
    tag: asExistingTag(meta),
    ...sourceSpan(meta, scripted),
  }));
  if (mayHaveNoscript(input)) {
    const texts = headOf(scripted.document)
      .childNodes.filter((node): node is Element => isElement(node) && node.tagName === 'noscript')
      .map((noscript) => {
        const location = noscript.sourceCodeLocation!;
        // parse5 leaves the end of an element the input ends inside at its start tag.
        return {
          start: location.startTag!.endOffset + scripted.shift,
          end: location.endTag ? location.endTag.startOffset + scripted.shift : input.length,
        };
      });
    const unscripted = parseDocument(input, false);
    for (const meta of headRobotsMetas(unscripted.document, names)) {
      const span = sourceSpan(meta, unscripted);
      if (texts.some((text) => text.start <= span.start && span.end <= text.end))
        metas.push({ tag: asExistingTag(meta), ...span });
    }
  }
  return metas.sort((a, b) => a.start - b.start);
}

/**
 * The differential checks of one transform; empty when they all hold:
 * (1) the resolved tags are children of the output's `<head>`, one per name, and no other robots
 *     meta is left in the head (nor in a head `<noscript>`, for crawlers without scripting);
 * (2) with the robots metas of the head removed from both trees, the trees (and document modes)
 *     are identical, with scripting on and, when the page has a `<noscript>`, off;
 * (3) the tags reported as existing are exactly the robots metas parse5 puts in the input's head;
 * (4) the output is the input with the edits applied, and each removal takes one robots meta of
 *     the head and the whitespace before it, nothing else.
 */
export function disagreements(transform: Transform): Disagreement[] {
  const { input, output, existing, tags, edits, extraNames } = transform;
  const found: Disagreement[] = [];
  const resolvedNames = new Set(Object.keys(tags).map((name) => name.toLowerCase()));
  const robotsNames = new Set([...extraNames, ...resolvedNames]);
  const modes = mayHaveNoscript(input) || mayHaveNoscript(output) ? [true, false] : [true];

  for (const scripting of modes) {
    const view = scripting ? '' : ' (scripting off)';
    const before = parseDocument(input, scripting);
    const after = parseDocument(output, scripting);
    if (existing !== undefined && !transform.refused) {
      // (1)
      const placed = headRobotsMetas(after.document, robotsNames).map(asExistingTag);
      const expected = Object.entries(tags).map(([name, content]) => ({ name, content }));
      if (!scripting) expected.push(...conflictingRobotsMetas(input, before, robotsNames).map(asExistingTag));
      const sort = (list: ExistingRobotsTag[]) => show([...list].sort((a, b) => (a.name < b.name ? -1 : 1)));
      if (sort(placed) !== sort(expected))
        found.push({
          check: `1 placed${view}`,
          detail: `head robots metas ${show(placed)}, expected ${show(expected)}`,
        });
    }
    // (2)
    const treeBefore = canonicalTree(before, robotsNames, scripting);
    const treeAfter = canonicalTree(after, robotsNames, scripting);
    if (treeBefore !== treeAfter) {
      if (!scripting && readingsConflict(transform, before, robotsNames)) waivers.readingsConflict++;
      else found.push({ check: `2 tree${view}`, detail: firstDifference(treeBefore, treeAfter) });
    }
  }
  // (3)
  if (existing !== undefined) {
    const reported = expectedExisting(input, extraNames).map((meta) => meta.tag);
    if (show(reported) !== show(existing))
      found.push({ check: '3 existing', detail: `scanner reported ${show(existing)}, parse5 has ${show(reported)}` });
  }
  // (4)
  const spliced = applyEditsForCheck(input, edits);
  if (spliced !== output)
    found.push({ check: '4 edits', detail: 'the output is not the input with the reported edits applied' });
  const metaStarts = new Map(expectedExisting(input, robotsNames).map((meta) => [meta.end, meta.start]));
  for (const edit of edits) {
    if (edit.start === edit.end) continue;
    const metaStart = metaStarts.get(edit.end);
    const ok =
      metaStart !== undefined && metaStart >= edit.start && /^[\t\n\f\r ]*$/.test(input.slice(edit.start, metaStart));
    if (!ok)
      found.push({
        check: '4 edits',
        detail: `removal ${JSON.stringify(input.slice(edit.start, edit.end))} is not whitespace and one robots meta of the head`,
      });
  }
  return found;
}

/** How often check (2) without scripting was waived because the two readings conflict (see readingsConflict). */
export const waivers = { readingsConflict: 0 };

/**
 * Whether a removed robots tag of the head (as browsers read the page) is not in the head for a
 * parser without scripting: it reads it in the body (`<noscript><img></noscript><meta …>`, where
 * removing it can even move what follows out of an `<svg>`) or as text
 * (`<noscript><noframes></noscript><meta …></noframes>`). No edit keeps both readings then, and
 * the browsers' reading wins.
 */
export function readingsConflict(transform: Transform, unscripted: Parsed, names: ReadonlySet<string>): boolean {
  const inHead = new Set(headRobotsMetas(unscripted.document, names).map((meta) => sourceSpan(meta, unscripted).start));
  const removed = new Set(transform.edits.filter((edit) => edit.start < edit.end).map((edit) => edit.end));
  return expectedExisting(transform.input, names).some((meta) => removed.has(meta.end) && !inHead.has(meta.start));
}

/**
 * Robots metas that a parser without scripting puts into the head where browsers read body
 * content or text (`<noscript><!-- </noscript> --><meta name=robots …>`): editing them would
 * change the page for browsers, so they stay, and that crawler reads them beside the page's tags.
 */
function conflictingRobotsMetas(input: string, unscripted: Parsed, names: ReadonlySet<string>): Element[] {
  const read = new Set(expectedExisting(input, names).map((meta) => meta.start));
  return headRobotsMetas(unscripted.document, names).filter((meta) => !read.has(sourceSpan(meta, unscripted).start));
}

function applyEditsForCheck(html: string, edits: readonly Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  let result = '';
  let cursor = 0;
  for (const edit of ordered) {
    if (edit.start < cursor) return '(overlapping edits)';
    result += html.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return result + html.slice(cursor);
}

function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const at = left.findIndex((line, index) => line !== right[index]);
  const line = at === -1 ? left.length : at;
  return `line ${line}: before ${JSON.stringify(left.slice(Math.max(0, line - 2), line + 3))} after ${JSON.stringify(right.slice(Math.max(0, line - 2), line + 3))}`;
}

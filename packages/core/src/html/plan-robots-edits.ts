import type { Edit } from './apply-edits.js';
import { headNodeRole } from './head-node-role.js';
import { pickInsertionSlot } from './insertion-slot.js';
import { deeperSeparator, separatorOf, whitespaceAt } from './layout.js';
import type { HeadNode, PreBodyScan } from './pre-body-scan.js';
import { renderHeadWithRobotsTags, renderRobotsTags } from './render-robots-markup.js';
import type { RobotsMetaTag } from './robots-meta-tag.js';
import { voidElementStyle } from './void-element-style.js';

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

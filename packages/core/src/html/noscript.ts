/**
 * The page as crawlers that run no scripts read it. Browsers, and crawlers that render pages,
 * run scripts: for them a `<noscript>` holds text, and the head goes on after it. A parser
 * without scripting reads its contents as markup ("in head noscript" insertion mode): `<meta>`,
 * `<link>`, `<style>` and comments stay inside, anything else ends the `<noscript>` (a
 * `<title>` or `<template>` then goes into the head) and may end the head (an `<img>` tracking
 * pixel, text). The robots metas such a crawler finds in the head within a `<noscript>`'s text
 * count for it, so they are robots tags of the page: read, merged and replaced like the others.
 * Where the two readings part, the page's tags must be written before that point.
 */
import { type HeadNodeFilter, scanPreBody, type PreBodyScan } from './scan-head.js';
import type { TemplateExtent } from './template-contents.js';
import { findRawTextEnd } from './tokenizer.js';
import type { HeadNode } from './types.js';

/** What a crawler without scripting reads differently from browsers, before the body. */
export interface UnscriptedReading {
  /**
   * The `<meta>` elements it reads in the head where browsers read the text of a head
   * `<noscript>`, in source order.
   */
  metas: HeadNode[];
  /**
   * The first element of the head (as browsers read it) that it does not read alike (a
   * `<noscript>` it leaves the head in, or whose end it reads elsewhere; a `<template>` it ends
   * elsewhere): tags written before it are in the head for both. Undefined when they agree.
   */
  divergence?: HeadNode;
}
const AGREE: UnscriptedReading = { metas: [] };

/**
 * Compares the page as browsers read it (`scan`) with the reading without scripting. Only a
 * `<noscript>` start tag in the head or in a head template can make them differ before the
 * body; pages without one are not read twice. `keep`: the filter `scan` was made with (it must
 * keep `noscript`): the second reading keeps the same nodes, and they alone are compared.
 */
export function readUnscripted(
  html: string,
  scan: PreBodyScan,
  templateExtent: TemplateExtent | undefined = scan.templateExtent,
  keep?: HeadNodeFilter,
): UnscriptedReading {
  if (!scan.hasNoscript) return AGREE;
  const unscripted = scanPreBody(html, { scripting: false, templateExtent, keep });
  const alike = new Map(unscripted.headNodes.filter((node) => !node.inNoscript).map((node) => [node.start, node]));
  const divergence = scan.headNodes.find((node) => {
    const other = alike.get(node.start);
    return other === undefined || other.name !== node.name || other.end !== node.end || other.closed !== node.closed;
  });
  // The text of each head `<noscript>`, as browsers read it.
  const texts = scan.headNodes
    .filter((node) => node.name === 'noscript')
    .map((node) => ({ start: node.tag!.end, end: findRawTextEnd(html, node.tag!.end, 'noscript') }));
  // Both lists are in source order: one pass over each.
  const metas: HeadNode[] = [];
  let text = 0;
  for (const node of unscripted.headNodes) {
    if (node.name !== 'meta') continue;
    while (text < texts.length && texts[text]!.end < node.end) text++;
    if (text === texts.length) break;
    if (texts[text]!.start <= node.start) metas.push(node);
  }
  return divergence === undefined ? { metas } : { metas, divergence };
}

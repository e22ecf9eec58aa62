/** rehypeRobots: the same result as injectRobots for a unified/rehype pipeline. */
import type { Element, Properties, ElementContent, Root, RootContent, Text } from 'hast';
import { type HeadChildRole, pickInsertionSlot, deeperSeparator, separatorOf, type RobotsMetaTag, robotsMetaElement, validateRobotsTags } from './render.js';
import { isRobotsMetaName } from '../directives/vocabulary.js';
import { RobotsError } from '../errors.js';

/** A hast property as text: strings as they are, lists joined by spaces. */
export function propertyText(properties: Properties, name: string): string | undefined {
  const value = properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.join(' ') : String(value);
}
/** The role of a hast head element that is not a robots tag. */
export function hastHeadRole(element: Element): HeadChildRole {
  if (element.tagName === 'script') return 'script';
  if (element.tagName !== 'meta') return 'other';
  if (propertyText(element.properties, 'charSet') !== undefined) return 'charset';
  if (propertyText(element.properties, 'httpEquiv')?.trim().toLowerCase() === 'content-type') return 'charset';
  if (propertyText(element.properties, 'name')?.trim().toLowerCase() === 'viewport') return 'viewport';
  return 'other';
}

export interface RehypeRobotsOptions {
  /**
   * Meta name → content of the robots tags the page must carry, e.g.
   * `{ robots: 'noindex, follow' }`. Required; `{}` removes every robots tag.
   */
  tags: Record<string, string>;
  /**
   * Further meta names (lowercase) whose tags are robots tags and get removed. Default:
   * none; `robots`, the known crawler names and the keys of `tags` always count.
   */
  extraNames?: ReadonlySet<string>;
}
const ORIGIN = { source: 'rehypeRobots options', key: 'tags' };
function isWhitespaceText(node: RootContent | undefined): node is Text {
  return node?.type === 'text' && /^[\t\n\f\r ]*$/.test(node.value);
}
function findElement(nodes: readonly RootContent[], tagName: string): Element | undefined {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (node.tagName === tagName) return node;
    const found = findElement(node.children, tagName);
    if (found) return found;
  }
  return undefined;
}
function readExtraNames(extraNames: unknown): Set<string> {
  if (extraNames === undefined) return new Set();
  if (!(extraNames instanceof Set) || [...extraNames].some((name) => typeof name !== 'string')) {
    throw new RobotsError({
      code: 'invalid-extra-names',
      source: 'rehypeRobots options',
      key: 'extraNames',
      value: extraNames instanceof Set ? [...extraNames] : extraNames,
      problem: 'extraNames must be a Set of meta names, not',
      expected: "e.g. `new Set(['my-crawler'])`",
    });
  }
  return new Set([...(extraNames as Set<string>)].map((name) => name.trim().toLowerCase()));
}
function text(value: string): Text {
  return { type: 'text', value };
}
/** The new children of `head`: robots tags removed (with the whitespace before each) and `tags` placed once. */
function rebuildHead(head: Element, tags: readonly RobotsMetaTag[], isRobots: (node: RootContent) => boolean): ElementContent[] {
  const children = head.children;
  const significant = children.flatMap((node, index) => (node.type === 'element' || node.type === 'comment' ? [index] : []));
  const removed = new Set<number>();
  for (const index of significant) {
    if (!isRobots(children[index]!)) continue;
    removed.add(index);
    if (isWhitespaceText(children[index - 1])) removed.add(index - 1);
  }
  const slot = pickInsertionSlot(
    significant.map((index) => {
      const node = children[index]!;
      if (removed.has(index)) return 'robots';
      return node.type === 'element' ? hastHeadRole(node) : 'other';
    }),
  );

  let insertAt: number;
  let separator: string;
  const before = (index: number): string => {
    const previous = children[index - 1];
    return isWhitespaceText(previous) ? separatorOf(previous.value) : '';
  };
  const next = significant[slot];
  const last = significant[significant.length - 1];
  if (next !== undefined) {
    insertAt = isWhitespaceText(children[next - 1]) ? next - 1 : next;
    separator = before(next);
  } else if (last !== undefined) {
    insertAt = last + 1;
    separator = before(last);
  } else {
    insertAt = 0;
    const first = children[0];
    separator = deeperSeparator(isWhitespaceText(first) ? separatorOf(first.value) : '');
  }
  const inserted = tags.flatMap((tag) => [...(separator === '' ? [] : [text(separator)]), robotsMetaElement(tag)]);

  const rebuilt: ElementContent[] = [];
  children.forEach((node, index) => {
    if (index === insertAt) rebuilt.push(...inserted);
    if (!removed.has(index)) rebuilt.push(node);
  });
  if (insertAt >= children.length) rebuilt.push(...inserted);
  return rebuilt;
}
/**
 * A unified plugin for rehype pipelines: among the children of the document's `<head>`
 * it removes every robots `<meta name>` (`robots`, a known crawler, a name in
 * `extraNames` or a key of `tags`, in any case) and inserts one `<meta name content>`
 * per entry of `tags`, after `<meta charset>` and the viewport tag and before the first
 * script. Like `injectRobots`, it leaves `<noscript>` and `<template>` contents alone.
 * A tree without `<head>` gets one when it has `<html>`; a fragment is left alone.
 */
export function rehypeRobots(options: RehypeRobotsOptions): (tree: Root) => undefined {
  if (typeof options !== 'object' || options === null) {
    throw new RobotsError({
      code: 'invalid-options',
      source: 'rehypeRobots options',
      value: options,
      problem: 'options must be an object, not',
      expected: "e.g. `{ tags: { robots: 'noindex' } }`",
    });
  }
  const tags = validateRobotsTags(options.tags, ORIGIN);
  const names = new Set([...readExtraNames(options.extraNames), ...tags.map((tag) => tag.name.toLowerCase())]);
  const isRobots = (node: RootContent): boolean => {
    if (node.type !== 'element' || node.tagName !== 'meta') return false;
    const name = propertyText(node.properties, 'name');
    return name !== undefined && isRobotsMetaName(name, names);
  };

  return (tree) => {
    let head = findElement(tree.children, 'head');
    if (head === undefined) {
      const html = findElement(tree.children, 'html');
      if (html === undefined || tags.length === 0) return undefined;
      head = { type: 'element', tagName: 'head', properties: {}, children: [] };
      html.children.unshift(head);
    }
    head.children = rebuildHead(head, tags, isRobots);
    return undefined;
  };
}

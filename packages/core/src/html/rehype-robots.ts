/** rehypeRobots: the same result as injectRobots for a unified/rehype pipeline. */
import type { Element, Properties, ElementContent, Root, RootContent, Text } from 'hast';
import {
  type HeadChildRole,
  pickInsertionSlot,
  deeperSeparator,
  separatorOf,
  type RobotsMetaTag,
  robotsMetaElement,
  validateRobotsTags,
} from './render.js';
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
function rebuildHead(
  head: Element,
  tags: readonly RobotsMetaTag[],
  isRobots: (node: RootContent) => boolean,
): ElementContent[] {
  const children = head.children;
  const significant = children.flatMap((node, index) =>
    node.type === 'element' || node.type === 'comment' ? [index] : [],
  );
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
  // A tag that replaces one of its name keeps that one's other attributes, as injectRobots does.
  const replaced = new Map<string, Element>();
  for (const index of removed) {
    const node = children[index]!;
    const name = node.type === 'element' ? propertyText(node.properties, 'name')?.trim().toLowerCase() : undefined;
    if (name !== undefined && !replaced.has(name)) replaced.set(name, node as Element);
  }
  const inserted = tags.flatMap((tag) => {
    const previous = replaced.get(tag.name.toLowerCase());
    const element: Element = previous
      ? {
          type: 'element',
          tagName: 'meta',
          properties: { ...previous.properties, name: tag.name, content: tag.content },
          children: [],
        }
      : robotsMetaElement(tag);
    return [...(separator === '' ? [] : [text(separator)]), element];
  });

  const rebuilt: ElementContent[] = [];
  children.forEach((node, index) => {
    if (index === insertAt) rebuilt.push(...inserted);
    if (removed.has(index)) return;
    if (node.type === 'element' && node.tagName === 'noscript') removeRobotsChildren(node, isRobots);
    rebuilt.push(node);
  });
  if (insertAt >= children.length) rebuilt.push(...inserted);
  return rebuilt;
}
/**
 * A head `<noscript>` parsed without scripting (as rehype-parse does) holds elements: its robots
 * tags count for crawlers that run no scripts, and go, as injectRobots removes them.
 */
function removeRobotsChildren(noscript: Element, isRobots: (node: RootContent) => boolean): void {
  const kept: ElementContent[] = [];
  for (const node of noscript.children) {
    if (!isRobots(node)) kept.push(node);
    else if (isWhitespaceText(kept[kept.length - 1])) kept.pop();
  }
  noscript.children = kept;
}
/**
 * A unified plugin for rehype pipelines: among the children of the document's `<head>`
 * it removes every robots `<meta name>` (`robots`, a known crawler, a name in
 * `extraNames` or a key of `tags`, in any case) and inserts one `<meta name content>`
 * per entry of `tags`, after `<meta charset>` and the viewport tag and before the first
 * script. Like `injectRobots`, it also removes the robots tags of a head `<noscript>` (crawlers
 * without scripting read them) and leaves `<template>` contents alone; a replaced tag keeps its
 * other attributes.
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

import type { Element, Root, Text } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { deeperSeparator } from './layout.js';
import type { SelfClosingStyle } from './markup-token.js';
import type { RobotsMetaTag } from './robots-meta-tag.js';
import { robotsMetaElement } from './robots-meta-element.js';

function text(value: string): Text {
  return { type: 'text', value };
}

function render(root: Root, style: SelfClosingStyle): string {
  return toHtml(root, { closeSelfClosing: style !== 'none', tightSelfClosing: style === 'tight' });
}

/** `separator` + tag for each tag, serialized (and so escaped) by hast-util-to-html. */
function separatedTags(tags: readonly RobotsMetaTag[], separator: string): Array<Element | Text> {
  return tags.flatMap((tag) => (separator === '' ? [robotsMetaElement(tag)] : [text(separator), robotsMetaElement(tag)]));
}

/**
 * The markup for the robots tags, each on its own line introduced by `separator`
 * (or inline when it is empty), with void elements in the page's style
 * (`<meta …>`, `<meta … />` or `<meta …/>`).
 */
export function renderRobotsTags(tags: readonly RobotsMetaTag[], separator: string, style: SelfClosingStyle): string {
  return render({ type: 'root', children: separatedTags(tags, separator) }, style);
}

/** A new `<head>` holding the robots tags, one level deeper than `separator` indents it. */
export function renderHeadWithRobotsTags(tags: readonly RobotsMetaTag[], separator: string, style: SelfClosingStyle): string {
  const inner = deeperSeparator(separator);
  const head: Element = {
    type: 'element',
    tagName: 'head',
    properties: {},
    children: [...separatedTags(tags, inner), ...(inner === '' ? [] : [text(separator)])],
  };
  return render({ type: 'root', children: [...(separator === '' ? [] : [text(separator)]), head] }, style);
}

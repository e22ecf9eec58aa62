import type { Element } from 'hast';
import type { RobotsMetaTag } from './robots-meta-tag.js';

export function robotsMetaElement(tag: RobotsMetaTag): Element {
  return { type: 'element', tagName: 'meta', properties: { name: tag.name, content: tag.content }, children: [] };
}

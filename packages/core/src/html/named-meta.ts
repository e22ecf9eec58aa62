import { attributeValue } from './meta-attributes.js';
import type { HeadNode } from './pre-body-scan.js';

/** A `<meta name>` of the head with its decoded name and content. */
export interface NamedMeta {
  node: HeadNode;
  /** As written (decoded), not trimmed or lowercased. */
  name: string;
  /** Empty when the tag has no `content` attribute. */
  content: string;
}

/** Every `<meta>` with a `name` attribute among the head's elements. */
export function namedMetas(nodes: readonly HeadNode[]): NamedMeta[] {
  const metas: NamedMeta[] = [];
  for (const node of nodes) {
    if (node.name !== 'meta' || node.tag === undefined) continue;
    const name = attributeValue(node.tag, 'name');
    if (name === undefined) continue;
    metas.push({ node, name, content: attributeValue(node.tag, 'content') ?? '' });
  }
  return metas;
}

import type { StartTagToken } from './markup-token.js';
import { attributeValue } from './meta-attributes.js';
import type { HeadNode } from './pre-body-scan.js';

/** A `<meta name>` of the head. */
export interface NamedMeta {
  node: HeadNode;
  tag: StartTagToken;
  /** Decoded, as written: not trimmed or lowercased. */
  name: string;
}

/** Every `<meta>` with a `name` attribute among the head's elements. */
export function namedMetas(nodes: readonly HeadNode[]): NamedMeta[] {
  const metas: NamedMeta[] = [];
  for (const node of nodes) {
    if (node.name !== 'meta' || node.tag === undefined) continue;
    const name = attributeValue(node.tag, 'name');
    if (name !== undefined) metas.push({ node, tag: node.tag, name });
  }
  return metas;
}

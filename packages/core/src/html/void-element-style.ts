import type { SelfClosingStyle } from './markup-token.js';
import type { HeadNode } from './pre-body-scan.js';

const VOID_HEAD_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'link', 'base']);

/** How the page closes void elements: as its first robots tag does, else its first `<meta>`, `<link>` or `<base>`. */
export function voidElementStyle(robotsNodes: readonly HeadNode[], headNodes: readonly HeadNode[]): SelfClosingStyle {
  const model = robotsNodes[0] ?? headNodes.find((node) => VOID_HEAD_ELEMENTS.has(node.name));
  return model?.tag?.selfClosing ?? 'none';
}

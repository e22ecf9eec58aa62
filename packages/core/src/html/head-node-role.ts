import type { HeadChildRole } from './insertion-slot.js';
import { attributeValue } from './meta-attributes.js';
import type { HeadNode } from './pre-body-scan.js';

/** The role of a head element that is not a robots tag. */
export function headNodeRole(node: HeadNode): HeadChildRole {
  if (node.name === 'script') return 'script';
  if (node.name !== 'meta' || node.tag === undefined) return 'other';
  if (attributeValue(node.tag, 'charset') !== undefined) return 'charset';
  if (attributeValue(node.tag, 'http-equiv')?.trim().toLowerCase() === 'content-type') return 'charset';
  if (attributeValue(node.tag, 'name')?.trim().toLowerCase() === 'viewport') return 'viewport';
  return 'other';
}

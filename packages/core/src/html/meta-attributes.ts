import { decodeAttributeValue } from './decode-attribute-value.js';
import type { StartTagToken } from './markup-token.js';

/** The decoded value of attribute `name` (lowercase) of a tag, or undefined when absent. */
export function attributeValue(tag: StartTagToken, name: string): string | undefined {
  const attribute = tag.attributes.find((candidate) => candidate.name === name);
  return attribute === undefined ? undefined : decodeAttributeValue(attribute);
}

import type { Element, Properties } from 'hast';
import type { HeadChildRole } from './insertion-slot.js';

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

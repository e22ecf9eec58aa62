import type { FlagDirective, ImagePreview } from './types.js';

export const FLAG_DIRECTIVES: readonly FlagDirective[] = [
  'all',
  'index',
  'noindex',
  'follow',
  'nofollow',
  'none',
  'noarchive',
  'nocache',
  'nosnippet',
  'notranslate',
  'noimageindex',
  'indexifembedded',
];

export const VALUE_DIRECTIVES = ['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after'] as const;
export type ValueDirective = (typeof VALUE_DIRECTIVES)[number];

/** Every directive name, for did-you-mean suggestions. */
export const DIRECTIVE_NAMES: readonly string[] = [...FLAG_DIRECTIVES, ...VALUE_DIRECTIVES];

/** Least to most restrictive. */
export const IMAGE_PREVIEW_ORDER: readonly ImagePreview[] = ['none', 'standard', 'large'];

const FLAG_SET: ReadonlySet<string> = new Set(FLAG_DIRECTIVES);
const VALUE_SET: ReadonlySet<string> = new Set(VALUE_DIRECTIVES);

export function isFlagDirective(name: string): name is FlagDirective {
  return FLAG_SET.has(name);
}

export function isValueDirective(name: string): name is ValueDirective {
  return VALUE_SET.has(name);
}

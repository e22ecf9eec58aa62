import { IMAGE_PREVIEW_ORDER } from './known-directives.js';
import { emptyDirectives, type MutableDirectives } from './mutable-directives.js';
import type { Directives, ImagePreview } from './types.js';

/** The more restrictive of two lengths, where -1 means unlimited. */
function smallerLength(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}

function smallerPreview(a: ImagePreview | undefined, b: ImagePreview | undefined): ImagePreview | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return IMAGE_PREVIEW_ORDER.indexOf(a) <= IMAGE_PREVIEW_ORDER.indexOf(b) ? a : b;
}

function earlierDate(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/** Combines directives additively; for every valued directive the most restrictive value wins. */
export function mergeDirectives(...sources: Directives[]): MutableDirectives {
  const merged = emptyDirectives();
  for (const source of sources) {
    for (const flag of source.flags) merged.flags.add(flag);
    merged.maxSnippet = smallerLength(merged.maxSnippet, source.maxSnippet);
    merged.maxImagePreview = smallerPreview(merged.maxImagePreview, source.maxImagePreview);
    merged.maxVideoPreview = smallerLength(merged.maxVideoPreview, source.maxVideoPreview);
    merged.unavailableAfter = earlierDate(merged.unavailableAfter, source.unavailableAfter);
  }
  for (const key of ['maxSnippet', 'maxImagePreview', 'maxVideoPreview', 'unavailableAfter'] as const) {
    if (merged[key] === undefined) delete merged[key];
  }
  return merged;
}

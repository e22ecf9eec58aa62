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

/**
 * Adds `source` into `target`: flags are combined, and for every valued directive the most
 * restrictive value wins. Used both across sources and within one (`max-snippet:50, max-snippet:10`).
 */
export function mergeInto(target: MutableDirectives, source: Partial<Directives>): MutableDirectives {
  for (const flag of source.flags ?? []) target.flags.add(flag);
  const maxSnippet = smallerLength(target.maxSnippet, source.maxSnippet);
  const maxImagePreview = smallerPreview(target.maxImagePreview, source.maxImagePreview);
  const maxVideoPreview = smallerLength(target.maxVideoPreview, source.maxVideoPreview);
  const unavailableAfter = earlierDate(target.unavailableAfter, source.unavailableAfter);
  if (maxSnippet !== undefined) target.maxSnippet = maxSnippet;
  if (maxImagePreview !== undefined) target.maxImagePreview = maxImagePreview;
  if (maxVideoPreview !== undefined) target.maxVideoPreview = maxVideoPreview;
  if (unavailableAfter !== undefined) target.unavailableAfter = unavailableAfter;
  return target;
}

/** Combines directives additively; for every valued directive the most restrictive value wins. */
export function mergeDirectives(...sources: Directives[]): MutableDirectives {
  return sources.reduce<MutableDirectives>((merged, source) => mergeInto(merged, source), emptyDirectives());
}

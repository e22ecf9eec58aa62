import type { Directives, FlagDirective, ImagePreview } from './types.js';

/** The working form of {@link Directives} while inputs are being parsed and merged. */
export interface MutableDirectives {
  flags: Set<FlagDirective>;
  maxSnippet?: number;
  maxImagePreview?: ImagePreview;
  maxVideoPreview?: number;
  unavailableAfter?: string;
}

export function emptyDirectives(): MutableDirectives {
  return { flags: new Set() };
}

export function isEmptyDirectives(directives: Directives): boolean {
  return (
    directives.flags.size === 0 &&
    directives.maxSnippet === undefined &&
    directives.maxImagePreview === undefined &&
    directives.maxVideoPreview === undefined &&
    directives.unavailableAfter === undefined
  );
}

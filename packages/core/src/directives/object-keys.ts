import type { ValueDirective } from './known-directives.js';
import type { FlagDirective } from './types.js';

/** What a boolean key of the object form means when true and when false. */
export interface BooleanKey {
  whenTrue?: FlagDirective;
  whenFalse?: FlagDirective;
}

/** Boolean keys of the object form (the shape of Next.js `metadata.robots`), camelCase aliases included. */
export const BOOLEAN_KEYS: Readonly<Record<string, BooleanKey>> = {
  index: { whenTrue: 'index', whenFalse: 'noindex' },
  follow: { whenTrue: 'follow', whenFalse: 'nofollow' },
  all: { whenTrue: 'all' },
  noindex: { whenTrue: 'noindex' },
  noIndex: { whenTrue: 'noindex' },
  nofollow: { whenTrue: 'nofollow' },
  noFollow: { whenTrue: 'nofollow' },
  none: { whenTrue: 'none' },
  noarchive: { whenTrue: 'noarchive' },
  noArchive: { whenTrue: 'noarchive' },
  nocache: { whenTrue: 'nocache' },
  noCache: { whenTrue: 'nocache' },
  nosnippet: { whenTrue: 'nosnippet' },
  noSnippet: { whenTrue: 'nosnippet' },
  notranslate: { whenTrue: 'notranslate' },
  noTranslate: { whenTrue: 'notranslate' },
  noimageindex: { whenTrue: 'noimageindex' },
  noImageIndex: { whenTrue: 'noimageindex' },
  indexifembedded: { whenTrue: 'indexifembedded' },
  indexIfEmbedded: { whenTrue: 'indexifembedded' },
};

/** Valued keys of the object form, camelCase aliases included. */
export const VALUE_KEYS: Readonly<Record<string, ValueDirective>> = {
  'max-snippet': 'max-snippet',
  maxSnippet: 'max-snippet',
  'max-image-preview': 'max-image-preview',
  maxImagePreview: 'max-image-preview',
  'max-video-preview': 'max-video-preview',
  maxVideoPreview: 'max-video-preview',
  unavailable_after: 'unavailable_after',
  'unavailable-after': 'unavailable_after',
  unavailableAfter: 'unavailable_after',
};

export const OBJECT_KEYS: readonly string[] = [...Object.keys(BOOLEAN_KEYS), ...Object.keys(VALUE_KEYS)];

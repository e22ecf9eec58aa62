import type { Directives } from '../directives/types.js';
import type { AuditLocation } from './types.js';

/** A robots meta tag or X-Robots-Tag header value that applies to a page, parsed. */
export interface DirectiveSource {
  kind: 'meta' | 'header';
  location: AuditLocation;
  /** As written, shortened: `<meta name="robots" content="noindex">`, `X-Robots-Tag: noindex`. */
  text: string;
  /** False for a meta tag after the body has started. */
  inHead: boolean;
  /** Directives per audience: `robots` for every crawler, otherwise a lower-cased crawler name. */
  audiences: ReadonlyMap<string, Directives>;
  /** Directives crawlers will ignore (unknown names, bad values), as messages. */
  problems: string[];
}

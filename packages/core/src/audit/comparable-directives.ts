import { formatDirectives } from '../directives/format-directives.js';
import type { Directives } from '../directives/types.js';

/** Directives in a form where equal meaning compares equal: `noindex, follow` equals `noindex` (follow is the default). */
export function comparableDirectives(directives: Directives): string {
  return formatDirectives(directives).filter((token) => token !== 'follow').join(', ');
}

import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import type { Directives } from '../directives/types.js';
import type { DirectiveSource } from './directive-source.js';

/** What one source tells `crawler` (lower-cased; `*` hears only what is said to every crawler), or undefined. */
export function applicableDirectives(source: DirectiveSource, crawler: string): Directives | undefined {
  const all = source.audiences.get(ALL_CRAWLERS_META_NAME);
  const own = crawler === '*' ? undefined : source.audiences.get(crawler);
  if (all && own) return mergeDirectives(all, own);
  return all ?? own;
}

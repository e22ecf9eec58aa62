import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { isEmptyDirectives } from '../directives/mutable-directives.js';
import type { Directives } from '../directives/types.js';
import type { DirectiveSource } from './directive-source.js';
import { parseRobotsLenient } from './parse-robots-lenient.js';
import { shorten } from './shorten.js';
import type { AuditLocation } from './types.js';

/** An `X-Robots-Tag` value (`noindex`, `googlebot: nofollow`) that a rule for `pattern` sets, as a directive source. */
export function headerSource(value: string, location: AuditLocation, pattern: string): DirectiveSource {
  const { parsed, problems } = parseRobotsLenient(value, { file: location.file, key: 'X-Robots-Tag' });
  const audiences = new Map<string, Directives>();
  if (!isEmptyDirectives(parsed.all) || parsed.crawlers.size === 0) audiences.set(ALL_CRAWLERS_META_NAME, parsed.all);
  for (const [name, directives] of parsed.crawlers) audiences.set(name, directives);
  return { kind: 'header', location, text: shorten(`${pattern}  X-Robots-Tag: ${value}`), inHead: true, audiences, problems };
}

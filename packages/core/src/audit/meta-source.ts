import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import type { Directives } from '../directives/types.js';
import type { DirectiveSource } from './directive-source.js';
import { parseRobotsLenient } from './parse-robots-lenient.js';
import type { FoundRobotsTag } from './read-page.js';
import { shorten } from './shorten.js';

/** A robots meta tag as a directive source: `robots` speaks to every crawler, another name to that crawler only. */
export function metaSource(tag: FoundRobotsTag, file: string): DirectiveSource {
  const { parsed, problems } = parseRobotsLenient(tag.content, { file, key: `<meta name="${shorten(tag.rawName, 60)}">` });
  const audiences = new Map<string, Directives>();
  if (tag.name === ALL_CRAWLERS_META_NAME) {
    audiences.set(ALL_CRAWLERS_META_NAME, parsed.all);
    for (const [name, directives] of parsed.crawlers) audiences.set(name, directives);
  } else {
    const own = parsed.crawlers.get(tag.name);
    audiences.set(tag.name, own ? mergeDirectives(parsed.all, own) : parsed.all);
  }
  return {
    kind: 'meta',
    location: { file, line: tag.line },
    text: shorten(`<meta name="${tag.rawName}" content="${tag.content}">`),
    inHead: tag.inHead,
    audiences,
    problems,
  };
}

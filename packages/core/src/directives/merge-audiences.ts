import { mergeDirectives } from './merge-directives.js';
import type { MutableDirectives } from './mutable-directives.js';
import type { Directives } from './types.js';

/** Directives for every crawler and for named crawlers: a parse, a header rule, a page's sources. */
export interface AudienceDirectives {
  all: Directives;
  crawlers: ReadonlyMap<string, Directives>;
}

/** Several sources as one: each audience's directives merged, most restrictive winning. */
export function mergeAudiences(sources: readonly AudienceDirectives[]): { all: MutableDirectives; crawlers: Map<string, MutableDirectives> } {
  const crawlers = new Map<string, Directives[]>();
  for (const source of sources) {
    for (const [name, directives] of source.crawlers) crawlers.set(name, [...(crawlers.get(name) ?? []), directives]);
  }
  return {
    all: mergeDirectives(...sources.map((source) => source.all)),
    crawlers: new Map([...crawlers].map(([name, list]) => [name, mergeDirectives(...list)])),
  };
}

import { mergeDirectives } from '../directives/merge-directives.js';
import type { Directives, ParsedRobots } from '../directives/types.js';

/** Several parses as one: each audience's directives merged, most restrictive winning. */
export function mergeParsedRobots(parses: readonly ParsedRobots[]): ParsedRobots {
  const crawlers = new Map<string, Directives[]>();
  for (const parsed of parses) {
    for (const [name, directives] of parsed.crawlers) crawlers.set(name, [...(crawlers.get(name) ?? []), directives]);
  }
  return {
    all: mergeDirectives(...parses.map((parsed) => parsed.all)),
    crawlers: new Map([...crawlers].map(([name, list]) => [name, mergeDirectives(...list)])),
    warnings: parses.flatMap((parsed) => parsed.warnings),
  };
}

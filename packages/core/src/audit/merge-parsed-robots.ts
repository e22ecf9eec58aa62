import { mergeAudiences } from '../directives/merge-audiences.js';
import type { ParsedRobots } from '../directives/types.js';

/** Several parses as one: each audience's directives merged, most restrictive winning. */
export function mergeParsedRobots(parses: readonly ParsedRobots[]): ParsedRobots {
  return { ...mergeAudiences(parses), warnings: parses.flatMap((parsed) => parsed.warnings) };
}

import { robotsWarning, type RobotsWarning } from '../errors/robots-warning.js';
import { formatDirectives, isNoindex } from './format-directives.js';
import { mergeDirectives } from './merge-directives.js';
import { parseRobots } from './parse-robots.js';
import type { Directives, ParsedRobots, RobotsInput } from './types.js';

/** An already parsed value, so callers can reuse parses. */
function isParsed(input: unknown): input is ParsedRobots {
  return typeof input === 'object' && input !== null && 'all' in input && 'crawlers' in input && input.crawlers instanceof Map;
}

export function toParsed(input: RobotsInput | ParsedRobots): ParsedRobots {
  return isParsed(input) ? input : parseRobots(input);
}

/** The warnings a merged set deserves: directives that were dropped because they do nothing. */
export function reconcileWarnings(directives: Directives, audience: string): RobotsWarning[] {
  if (directives.flags.has('indexifembedded') && !isNoindex(directives)) {
    return [
      robotsWarning({
        code: 'ineffective-directive',
        problem: `dropped \`indexifembedded\` for \`${audience}\`: it only has effect beside \`noindex\``,
      }),
    ];
  }
  return [];
}

/**
 * Combines robots inputs for all crawlers (the `robots` meta name) additively; the most
 * restrictive directive wins. Returns the content string, `''` when nothing is restricted.
 */
export function reconcile(...inputs: Array<RobotsInput | ParsedRobots>): string {
  const merged: Directives = mergeDirectives(...inputs.map((input) => toParsed(input).all));
  return formatDirectives(merged).join(', ');
}

import { patternMatches } from './pattern-matches.js';
import type { ParsedRobotsRule } from './types.js';

/** A rule's priority for a path, and the pattern that produced it. */
export interface RulePriority {
  /** The length of the matching pattern; -1 when the rule does not match. */
  priority: number;
  pattern: string;
}

const NO_MATCH: RulePriority = { priority: -1, pattern: '' };

/**
 * How strongly a rule matches a path, as Google scores it: the pattern's
 * length, or -1. Google also reads `Allow: /dir/index.htm…` as allowing
 * `/dir/` itself (pattern `/dir/$`).
 */
export function rulePriority(path: string, rule: ParsedRobotsRule): RulePriority {
  if (patternMatches(path, rule.pattern)) return { priority: rule.pattern.length, pattern: rule.pattern };
  if (rule.type === 'disallow') return NO_MATCH;
  const slash = rule.pattern.lastIndexOf('/');
  if (slash === -1 || !rule.pattern.startsWith('/index.htm', slash)) return NO_MATCH;
  const directoryPattern = rule.pattern.slice(0, slash + 1) + '$';
  return patternMatches(path, directoryPattern) ? { priority: directoryPattern.length, pattern: directoryPattern } : NO_MATCH;
}

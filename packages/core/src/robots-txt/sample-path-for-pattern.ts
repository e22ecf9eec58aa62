import { patternMatches } from './pattern-matches.js';

/**
 * The shortest path a pattern matches (every `*` matching nothing, the final
 * `$` dropped), or undefined when the pattern matches no path at all (paths
 * start with `/`).
 */
export function samplePathForPattern(pattern: string): string | undefined {
  const literal = pattern.replace(/\$$/, '').replaceAll('*', '');
  const sample = pattern.startsWith('*') && !literal.startsWith('/') ? '/' + literal : literal;
  return sample.startsWith('/') && patternMatches(sample, pattern) ? sample : undefined;
}

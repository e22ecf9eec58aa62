import { bytesToBinaryString } from './binary-string.js';
import { escapePattern } from './escape-pattern.js';

/**
 * What identifies a rule for de-duplication: its type and the pattern Google
 * matches, so `/ツ` and `/%E3%83%84` count as the same rule.
 */
export function ruleKey(type: 'allow' | 'disallow', value: string): string {
  return type + '\u0000' + escapePattern(bytesToBinaryString(new TextEncoder().encode(value)));
}

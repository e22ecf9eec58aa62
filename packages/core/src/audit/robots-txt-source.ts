import type { RobotsDecidingRule } from '../robots-txt/types.js';
import { shorten } from './shorten.js';
import type { DecisionSource } from './types.js';

/** A robots.txt rule as the reason for a decision: `Disallow: /private/` on its line. */
export function robotsTxtSource(rule: RobotsDecidingRule): DecisionSource {
  const key = rule.type === 'allow' ? 'Allow' : 'Disallow';
  return { kind: 'robots.txt', file: 'robots.txt', line: rule.line, text: shorten(`${key}: ${rule.value}`) };
}

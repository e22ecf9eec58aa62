import { asciiLowerCase } from './ascii-lower-case.js';
import type { ParsedRobotsGroup } from './types.js';

/**
 * Whether a group names the crawler (`specific`), is a `*` group
 * (`global`), or does not apply. A group naming both counts as specific,
 * as in Google's matcher. The crawler's name is compared whole, ignoring
 * ASCII case, with each line's product token.
 *
 * @param agent - the crawler's name, already ASCII lower-cased
 */
export function groupKindForAgent(group: ParsedRobotsGroup, agent: string): 'specific' | 'global' | undefined {
  let isGlobal = false;
  for (const userAgent of group.userAgents) {
    if (userAgent.isGlobal) isGlobal = true;
    else if (asciiLowerCase(userAgent.productToken) === agent) return 'specific';
  }
  return isGlobal ? 'global' : undefined;
}

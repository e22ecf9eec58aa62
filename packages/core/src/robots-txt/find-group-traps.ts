import { asciiLowerCase } from './ascii-lower-case.js';
import { ensureParsed } from './ensure-parsed.js';
import { explainMatch } from './explain-match.js';
import { samplePathForPattern } from './sample-path-for-pattern.js';
import type { ParsedRobotsRule, ParsedRobotsTxt, RobotsGroupTrap } from './types.js';

// A name no group can carry (product tokens have no `*`), so only `*` groups apply to it.
const ANY_OTHER_CRAWLER = '*';

function namedCrawlers(parsed: ParsedRobotsTxt): Map<string, Omit<RobotsGroupTrap, 'droppedDisallows'>> {
  const crawlers = new Map<string, Omit<RobotsGroupTrap, 'droppedDisallows'>>();
  for (const group of parsed.groups) {
    for (const userAgent of group.userAgents) {
      if (userAgent.isGlobal || userAgent.productToken === '') continue;
      const key = asciiLowerCase(userAgent.productToken);
      const crawler = crawlers.get(key) ?? { userAgent: userAgent.productToken, groupIndexes: [], lines: [] };
      if (!crawler.groupIndexes.includes(group.index)) crawler.groupIndexes.push(group.index);
      crawler.lines.push(userAgent.line);
      crawlers.set(key, crawler);
    }
  }
  return crawlers;
}

/**
 * The guide's trap: a crawler named in its own group obeys only that group
 * and skips every `*` group, so the `*` group's disallows no longer apply to
 * it. For each named crawler, returns the `*` disallows it silently drops: a
 * disallow is dropped when the shortest path it blocks for other crawlers is
 * allowed for this one.
 */
export function findGroupTraps(robotsTxt: string | Uint8Array | ParsedRobotsTxt): RobotsGroupTrap[] {
  const parsed = ensureParsed(robotsTxt);
  const globalDisallows = parsed.groups
    .filter((group) => group.userAgents.some((userAgent) => userAgent.isGlobal))
    .flatMap((group) => group.rules.filter((rule) => rule.type === 'disallow' && rule.pattern !== ''));
  const traps: RobotsGroupTrap[] = [];
  for (const crawler of namedCrawlers(parsed).values()) {
    const droppedDisallows = globalDisallows.filter((rule: ParsedRobotsRule) => {
      const sample = samplePathForPattern(rule.pattern);
      if (sample === undefined) return false;
      const forOthers = explainMatch(parsed, ANY_OTHER_CRAWLER, sample);
      return forOthers.groupKind === 'global' && !forOthers.allowed && explainMatch(parsed, crawler.userAgent, sample).allowed;
    });
    if (droppedDisallows.length > 0) traps.push({ ...crawler, droppedDisallows });
  }
  return traps;
}

import { asciiLowerCase } from './ascii-lower-case.js';
import { ensureParsed } from './ensure-parsed.js';
import { getPathParamsQuery } from './get-path-params-query.js';
import { groupKindForAgent } from './group-kind-for-agent.js';
import { rulePriority } from './rule-priority.js';
import type { ParsedRobotsTxt, RobotsDecidingRule, RobotsMatchExplanation } from './types.js';

interface Best {
  allow?: RobotsDecidingRule;
  disallow?: RobotsDecidingRule;
}

function priorityOf(rule: RobotsDecidingRule | undefined): number {
  return rule ? rule.effectivePattern.length : -1;
}

/** Google: the longer pattern wins, and `Allow` wins a tie; empty patterns decide nothing. */
function decide(best: Best): RobotsDecidingRule | undefined {
  const allow = priorityOf(best.allow);
  const disallow = priorityOf(best.disallow);
  if (allow <= 0 && disallow <= 0) return undefined;
  return disallow > allow ? best.disallow : best.allow;
}

/**
 * Says whether `userAgent` may fetch `url` under a robots.txt, and which rule
 * decided, with the same answer as Google's parser: rules come from the
 * groups naming the crawler (merged), or from the `*` groups when none does;
 * the longest matching pattern wins and `Allow` wins ties.
 *
 * @param robotsTxt - the body, or {@link parseRobotsTxt}'s result (parse once to check many URLs)
 * @param userAgent - the crawler's product token, e.g. `Googlebot`, compared whole (ignoring case)
 * @param url - the URL as sent (percent-encoded), or just its path
 */
export function explainMatch(
  robotsTxt: string | Uint8Array | ParsedRobotsTxt,
  userAgent: string,
  url: string,
): RobotsMatchExplanation {
  const parsed = ensureParsed(robotsTxt);
  const path = getPathParamsQuery(url);
  const agent = asciiLowerCase(userAgent);
  const best = { specific: {} as Best, global: {} as Best };
  const indexes = { specific: [] as number[], global: [] as number[] };
  for (const group of parsed.groups) {
    const kind = groupKindForAgent(group, agent);
    if (!kind) continue;
    indexes[kind].push(group.index);
    for (const rule of group.rules) {
      const { priority, pattern } = rulePriority(path, rule);
      if (priority > priorityOf(best[kind][rule.type])) {
        best[kind][rule.type] = { ...rule, groupIndex: group.index, effectivePattern: pattern };
      }
    }
  }
  const groupKind = indexes.specific.length > 0 ? 'specific' : indexes.global.length > 0 ? 'global' : 'none';
  const rule = groupKind === 'none' ? undefined : decide(best[groupKind]);
  return {
    allowed: rule?.type !== 'disallow',
    path,
    groupKind,
    groupIndexes: groupKind === 'none' ? [] : indexes[groupKind],
    ...(rule ? { rule } : {}),
  };
}

import { AI_BOTS, AI_BOTS_REVIEWED } from './ai-bots.js';
import type { RobotsGroupSpec } from './document-types.js';
import type { RobotsTxtGroupOptions, RobotsTxtOptions } from './options-types.js';
import { signalRecords } from './signal-records.js';
import { userAgentIdentity } from './user-agent-identity.js';

const DEFAULT_GROUPS: RobotsTxtGroupOptions[] = [{ userAgent: '*' }];

function specFromGroup(group: RobotsTxtGroupOptions, index: number): RobotsGroupSpec {
  const crawlDelay = group.crawlDelay;
  return {
    userAgents: typeof group.userAgent === 'string' ? [group.userAgent] : group.userAgent,
    allow: group.allow ?? [],
    disallow: group.disallow ?? [],
    records:
      crawlDelay === undefined
        ? []
        : [{ key: 'crawl-delay', line: `Crawl-delay: ${crawlDelay}`, normalized: String(crawlDelay), origin: `robotsTxt.groups[${index}].crawlDelay` }],
    comments: group.comment === undefined ? [] : typeof group.comment === 'string' ? [group.comment] : group.comment,
  };
}

/**
 * The groups the options ask for, in order: the configured groups (or the
 * default allow-all `*` group), the content signals in the first group that
 * is exactly `*` (or a new `*` group), then the AI bots group.
 */
export function groupSpecsFromOptions(options: RobotsTxtOptions): RobotsGroupSpec[] {
  const specs = (options.groups ?? DEFAULT_GROUPS).map(specFromGroup);
  const records = signalRecords(options);
  const globalSpec = specs.find((spec) => userAgentIdentity(spec.userAgents) === '*');
  if (globalSpec) globalSpec.records.unshift(...records);
  else if (records.length > 0) specs.push({ userAgents: ['*'], allow: [], disallow: [], records, comments: [] });
  if (options.blockAiBots === true) {
    specs.push({
      userAgents: AI_BOTS.map((bot) => bot.userAgent),
      allow: [],
      disallow: ['/'],
      records: [],
      comments: [`AI training, AI search and AI assistant agents (robots-kit blockAiBots, list reviewed ${AI_BOTS_REVIEWED})`],
    });
  }
  return specs;
}

/**
 * `ai-preference-contradiction`: a `Content-Signal` or `Content-Usage` line that says the opposite
 * of the per-agent groups of the same robots.txt. `Content-Signal: search=yes` beside a group that
 * keeps `OAI-SearchBot` out invites AI search in one line and shuts it out in another; a
 * `User-agent: GPTBot` group that allows `/` beside `ai-train=no` lets the training crawler in
 * while asking it not to train. Crawlers obey the group, so the signal is not what happens.
 */
import { AI_BOTS, type AiBotPurpose } from '../robots-txt/ai-bots.js';
import { explainMatch } from '../robots-txt/match.js';
import type { ParsedRobotsOtherLine, ParsedRobotsTxt } from '../robots-txt/types.js';
import { makeFinding } from './findings.js';
import type { AuditData, AuditFinding } from './types.js';

/** One use a preference line speaks about, as allowed or not, and where it said so. */
interface Preference {
  allowed: boolean;
  /** `Content-Signal: search=yes` (line 3). */
  said: string;
  line: number;
}
/**
 * The uses whose crawlers robots-kit can name: the purpose of `AI_BOTS` whose agents do that use,
 * and the key of each vocabulary that speaks about it.
 */
const USES: ReadonlyArray<{ purpose: AiBotPurpose; signal: string; usage: string; name: string }> = [
  { purpose: 'ai-search', signal: 'search', usage: 'search', name: 'AI search' },
  { purpose: 'ai-training', signal: 'ai-train', usage: 'train-ai', name: 'AI training' },
];

/** `search=yes, ai-train=no` → key → value; a path form (`/gallery/ train-ai=n`) speaks for part of the site only and is skipped. */
function readPairs(line: ParsedRobotsOtherLine): Map<string, string> | undefined {
  if (line.value.startsWith('/') || line.value.startsWith('*')) return undefined;
  const pairs = new Map<string, string>();
  for (const part of line.value.split(',')) {
    const equals = part.indexOf('=');
    if (equals > 0)
      pairs.set(
        part.slice(0, equals).trim().toLowerCase(),
        part
          .slice(equals + 1)
          .trim()
          .toLowerCase(),
      );
  }
  return pairs;
}
/** What the preference lines of one group say about a use. */
function preferenceIn(lines: readonly ParsedRobotsOtherLine[], use: (typeof USES)[number]): Preference | undefined {
  for (const line of lines) {
    const pairs = readPairs(line);
    const key = line.key === 'content-signal' ? use.signal : use.usage;
    const value = pairs?.get(key);
    if (value === undefined) continue;
    const allowed = value === 'yes' || value === 'y';
    if (!allowed && value !== 'no' && value !== 'n') continue;
    return { allowed, said: `${line.rawKey}: ${key}=${value}`, line: line.line };
  }
  return undefined;
}

/** The preference lines by the group they sit in; `*` groups' lines speak for every crawler without its own. */
function linesByGroup(parsed: ParsedRobotsTxt): Map<number, ParsedRobotsOtherLine[]> {
  const byGroup = new Map<number, ParsedRobotsOtherLine[]>();
  for (const line of parsed.otherLines) {
    if ((line.key !== 'content-signal' && line.key !== 'content-usage') || line.groupIndex === undefined) continue;
    byGroup.set(line.groupIndex, [...(byGroup.get(line.groupIndex) ?? []), line]);
  }
  return byGroup;
}

/**
 * `ai-preference-contradiction`: for each listed AI agent with a group of its own in robots.txt,
 * the preference that speaks for it (its own group's lines, else the `*` group's) against what
 * its group lets it fetch at `/`. One finding per preference line and use, naming the agents.
 */
export function findAiPreferenceContradictions(data: AuditData): AuditFinding[] {
  const parsed = data.context.robotsTxt;
  if (parsed === undefined || parsed.otherLines.length === 0) return [];
  const byGroup = linesByGroup(parsed);
  if (byGroup.size === 0) return [];
  const globalLines = parsed.groups
    .filter((group) => group.userAgents.some((userAgent) => userAgent.isGlobal))
    .flatMap((group) => byGroup.get(group.index) ?? []);
  const found = new Map<string, { preference: Preference; use: (typeof USES)[number]; agents: string[] }>();
  for (const use of USES) {
    for (const bot of AI_BOTS) {
      if (bot.purpose !== use.purpose) continue;
      const match = explainMatch(parsed, bot.userAgent, '/');
      // Only an agent its own group names: the `*` group's rules are for every crawler, not a choice about AI.
      if (match.groupKind !== 'specific') continue;
      const ownLines = match.groupIndexes.flatMap((index) => byGroup.get(index) ?? []);
      const preference = preferenceIn(ownLines, use) ?? preferenceIn(globalLines, use);
      if (preference === undefined || preference.allowed === match.allowed) continue;
      const key = `${preference.line} ${use.signal} ${preference.allowed}`;
      const entry = found.get(key) ?? { preference, use, agents: [] };
      entry.agents.push(bot.userAgent);
      found.set(key, entry);
    }
  }
  return [...found.values()].map(({ preference, use, agents }) => {
    const named = agents.map((agent) => `\`${agent}\``).join(', ');
    const message = preference.allowed
      ? `robots.txt line ${preference.line} (\`${preference.said}\`) allows ${use.name}, but the group of ${named} keeps ${agents.length === 1 ? 'that agent' : 'those agents'} out of \`/\`: crawlers obey the group. Allow them, or say \`no\` in the line.`
      : `robots.txt line ${preference.line} (\`${preference.said}\`) refuses ${use.name}, but the group of ${named} lets ${agents.length === 1 ? 'that agent' : 'those agents'} fetch \`/\`, which ${agents.length === 1 ? 'it does' : 'they do'} for ${use.name}. Disallow them (\`blockAiBots\`), or say \`yes\` in the line.`;
    return makeFinding('ai-preference-contradiction', message, {
      source: { file: 'robots.txt', line: preference.line },
      crawlers: agents,
    });
  });
}

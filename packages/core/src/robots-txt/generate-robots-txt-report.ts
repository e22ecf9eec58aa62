import { robotsWarning, type RobotsWarning } from '../errors/robots-warning.js';
import { AI_BOTS } from './ai-bots.js';
import { buildRobotsTxt } from './build-robots-txt.js';
import { explainMatch } from './explain-match.js';
import { findGroupTraps } from './find-group-traps.js';
import { MAX_ROBOTS_TXT_BYTES } from './limits.js';
import type { RobotsTxtContext, RobotsTxtOptions } from './options-types.js';
import { parseRobotsTxt } from './parse-robots-txt.js';
import type { ParsedRobotsTxt } from './types.js';

/** The generated robots.txt and what a build should warn about. */
export interface RobotsTxtReport {
  text: string;
  parsed: ParsedRobotsTxt;
  warnings: RobotsWarning[];
}

function aiBotWarnings(parsed: ParsedRobotsTxt, source: string): RobotsWarning[] {
  return AI_BOTS.flatMap((bot) => {
    const match = explainMatch(parsed, bot.userAgent, '/');
    if (!match.allowed) return [];
    const cause = match.rule ? ` because of \`${match.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${match.rule.value}\` on line ${match.rule.line}` : '';
    return [robotsWarning({ code: 'ai-bot-not-blocked', source, key: 'robotsTxt.blockAiBots', value: bot.userAgent, problem: `blockAiBots did not block this AI bot at \`/\`${cause}:` })];
  });
}

/**
 * Like `generateRobotsTxt`, and also checks the result as Google reads it:
 * crawler-specific groups that make their crawler skip the `*` group's
 * disallows, AI bots still allowed despite `blockAiBots`, lines crawlers
 * ignore (kept from the existing file) and a file over 500 KiB.
 */
export function generateRobotsTxtReport(options: RobotsTxtOptions, context: RobotsTxtContext): RobotsTxtReport {
  const text = buildRobotsTxt(options, context);
  const parsed = parseRobotsTxt(text, { maxBytes: Infinity });
  const source = context.existingSource ?? 'robots.txt';
  const warnings: RobotsWarning[] = [];
  for (const diagnostic of parsed.diagnostics) {
    if (diagnostic.severity !== 'error') continue;
    warnings.push(robotsWarning({ code: `robots-txt-${diagnostic.code}`, source, value: diagnostic.text, problem: `line ${diagnostic.line} of the generated robots.txt is ignored by crawlers (${diagnostic.reason}):` }));
  }
  for (const trap of findGroupTraps(parsed)) {
    const dropped = trap.droppedDisallows.map((rule) => `\`${rule.value}\` (line ${rule.line})`).join(', ');
    warnings.push(
      robotsWarning({
        code: 'robots-txt-group-trap',
        source,
        problem: `the \`${trap.userAgent}\` group (line ${trap.lines.join(', ')}) makes ${trap.userAgent} ignore the \`User-agent: *\` group, so it may crawl ${dropped}`,
        expected: `those Disallow lines repeated in the \`${trap.userAgent}\` group`,
      }),
    );
  }
  if (context.indexable && options.blockAiBots === true) warnings.push(...aiBotWarnings(parsed, source));
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_ROBOTS_TXT_BYTES) {
    warnings.push(robotsWarning({ code: 'robots-txt-too-large', source, value: bytes, problem: `robots.txt is larger than Google reads (${MAX_ROBOTS_TXT_BYTES} bytes; the rest is ignored), size:` }));
  }
  return { text, parsed, warnings };
}

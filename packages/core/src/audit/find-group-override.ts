import { explainMatch } from '../robots-txt/explain-match.js';
import { findGroupTraps } from '../robots-txt/find-group-traps.js';
import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';

/**
 * `group-override`: a crawler named in its own robots.txt group skips the `*` group, so the
 * `*` disallows stop applying to it. Lists the pages it may now fetch that others may not.
 */
export function findGroupOverride(data: AuditData): AuditFinding[] {
  const { robotsTxt } = data.context;
  if (!robotsTxt) return [];
  return findGroupTraps(robotsTxt).map((trap) => {
    const exposed = data.pages
      .filter((page) => !explainMatch(robotsTxt, '*', page.url).allowed && explainMatch(robotsTxt, trap.userAgent, page.url).allowed)
      .map((page) => page.url);
    const dropped = trap.droppedDisallows.map((rule) => `${codeSpan(`Disallow: ${rule.value}`, 60)} (line ${rule.line})`).join(', ');
    const pages = exposed.length > 0 ? `; it may fetch ${plural(exposed.length, 'page')} the others may not` : '';
    return makeFinding(
      'group-override',
      `${codeSpan(`User-agent: ${trap.userAgent}`, 60)} (line ${trap.lines.join(', ')}) has its own group, so ${trap.userAgent} ignores the * group and skips ${dropped}${pages}. Repeat those rules in its group if they should apply.`,
      { urls: exposed, source: { file: 'robots.txt', line: trap.lines[0]! }, crawlers: [trap.userAgent.toLowerCase()] },
    );
  });
}

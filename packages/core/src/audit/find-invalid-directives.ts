import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { groupBy } from './group-by.js';
import { joinLimited } from './join-limited.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';

/** `invalid-robots-directive`: tag or header values crawlers ignore, grouped by the tag or header rule. */
export function findInvalidDirectives(data: AuditData): AuditFinding[] {
  const hits = data.pages.flatMap((page) =>
    page.sources.filter((source) => source.problems.length > 0).map((source) => ({ url: page.url, source })),
  );
  const groups = groupBy(hits, (hit) => `${hit.source.kind}\n${hit.source.text}\n${hit.source.kind === 'header' ? hit.source.location.file + ':' + hit.source.location.line : ''}`);
  return [...groups.values()].map((group) => {
    const { source } = group[0]!;
    const where = source.kind === 'header' ? '' : ` on ${plural(group.length, 'page')}`;
    return makeFinding(
      'invalid-robots-directive',
      `${codeSpan(source.text, 100)}${where}: ${joinLimited(source.problems, ' ', 3)}`,
      { urls: group.map((hit) => hit.url), source: source.location },
    );
  });
}

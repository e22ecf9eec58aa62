import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { groupBy } from './group-by.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';

/** `robots-tag-in-body`: robots meta tags after the body has started, grouped by tag. */
export function findRobotsTagInBody(data: AuditData): AuditFinding[] {
  const hits = data.pages.flatMap((page) =>
    page.sources.filter((source) => source.kind === 'meta' && !source.inHead).map((source) => ({ url: page.url, source })),
  );
  return [...groupBy(hits, (hit) => hit.source.text).values()].map((group) => {
    const { source } = group[0]!;
    return makeFinding(
      'robots-tag-in-body',
      `${codeSpan(source.text, 100)} sits in the body of ${plural(group.length, 'page')} (first: ${source.location.file} line ${source.location.line}); crawlers may ignore it there, move it into <head>.`,
      { urls: group.map((hit) => hit.url), source: source.location },
    );
  });
}

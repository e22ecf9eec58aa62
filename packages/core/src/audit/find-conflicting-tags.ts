import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { comparableDirectives } from './comparable-directives.js';
import type { DirectiveSource } from './directive-source.js';
import { groupBy } from './group-by.js';
import { joinLimited } from './join-limited.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';

interface Conflict {
  url: string;
  audience: string;
  sources: DirectiveSource[];
  /** What crawlers end up applying. */
  result: string;
}

function conflictsOnPage(url: string, sources: readonly DirectiveSource[]): Conflict[] {
  const byAudience = new Map<string, Array<{ source: DirectiveSource; value: string }>>();
  for (const source of sources) {
    for (const [audience, directives] of source.audiences) {
      const list = byAudience.get(audience) ?? [];
      list.push({ source, value: comparableDirectives(directives) });
      byAudience.set(audience, list);
    }
  }
  const conflicts: Conflict[] = [];
  for (const [audience, list] of byAudience) {
    if (new Set(list.map((item) => item.value)).size < 2) continue;
    const merged = mergeDirectives(...list.map((item) => item.source.audiences.get(audience)!));
    conflicts.push({ url, audience, sources: list.map((item) => item.source), result: comparableDirectives(merged) || 'index, follow' });
  }
  return conflicts;
}

function describe(source: DirectiveSource): string {
  const { file, line } = source.location;
  const where = source.kind === 'header' ? (line === undefined ? file : `${file} line ${line}`) : `line ${line}`;
  return `${codeSpan(source.text, 100)} (${where})`;
}

/**
 * `conflicting-tags`: several robots tags, or a tag and an X-Robots-Tag header, that tell the
 * same crawler different things. Pages built from one template share one finding.
 */
export function findConflictingTags(data: AuditData): AuditFinding[] {
  const conflicts = data.pages.flatMap((page) => conflictsOnPage(page.url, page.sources));
  const groups = groupBy(conflicts, (conflict) => `${conflict.audience}\n${conflict.sources.map((source) => source.text).join('\n')}`);
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const audience = first.audience === ALL_CRAWLERS_META_NAME ? 'every crawler' : first.audience;
    const onPages = group.length > 1 ? ` on ${plural(new Set(group.map((conflict) => conflict.url)).size, 'page')}` : '';
    const meta = first.sources.find((source) => source.kind === 'meta') ?? first.sources[0]!;
    return makeFinding(
      'conflicting-tags',
      `Robots tags for ${audience} disagree${onPages}: ${joinLimited(first.sources.map(describe), ' vs ')}; crawlers apply the most restrictive (${codeSpan(first.result)}). Keep one.`,
      {
        urls: group.map((conflict) => conflict.url),
        source: meta.location,
        ...(first.audience === ALL_CRAWLERS_META_NAME ? {} : { crawlers: [first.audience] }),
      },
    );
  });
}

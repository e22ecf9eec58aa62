import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { makeFinding } from './make-finding.js';
import type { AuditFinding } from './types.js';

/** `robots-on-error-page`: robots meta tags on 404/5xx pages, one finding per page. */
export function findRobotsOnErrorPage(data: AuditData): AuditFinding[] {
  return data.pages
    .filter((page) => page.errorPage && page.sources.some((source) => source.kind === 'meta'))
    .map((page) => {
      const tags = page.sources.filter((source) => source.kind === 'meta');
      return makeFinding(
        'robots-on-error-page',
        `Error page ${page.file} carries ${tags.map((tag) => codeSpan(tag.text, 100)).join(', ')}; 4xx/5xx pages are never indexed, so leave robots tags off them.`,
        { urls: [page.url], source: tags[0]!.location },
      );
    });
}

import type { AuditData } from './audit-data.js';
import type { PageRecord } from './page-record.js';
import type { AuditFinding, AuditPage, AuditReport } from './types.js';

function toAuditPage(page: PageRecord): AuditPage {
  return {
    url: page.url,
    file: page.file,
    errorPage: page.errorPage,
    inSitemap: page.inSitemap,
    ...(page.canonical === undefined ? {} : { canonical: page.canonical }),
    crawlers: page.verdicts,
  };
}

export interface ReportParts {
  dir: string;
  data: AuditData;
  findings: AuditFinding[];
  headerFiles: string[];
  generatedAt: Date;
  durationMs: number;
}

/** The JSON-ready report (see `AUDIT_REPORT_JSON_SCHEMA`). */
export function toAuditReport({ dir, data, findings, headerFiles, generatedAt, durationMs }: ReportParts): AuditReport {
  const { context, sitemaps } = data;
  const count = (severity: AuditFinding['severity']): number => findings.filter((finding) => finding.severity === severity).length;
  return {
    schemaVersion: 1,
    tool: '@robots-kit/core',
    directory: dir,
    ...(context.site ? { site: context.site.origin + context.site.basePath } : {}),
    crawlers: [...context.crawlers],
    trailingSlash: context.trailingSlash,
    generatedAt: generatedAt.toISOString(),
    robotsTxt: { found: context.robotsTxt !== undefined, file: 'robots.txt', sitemaps: (context.robotsTxt?.sitemaps ?? []).map((sitemap) => sitemap.url) },
    sitemaps: sitemaps.sitemaps,
    headerFiles,
    summary: {
      pages: data.pages.length,
      errorPages: data.pages.filter((page) => page.errorPage).length,
      sitemapUrls: sitemaps.entries.size,
      skipped: data.skipped.length,
      findings: { error: count('error'), warning: count('warning'), info: count('info') },
      durationMs: Math.round(durationMs),
    },
    pages: data.pages.map(toAuditPage),
    findings,
  };
}

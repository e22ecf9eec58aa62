import type { AuditData } from './audit-data.js';
import { findCanonicalToNoindex } from './find-canonical-to-noindex.js';
import { findConflictingTags } from './find-conflicting-tags.js';
import { findDisallowedInSitemap } from './find-disallowed-in-sitemap.js';
import { findExpired } from './find-expired.js';
import { findGroupOverride } from './find-group-override.js';
import { findInvalidDirectives } from './find-invalid-directives.js';
import { findNoindexDisallowed } from './find-noindex-disallowed.js';
import { findNoindexInSitemap } from './find-noindex-in-sitemap.js';
import { findRobotsOnErrorPage } from './find-robots-on-error-page.js';
import { findRobotsTagInBody } from './find-robots-tag-in-body.js';
import { findRobotsTxtSyntax } from './find-robots-txt-syntax.js';
import { findSiteFileProblems } from './find-site-file-problems.js';
import { findSitemapUrlMissing } from './find-sitemap-url-missing.js';
import { findSkipped } from './find-skipped.js';
import { sortFindings } from './sort-findings.js';
import type { AuditFinding } from './types.js';

/** Every check, run over the read site; sorted. */
export async function collectFindings(data: AuditData): Promise<AuditFinding[]> {
  return sortFindings([
    ...findNoindexDisallowed(data),
    ...findNoindexInSitemap(data),
    ...findDisallowedInSitemap(data),
    ...findCanonicalToNoindex(data),
    ...findConflictingTags(data),
    ...findRobotsOnErrorPage(data),
    ...findRobotsTagInBody(data),
    ...findInvalidDirectives(data),
    ...findExpired(data),
    ...findGroupOverride(data),
    ...findRobotsTxtSyntax(data),
    ...findSiteFileProblems(data),
    ...(await findSitemapUrlMissing(data)),
    ...findSkipped(data),
  ]);
}

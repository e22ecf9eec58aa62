import type { AuditContext } from './audit-context.js';
import type { PageRecord } from './page-record.js';
import type { SitemapRead } from './read-sitemaps.js';
import type { SkippedFile } from './skipped-file.js';

/** What the finding checks look at, once every file has been read. */
export interface AuditData {
  context: AuditContext;
  /** Sorted by URL. */
  pages: readonly PageRecord[];
  /** The page that serves a requested URL path (percent-encoded or not), per the trailing-slash setting. */
  pageAt(path: string): PageRecord | undefined;
  sitemaps: SitemapRead;
  /** True when robots.txt exists but could not be read. */
  robotsTxtMissing: boolean;
  skipped: readonly SkippedFile[];
}

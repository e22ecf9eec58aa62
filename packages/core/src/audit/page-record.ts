import type { DirectiveSource } from './directive-source.js';
import type { CrawlerVerdict } from './types.js';

/** One audited page, as kept in memory between reading and reporting (no HTML). */
export interface PageRecord {
  /** URL path, percent-encoded, with base path. */
  url: string;
  /** {@link urlPathKey} of {@link url}. */
  key: string;
  file: string;
  errorPage: boolean;
  inSitemap: boolean;
  /** The canonical link, absolute when the site is known. */
  canonical?: string;
  /** The canonical's URL path, when it points into the site. */
  canonicalPath?: string;
  sources: DirectiveSource[];
  verdicts: Record<string, CrawlerVerdict>;
}

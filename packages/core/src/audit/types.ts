/** How the host maps URLs with and without a trailing slash to files. */
export type TrailingSlash = 'always' | 'never' | 'ignore';

/** Options of {@link auditSite}. */
export interface AuditOptions {
  /**
   * The site's origin (and base path, if it is served below one), e.g. `https://example.com`
   * or `https://example.com/docs/`. Sitemap and canonical URLs are matched against it.
   * Default: the origin of the first robots.txt `Sitemap:` line, else of the first sitemap
   * `<loc>`; without any, absolute URLs are matched by path only.
   */
  site?: string;
  /**
   * Crawlers to evaluate, as robots.txt product tokens (`googlebot`, `bingbot`); `*` stands for
   * any crawler that has no group and no meta tag of its own. Default: `['googlebot', '*']`.
   */
  crawlers?: readonly string[];
  /**
   * How file paths become URLs. `always`: `a/index.html` is `/a/`, `a.html` is `/a.html`.
   * `never`: `a/index.html` and `a.html` are both `/a`. `ignore`: `a/index.html` is `/a/`,
   * `a.html` is `/a`, and sitemap or canonical URLs match either form. Default: `'ignore'`.
   */
  trailingSlash?: TrailingSlash;
  /** The instant `unavailable_after` dates are compared with. Default: the current time. */
  now?: Date;
  /** Called after each HTML file is read, with the number read and the total. Default: none. */
  onProgress?: (done: number, total: number) => void;
  /** HTML files read at the same time. Default: `32`. */
  concurrency?: number;
}

export type AuditSeverity = 'error' | 'warning' | 'info';

/** Stable identifiers of audit findings; see `AUDIT_FINDINGS` for what each means and its severity. */
export type AuditFindingId =
  | 'noindex-disallowed'
  | 'noindex-in-sitemap'
  | 'disallowed-in-sitemap'
  | 'conflicting-tags'
  | 'robots-on-error-page'
  | 'robots-tag-in-body'
  | 'invalid-robots-directive'
  | 'expired'
  | 'canonical-to-noindex'
  | 'group-override'
  | 'robots-txt-syntax'
  | 'no-robots-txt'
  | 'sitemap-missing'
  | 'sitemap-invalid'
  | 'sitemap-foreign-url'
  | 'sitemap-url-missing'
  | 'no-sitemap'
  | 'skipped';

/** A place in the audited folder. */
export interface AuditLocation {
  /** Path relative to the audited folder, with `/` separators, e.g. `robots.txt` or `blog/index.html`. */
  file: string;
  /** 1-based line number, when known. */
  line?: number;
}

export interface AuditFinding {
  id: AuditFindingId;
  severity: AuditSeverity;
  /** One sentence; quoted file content is cut and stripped of control characters. */
  message: string;
  /** The URL paths involved (with the site's base path), sorted; empty for site-wide findings. */
  urls: string[];
  /** Where to fix it. */
  source?: AuditLocation;
  /** The crawlers the finding applies to, when it depends on the crawler. */
  crawlers?: string[];
}

/** One input that contributed to a decision. */
export interface DecisionSource {
  /** `meta`: a `<meta name>` tag; `header`: an `X-Robots-Tag` rule; `robots.txt`: a rule line; `error-page`: a 4xx/5xx page. */
  kind: 'meta' | 'header' | 'robots.txt' | 'error-page';
  /** The file that holds it, relative to the audited folder. */
  file: string;
  line?: number;
  /** The input as written (shortened), e.g. `<meta name="robots" content="noindex">` or `Disallow: /private/`. */
  text: string;
}

/** Which inputs decided each restriction. A decision without a restriction has no entry. */
export interface DecisionReasons {
  crawl?: DecisionSource[];
  index?: DecisionSource[];
  follow?: DecisionSource[];
  snippet?: DecisionSource[];
  imagePreview?: DecisionSource[];
  videoPreview?: DecisionSource[];
  unavailableAfter?: DecisionSource[];
}

/** How one crawler treats one URL. */
export interface CrawlerVerdict {
  /** robots.txt lets the crawler fetch the URL (true when there is no robots.txt). */
  crawlable: boolean;
  /**
   * The page may be shown in results: no `noindex`/`none` for this crawler, not an error page,
   * and `unavailable_after` not passed. Read from the page as if fetched: when `crawlable` is
   * false the crawler never sees the tags.
   */
  indexable: boolean;
  /** The crawler may follow the page's links (no `nofollow`/`none`). */
  followLinks: boolean;
  /** Characters of snippet: 0 for `nosnippet`, -1 unlimited; absent when no limit is set. */
  maxSnippet?: number;
  /** Absent when not set. */
  maxImagePreview?: 'none' | 'standard' | 'large';
  /** Seconds of video preview, -1 unlimited; absent when not set. */
  maxVideoPreview?: number;
  /** ISO 8601 instant after which the page leaves results; absent when not set. */
  unavailableAfter?: string;
  /** The reconciled directives that apply, e.g. `["noindex", "nofollow"]`. */
  directives: string[];
  because: DecisionReasons;
}

export interface AuditPage {
  /** URL path derived from the file path (with the site's base path), e.g. `/blog/post/`. */
  url: string;
  /** The HTML file, relative to the audited folder. */
  file: string;
  /** A 404/5xx page (`404.html`, `500/index.html`, …). */
  errorPage: boolean;
  /** Listed in one of the sitemaps. */
  inSitemap: boolean;
  /** The `<link rel="canonical">` target, resolved to an absolute URL. */
  canonical?: string;
  /** Keyed by crawler name as given in the options (`googlebot`, `*`). */
  crawlers: Record<string, CrawlerVerdict>;
}

export interface AuditSitemap {
  /** As referenced (robots.txt line or sitemap index), or the file name for well-known files. */
  url: string;
  /** The file in the audited folder; absent for sitemaps on another origin. */
  file?: string;
  /** `index` (sitemap index), `urlset`, `invalid` (unreadable or not a sitemap), `missing`, `external` (another origin, not checked). */
  kind: 'index' | 'urlset' | 'invalid' | 'missing' | 'external';
  /** `<loc>` entries read. */
  urlCount: number;
}

export interface AuditSummary {
  pages: number;
  errorPages: number;
  sitemapUrls: number;
  skipped: number;
  findings: Record<AuditSeverity, number>;
  /** Wall-clock time of the audit. */
  durationMs: number;
}

export interface AuditReport {
  /** Version of this report format; changes only when fields change meaning or disappear. */
  schemaVersion: 1;
  tool: '@robots-kit/core';
  /** The audited folder, as given. */
  directory: string;
  /** The origin and base path matched against, e.g. `https://example.com`; absent when unknown. */
  site?: string;
  crawlers: string[];
  trailingSlash: TrailingSlash;
  /** ISO 8601; `options.now` when given. */
  generatedAt: string;
  robotsTxt: { found: boolean; file: 'robots.txt'; sitemaps: string[] };
  sitemaps: AuditSitemap[];
  /** Header rule files read (`_headers`, `vercel.json`, `.htaccess`). */
  headerFiles: string[];
  summary: AuditSummary;
  /** Sorted by URL. */
  pages: AuditPage[];
  /** Sorted by severity, then id, then first URL. */
  findings: AuditFinding[];
}

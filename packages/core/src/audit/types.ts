/** Types of the audit: options, the data read from a site, verdicts, findings and the report. */
import type { Directives } from '../directives/types.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';

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
  /**
   * HTML files read at the same time through the careful asynchronous reader: symbolic links,
   * and files that changed or turned out unusual since the folder was listed. Plain files are
   * read one after another, synchronously, which is faster for a folder in the page cache.
   * Default: `32`.
   */
  concurrency?: number;
  /**
   * `false` for a build that is deliberately not indexable (a preview or staging deploy, where
   * the adapters write `Disallow: /` and `noindex, nofollow`). Such a build must guarantee one
   * thing, that no page can be indexed, so the audit checks that (`preview-indexable`) instead
   * of the findings the build triggers on purpose (noindex pages behind `Disallow`, in a sitemap
   * or named as canonical, passed `unavailable_after` dates). Default: `true`.
   */
  indexable?: boolean;
  /**
   * URL path globs (with the base path) of routes the server renders on request, such as
   * `/blog/*` for Astro's `src/pages/blog/[slug].astro` with `prerender = false`: their URLs
   * have no file in the folder, so sitemap entries under them are not reported as missing.
   * Default: none.
   */
  onDemandPaths?: readonly string[];
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
  | 'non-standard-directive'
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
  | 'header-rule-unchecked'
  | 'vercel-json-stale'
  | 'sitemap-too-many-urls'
  | 'skipped'
  | 'preview-indexable'
  | 'hreflang-to-noindex'
  | 'hreflang-to-disallowed'
  | 'hreflang-missing'
  | 'hreflang-no-return'
  | 'hreflang-invalid'
  | 'hreflang-relative'
  | 'canonical-on-noindex'
  | 'canonical-relative'
  | 'canonical-conflict'
  | 'link-to-noindex'
  | 'nofollow-internal-link'
  | 'nosnippet-ignored'
  | 'served-differs'
  | 'robots-txt-differs'
  | 'fetch-failed'
  | 'ai-preference-contradiction';
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
  /** The live check with `--expect`: the verdicts the build meant for this URL, per crawler, beside what was served. */
  meant?: Record<string, CrawlerVerdict>;
}
/** A file other than a page: its URL and how each crawler treats it. */
export type AuditFile = Pick<AuditPage, 'url' | 'file' | 'crawlers'>;
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
  /** Every other file the site serves (PDFs, images, feeds), with its verdict per crawler (header rules and robots.txt decide it); sorted by URL. */
  files: AuditFile[];
  /** Sorted by severity, then id, then first URL. */
  findings: AuditFinding[];
}

/** Everything page-independent the audit works with. */
export interface AuditContext {
  root: string;
  site: SiteUrl | undefined;
  trailingSlash: TrailingSlash;
  /** As given in the options, for report keys. */
  crawlers: readonly string[];
  /** Meta names besides `robots` and the known crawlers that count as robots tags (the crawlers asked for). */
  extraNames: ReadonlySet<string>;
  robotsTxt: ParsedRobotsTxt | undefined;
  headers: HeaderRules;
  /** Milliseconds since the epoch. */
  now: number;
  /** False for a deliberately non-indexable (preview) build; see {@link AuditOptions.indexable}. */
  indexable: boolean;
  /** See {@link AuditOptions.onDemandPaths}. Default: none. */
  onDemandPaths?: readonly string[];
  /** Where every page's hreflang links are kept within bounds (`AlternateStore` of i18n-checks.ts). Default: each page keeps its own. */
  alternates?: AlternateKeeper;
  /** Shares one object per distinct link across the site's pages (`LinkStore` of link-checks.ts). Default: each page has its own. */
  links?: LinkKeeper;
}
/** Keeps one object per distinct link (path and `nofollow`) of a site. */
export interface LinkKeeper {
  /** The links added from now on are the next page's. */
  nextPage(): void;
  /** The shared link to `path` (a copy of it is kept), or undefined when this page has it already or it is not worth keeping. */
  add(path: string, nofollow: boolean): Readonly<NonNullable<PageRecord['links']>[number]> | undefined;
}
/** Keeps the hreflang links of every page of a site within bounds, and counts what it dropped. */
export interface AlternateKeeper {
  /** The page's links as kept, or undefined for none. */
  keep(file: string, links: ReadonlyArray<NonNullable<PageRecord['alternates']>[number]>): PageRecord['alternates'];
  /** Links not kept. */
  readonly dropped: number;
  /** The first page with a link not kept. */
  readonly firstDropped: string | undefined;
}

/** One audited page, as kept in memory between reading and reporting (no HTML). */
export interface PageRecord {
  /** URL path, percent-encoded, with base path. */
  url: string;
  /** {@link urlPathKey} of {@link url}. */
  key: string;
  file: string;
  errorPage: boolean;
  /** The page is a redirect (a `<meta http-equiv="refresh">` with a URL): Astro's `redirects` and i18n fallback pages. */
  redirect?: boolean;
  inSitemap: boolean;
  /** The canonical link, absolute when the site is known. */
  canonical?: string;
  /** The canonical's URL path, when it points into the site. */
  canonicalPath?: string;
  /** The canonical link as written, when it is not an absolute URL (`/about/`, `//example.com/about/`); `canonical` is what it resolves to. */
  relativeCanonical?: string;
  /** When the head names more than one canonical URL: the others (resolved, distinct, a few); the audit's checks use the first, `canonical`. */
  otherCanonicals?: string[];
  /** hreflang links not written as fully qualified `http(s)` URLs: how many, and the first few as written with the URL each resolves to. */
  relativeAlternates?: { count: number; examples: Array<{ hreflang: string; written: string; used: string }> };
  /** The head's hreflang alternates: `href` absolute when the site is known, `path` when it points into the site. */
  alternates?: Array<{ hreflang: string; href: string; path?: string }>;
  sources: DirectiveSource[];
  verdicts: Record<string, CrawlerVerdict>;
  /** The live check with `--expect`: what the build meant (see AuditPage.meant). */
  meant?: Record<string, CrawlerVerdict>;
  /** The sitemap file that lists the page first, when one does. */
  sitemapFile?: string;
  /** Links into the site (URL paths) and whether they carry `nofollow` (audit/link-checks.ts); followed links only to paths that can be pages of the site when the audit knows them. */
  links?: Array<{ path: string; nofollow: boolean }>;
  /** Elements with `data-nosnippet` that Google ignores it on. */
  nosnippetIgnored?: string[];
}

/** What the finding checks look at, once every file has been read. */
export interface AuditData {
  context: AuditContext;
  /** Sorted by URL. */
  pages: readonly PageRecord[];
  /** The page that serves a requested URL path (percent-encoded or not), per the trailing-slash setting. */
  pageAt(path: string): PageRecord | undefined;
  sitemaps: SitemapRead;
  /** Distinct URLs on the site the sitemaps list. */
  sitemapUrls: number;
  /** True when robots.txt exists but could not be read. */
  robotsTxtMissing: boolean;
  skipped: readonly SkippedFile[];
}

/** The header rule files of a site, read. */
export interface HeaderRules {
  /** Files read, relative to the audited folder. */
  files: string[];
  skipped: SkippedFile[];
  /** Rules whose pattern the audit cannot evaluate without backtracking; they match nothing. */
  unchecked: UncheckedHeaderRule[];
  /**
   * The `X-Robots-Tag` values that apply to a URL path (without base path) served from `file`, in
   * file order; `requestPath` is the whole path, base path included (default: `urlPath`).
   */
  robotsHeadersFor(urlPath: string, file: string, requestPath?: string): RobotsHeaderValue[];
}

/** The site a folder is served as. */
export interface SiteUrl {
  /** `https://example.com` */
  origin: string;
  /** The path the folder is served below, without trailing slash: `''` or `/docs`. */
  basePath: string;
}

/** A robots meta tag or X-Robots-Tag header value that applies to a page, parsed. */
export interface DirectiveSource {
  kind: 'meta' | 'header';
  location: AuditLocation;
  /** As written, shortened: `<meta name="robots" content="noindex">`, `X-Robots-Tag: noindex`. */
  text: string;
  /** False for a meta tag after the body has started. */
  inHead: boolean;
  /** Directives per audience: `robots` for every crawler, otherwise a lower-cased crawler name. */
  audiences: ReadonlyMap<string, Directives>;
  /** Directives crawlers will ignore (unknown names, bad values), as messages. */
  problems: string[];
}

/** A URL listed in a sitemap. */
export interface SitemapEntry {
  /** As written in `<loc>`. */
  loc: string;
  /** The URL path on the site (percent-encoded, with base path). */
  path: string;
  /** The sitemap file that lists it. */
  file: string;
}

export interface SitemapRead {
  sitemaps: AuditSitemap[];
  /** `<loc>` entries of urlsets on the site, every one counted (duplicates too). */
  urlCount: number;
  /** Sitemap references with no file: where they were referenced from. */
  missing: Array<{ url: string; from: AuditLocation }>;
  invalid: Array<{ file: string; reason: string }>;
  /** `<loc>` entries on another origin, by sitemap file: how many, and the first. */
  foreign: Map<string, { count: number; first: string }>;
  /** Sitemaps listed beyond the number the audit reads, and where the first was listed. */
  notRead: { count: number; from?: AuditLocation };
  /** The site the sitemaps were read for. */
  site: SiteUrl | undefined;
}
/** An `X-Robots-Tag` value a header file sets for a URL. */
export interface RobotsHeaderValue {
  value: string;
  location: AuditLocation;
  /** The rule's pattern as written, e.g. `/private/*`. */
  pattern: string;
}

/** One `X-Robots-Tag` line of a header file and the requests it applies to. */
export interface RobotsHeaderRule extends RobotsHeaderValue {
  /** `set` replaces what the same file set before, `add` adds to it, `unset` removes it. */
  action: 'set' | 'add' | 'unset';
  /**
   * `urlPath` without base path (as `_headers` and Vercel, which serve the folder at the root,
   * match it); `file` is the served file, relative to the folder; `requestPath` the whole
   * request path (as Apache's `%{REQUEST_URI}` is).
   */
  matches(urlPath: string, file: string, requestPath: string): boolean;
}

/** A header rule whose pattern the audit cannot evaluate (a backreference, or too large). */
export interface UncheckedHeaderRule {
  file: string;
  /** The pattern as written. */
  pattern: string;
  /** What in it cannot be run, e.g. `a backreference`. */
  reason: string;
}
/** A file or folder left out of the audit, and why. */
export interface SkippedFile {
  /** Relative to the audited folder, with `/` separators. */
  file: string;
  reason: string;
}

/**
 * Findings about the site: sitemaps against pages, robots.txt syntax, trailing slashes, the site
 * files.
 */
import { findLinksToNoindex, findNofollowInternalLinks, findNosnippetIgnored } from './link-checks.js';
import { matchesAnyGlob } from '../glob.js';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { suggest, RobotsError } from '../errors.js';
import type {
  TrailingSlash,
  AuditFinding,
  DecisionSource,
  AuditData,
  AuditContext,
  PageRecord,
  SitemapEntry,
} from './types.js';
import { explainMatch } from '../robots-txt/match.js';
import { listCrawlers, robotsTxtSource, verdictIsNoindex } from './verdict.js';
import { codeSpan, groupBy, makeFinding, plural, sortFindings } from './findings.js';
import { MAX_SITEMAP_FILES, SITEMAP_PROTOCOL_MAX_URLS } from './sitemaps.js';
import type { RobotsTxtDiagnosticCode } from '../robots-txt/types.js';
import { urlPathKey } from './site-urls.js';
import { AI_BOTS } from '../robots-txt/ai-bots.js';
import { findAiPreferenceContradictions } from './ai-preference-checks.js';
import { findCanonicalOnNoindex, findHreflangProblems } from './i18n-checks.js';
import {
  findCanonicalProblems,
  findCanonicalToNoindex,
  findConflictingTags,
  findExpired,
  findGroupOverride,
  findInvalidDirectives,
  findNonStandardDirectives,
  findNoindexDisallowed,
  findPreviewIndexable,
  findRobotsOnErrorPage,
  findRobotsTagInBody,
  findSkipped,
} from './page-checks.js';

const MODES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];
/** The trailing-slash mode, `ignore` when not given; throws for anything else. */
export function checkTrailingSlash(value: unknown, source = 'options', key = 'trailingSlash'): TrailingSlash {
  if (value === undefined) return 'ignore';
  if (typeof value === 'string' && (MODES as readonly string[]).includes(value)) return value as TrailingSlash;
  const suggestion = typeof value === 'string' ? suggest(value, MODES) : undefined;
  throw new RobotsError({
    code: 'invalid-trailing-slash',
    source,
    key,
    value,
    problem: 'invalid trailing-slash mode',
    expected: '`always`, `never` or `ignore`',
    ...(suggestion ? { suggestion } : {}),
  });
}

/** URLs a sitemap finding lists; its message counts them all. */
export const MAX_FINDING_URLS = 1000;
/** Characters of example URLs kept across all sitemap findings, whatever the number of sitemaps: beyond this only counts grow. */
const MAX_STORED_CHARACTERS = 2_000_000;
/** URLs without a page remembered (as hashes) to skip their repeats; past this a repeat may count twice. */
const MAX_REMEMBERED_URLS = 1_000_000;
/** A 53-bit hash of a URL path (two FNV-1a halves): a repeat is recognised without keeping the URL. */
function hashKey(text: string): number {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ code, 0x5bd1e995) >>> 0;
  }
  return (high & 0x1fffff) * 0x100000000 + low;
}
interface UrlGroup {
  file: string;
  count: number;
  urls: string[];
  crawlers: Set<string>;
  rule?: DecisionSource;
  /** The last URL counted, so one URL blocked for several crawlers counts once. */
  last?: string;
}
/** Folder listings kept for the sitemap checks; past this many the cache starts again. */
const MAX_LISTED_FOLDERS = 10_000;
/** The files and sub-folders of a folder (links followed to what they point at). */
interface Listing {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}
function listFolder(folder: string): Listing {
  const files = new Set<string>();
  const folders = new Set<string>();
  try {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const target = entry.isSymbolicLink()
        ? statSync(path.join(folder, entry.name), { throwIfNoEntry: false })
        : entry;
      if (target?.isFile()) files.add(entry.name);
      else if (target?.isDirectory()) folders.add(entry.name);
    }
  } catch {
    // unreadable: nothing in it
  }
  return { files, folders };
}
/**
 * The checks of each sitemap URL, made as the sitemaps are read (`disallowed-in-sitemap`,
 * `sitemap-url-missing`, and which pages are listed, for `noindex-in-sitemap`), so that no
 * sitemap entry is kept: memory grows with the pages and a bounded number of example URLs,
 * not with the sitemaps.
 */
export class SitemapEntryChecks {
  /** Distinct URLs on the site the sitemaps list. */
  urls = 0;
  private readonly remembered = new Set<number>();
  private stored = 0;
  private readonly disallowed = new Map<string, UrlGroup>();
  private readonly missing = new Map<string, UrlGroup>();
  private readonly listings = new Map<string, Listing>();
  constructor(
    private readonly context: AuditContext,
    private readonly pageAt: (path: string) => PageRecord | undefined,
  ) {}

  add(entry: SitemapEntry): void {
    const page = this.pageAt(entry.path);
    if (page) {
      if (page.sitemapFile !== undefined) return;
      page.inSitemap = true;
      page.sitemapFile = entry.file;
    } else {
      const key = hashKey(urlPathKey(entry.path));
      if (this.remembered.has(key)) return;
      if (this.remembered.size < MAX_REMEMBERED_URLS) this.remembered.add(key);
      // Rendered on request by the server: no file, and none expected.
      const onDemand = matchesAnyGlob(entry.path, this.context.onDemandPaths ?? []);
      if (!onDemand && !this.hasFile(entry.path)) this.note(this.missing, entry.file, entry.file, entry.path);
    }
    this.urls++;
    const { robotsTxt, crawlers, indexable } = this.context;
    if (!robotsTxt || !indexable) return;
    for (const crawler of crawlers) {
      const match = explainMatch(robotsTxt, crawler.toLowerCase(), entry.path);
      if (!match.allowed && match.rule)
        this.note(
          this.disallowed,
          `${entry.file}\n${match.rule.line}`,
          entry.file,
          entry.path,
          crawler,
          robotsTxtSource(match.rule),
        );
    }
  }
  private note(
    groups: Map<string, UrlGroup>,
    key: string,
    file: string,
    url: string,
    crawler?: string,
    rule?: DecisionSource,
  ): void {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { file, count: 0, urls: [], crawlers: new Set(), ...(rule ? { rule } : {}) }));
    if (crawler !== undefined) group.crawlers.add(crawler);
    if (group.last === url) return;
    group.last = url;
    group.count++;
    if (group.urls.length < MAX_FINDING_URLS && this.stored + url.length <= MAX_STORED_CHARACTERS) {
      group.urls.push(url);
      this.stored += url.length;
    }
  }
  /**
   * A file (or a folder with an index.html) serves the URL, so an entry without a page is no
   * 404. Read from folder listings walked from the root, each read once: a sitemap of 200,000
   * URLs in folders that do not exist costs set lookups, not a file-system call per URL.
   */
  private hasFile(urlPath: string): boolean {
    const relative = urlPathKey(urlPath).slice((this.context.site?.basePath ?? '').length);
    const segments = relative.split('/').filter((segment) => segment !== '');
    if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('\0'))) return false;
    const last = relative.endsWith('/') || segments.length === 0 ? undefined : segments.pop();
    let folder = this.context.root;
    let listing = this.listing(folder);
    for (const segment of segments) {
      if (!listing.folders.has(segment)) return false;
      folder = path.join(folder, segment);
      listing = this.listing(folder);
    }
    return listing.files.has(last ?? 'index.html');
  }
  private listing(folder: string): Listing {
    let listing = this.listings.get(folder);
    if (!listing) {
      if (this.listings.size >= MAX_LISTED_FOLDERS) this.listings.clear();
      this.listings.set(folder, (listing = listFolder(folder)));
    }
    return listing;
  }
  /** `disallowed-in-sitemap` (by sitemap file and blocking rule) and `sitemap-url-missing` (by sitemap file). */
  findings(): AuditFinding[] {
    const disallowed = [...this.disallowed.values()].map(({ file, count, urls, crawlers, rule }) =>
      makeFinding(
        'disallowed-in-sitemap',
        `${file} lists ${plural(count, 'URL')} that robots.txt line ${rule!.line} ${codeSpan(rule!.text)} blocks for ${listCrawlers(crawlers)}; remove them from the sitemap or allow crawling.`,
        { urls, source: { file: rule!.file, line: rule!.line }, crawlers },
      ),
    );
    const missing = [...this.missing.values()].map(({ file, count, urls }) =>
      makeFinding(
        'sitemap-url-missing',
        `${file} lists ${plural(count, 'URL')} with no file in the output folder; they will answer 404 unless the host rewrites them (is --trailing-slash right?).`,
        { urls, source: { file } },
      ),
    );
    return [...disallowed, ...missing];
  }
}

/** `noindex-in-sitemap`: sitemap URLs whose page is noindex or an error page, grouped by the sitemap file that lists them first. */
export function findNoindexInSitemap(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; file: string; crawlers: string[]; errorPage: boolean }> = [];
  for (const page of data.pages) {
    if (page.sitemapFile === undefined) continue;
    const crawlers = Object.entries(page.verdicts)
      .filter(([, verdict]) => verdictIsNoindex(verdict))
      .map(([crawler]) => crawler);
    if (page.errorPage || crawlers.length > 0)
      hits.push({ url: page.url, file: page.sitemapFile, crawlers, errorPage: page.errorPage });
  }
  return [...groupBy(hits, (hit) => hit.file).entries()].map(([file, group]) => {
    const errorPages = group.filter((hit) => hit.errorPage).length;
    const crawlers = group.flatMap((hit) => hit.crawlers);
    const what = [
      ...(crawlers.length > 0 ? [`noindex for ${listCrawlers(crawlers)}`] : []),
      ...(errorPages > 0 ? [`${plural(errorPages, 'error page')}`] : []),
    ].join('; ');
    return makeFinding(
      'noindex-in-sitemap',
      `${file} lists ${plural(group.length, 'URL')} that must not be indexed (${what}); remove them from the sitemap or drop the noindex.`,
      { urls: group.map((hit) => hit.url), source: { file }, ...(crawlers.length > 0 ? { crawlers } : {}) },
    );
  });
}

/**
 * Lines whose loss changes what crawlers may fetch; every other diagnostic is a warning. An unknown
 * key (`Foo:`) is not one: Google ignores the line, and keys of other conventions (RSL's `License`,
 * Yandex's `Clean-param`) keep appearing, so a check must not fail CI on them (issue 40).
 */
const FETCH_CHANGING: ReadonlySet<RobotsTxtDiagnosticCode | string> = new Set([
  'invalid-syntax',
  'rule-outside-group',
  'unsupported-directive',
  'invalid-user-agent',
  'file-too-large',
]);
const LISTED_AI_TOKENS: ReadonlySet<string> = new Set(AI_BOTS.map((bot) => bot.userAgent.toLowerCase()));
/**
 * `User-agent: AI2Bot`: a token with digits, as some operators publish theirs. The operator's
 * crawler matches it whole; only parsers that follow Google's read `AI`. `listed` for a token of
 * `AI_BOTS` (its operator documents it so, and `blockAiBots` writes it), `other` for any other.
 */
function tokenWithDigits(diagnostic: { code: string; text: string }): 'listed' | 'other' | undefined {
  if (diagnostic.code !== 'user-agent-truncated') return undefined;
  const token = /^\s*user-agent\s*:?\s*([A-Za-z_-][A-Za-z0-9_-]*)\s*(?:#.*)?$/i.exec(diagnostic.text)?.[1];
  if (token === undefined) return undefined;
  return LISTED_AI_TOKENS.has(token.toLowerCase()) ? 'listed' : 'other';
}
/**
 * `robots-txt-syntax`: one finding per robots.txt line crawlers ignore or read differently. A
 * listed AI token with digits is no finding: it is written as its crawler matches it (the file
 * `blockAiBots` writes says how Google-style parsers read it); another token with digits is info.
 */
export function findRobotsTxtSyntax(data: AuditData): AuditFinding[] {
  return (data.context.robotsTxt?.diagnostics ?? []).flatMap((diagnostic) => {
    const kind = tokenWithDigits(diagnostic);
    if (kind === 'listed') return [];
    const digits = kind === 'other';
    const reason = digits
      ? `${diagnostic.reason}; the crawler that publishes this token matches it whole, so only Google-style parsers misread it`
      : diagnostic.reason;
    return makeFinding(
      'robots-txt-syntax',
      `robots.txt line ${diagnostic.line}: ${reason} (${codeSpan(diagnostic.text, 80)}).`,
      {
        source: { file: 'robots.txt', line: diagnostic.line },
        severity: digits
          ? 'info'
          : diagnostic.severity === 'error' && FETCH_CHANGING.has(diagnostic.code)
            ? 'error'
            : 'warning',
      },
    );
  });
}

/** `no-robots-txt`, `no-sitemap`, `sitemap-missing`, `sitemap-invalid` and `sitemap-foreign-url`. */
export function findSiteFileProblems(data: AuditData): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const { sitemaps } = data;
  if (data.robotsTxtMissing) {
    findings.push(
      makeFinding(
        'no-robots-txt',
        'No robots.txt: crawlers may fetch every URL (fine if intended), and no sitemap is advertised to them.',
      ),
    );
  }
  if (sitemaps.sitemaps.length === 0) {
    findings.push(
      makeFinding(
        'no-sitemap',
        'No sitemap found (robots.txt `Sitemap:` lines, sitemap-index.xml, sitemap_index.xml, sitemap.xml, sitemap-0.xml).',
      ),
    );
  }
  for (const { url, from } of sitemaps.missing) {
    const where = from.line === undefined ? from.file : `${from.file} line ${from.line}`;
    findings.push(
      makeFinding(
        'sitemap-missing',
        `${where} points at sitemap ${codeSpan(url)}, which is not in the output folder.`,
        { source: from },
      ),
    );
  }
  for (const { file, reason } of sitemaps.invalid) {
    findings.push(makeFinding('sitemap-invalid', `Sitemap ${file} cannot be read: ${reason}.`, { source: { file } }));
  }
  for (const [file, { count, first }] of sitemaps.foreign) {
    const site = sitemaps.site ? ` (${sitemaps.site.origin}${sitemaps.site.basePath})` : '';
    findings.push(
      makeFinding(
        'sitemap-foreign-url',
        `${file} lists ${plural(count, 'URL')} outside the site${site} or not absolute, e.g. ${codeSpan(first)}; crawlers ignore them (is --site right?).`,
        { source: { file } },
      ),
    );
  }
  for (const sitemap of sitemaps.sitemaps) {
    if (sitemap.file === undefined || sitemap.urlCount <= SITEMAP_PROTOCOL_MAX_URLS) continue;
    findings.push(
      makeFinding(
        'sitemap-too-many-urls',
        `${sitemap.file} lists ${sitemap.urlCount.toLocaleString('en-US')} ${sitemap.kind === 'index' ? 'sitemaps' : 'URLs'}, over the protocol's ${SITEMAP_PROTOCOL_MAX_URLS.toLocaleString('en-US')} per file: crawlers may reject it or ignore the rest; split it into several files listed by a sitemap index.`,
        { source: { file: sitemap.file } },
      ),
    );
  }
  if (sitemaps.notRead.count > 0) {
    const from = sitemaps.notRead.from!;
    findings.push(
      makeFinding(
        'skipped',
        `Skipped ${plural(sitemaps.notRead.count, 'sitemap')} listed in ${from.file}: the audit reads at most ${MAX_SITEMAP_FILES} sitemap files.`,
        { source: from },
      ),
    );
  }
  for (const { file, pattern, reason } of data.context.headers.unchecked) {
    findings.push(
      makeFinding(
        'header-rule-unchecked',
        `${file}: the audit cannot check the pattern ${codeSpan(pattern)} (${reason}); pages it may match were audited without its X-Robots-Tag.`,
        {
          source: { file },
        },
      ),
    );
  }
  return findings;
}

/**
 * Every check, run over the read site, and those made while the sitemaps were read; sorted. A non-indexable (preview) build puts noindex
 * on every page and `Disallow: /` in robots.txt on purpose: it is checked for the one thing it
 * must guarantee, that no page can be indexed, instead of how an indexable site is indexed.
 */
export function collectFindings(data: AuditData, sitemapFindings: readonly AuditFinding[]): AuditFinding[] {
  const indexable = data.context.indexable;
  return sortFindings([
    ...(indexable
      ? [
          ...findNoindexDisallowed(data),
          ...findNoindexInSitemap(data),
          ...findCanonicalToNoindex(data),
          ...findExpired(data),
          ...findHreflangProblems(data),
          ...findCanonicalOnNoindex(data),
        ]
      : findPreviewIndexable(data)),
    // Links and snippets (audit/link-checks.ts): links to noindex pages matter only in an indexable build.
    ...(indexable ? findLinksToNoindex(data) : []),
    ...findNofollowInternalLinks(data),
    ...findNosnippetIgnored(data),
    ...findConflictingTags(data),
    ...findCanonicalProblems(data),
    ...findRobotsOnErrorPage(data),
    ...findRobotsTagInBody(data),
    ...findInvalidDirectives(data),
    ...findNonStandardDirectives(data),
    ...findGroupOverride(data),
    ...findRobotsTxtSyntax(data),
    ...(indexable ? findAiPreferenceContradictions(data) : []),
    ...findSiteFileProblems(data),
    // Made while the sitemaps were read: `disallowed-in-sitemap` (indexable builds) and `sitemap-url-missing`.
    ...sitemapFindings,
    ...findSkipped(data),
  ]);
}

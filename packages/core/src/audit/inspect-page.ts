/**
 * inspectPage: one page as a dev server serves it, seen by each crawler the way `auditSite` sees a
 * built page (its tags, the X-Robots-Tag the `headers` option gives it, robots.txt), with where
 * each directive came from in the options and the page's data, and the audit's findings about
 * the page. The Astro dev toolbar asks for it on every page it shows.
 */
import { mergeDirectives, type Directives } from '../directives/types.js';
import { emptySitemapRead } from './sitemaps.js';
import { validateHeadersOptions } from '../headers/options.js';
import { headerForUrl, type UrlHeader } from '../headers/plan.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import { explainPageSources, type ExplainedSource, type PageExplanation } from '../resolve/explain-page.js';
import { isErrorPage, type PageToResolve } from '../resolve/resolve-page.js';
import { AI_BOTS } from '../robots-txt/ai-bots.js';
import { explainMatch } from '../robots-txt/match.js';
import { parseRobotsTxt } from '../robots-txt/parse.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import { sortFindings } from './findings.js';
import {
  findCanonicalProblems,
  findConflictingTags,
  findExpired,
  findInvalidDirectives,
  findNoindexDisallowed,
  findPreviewIndexable,
  findRobotsOnErrorPage,
  findRobotsTagInBody,
} from './page-checks.js';
import { readPage } from './read-page.js';
import type { AuditData, AuditFinding, CrawlerVerdict, DirectiveSource, PageRecord } from './types.js';
import {
  computeVerdict,
  DEFAULT_AUDIT_CRAWLERS,
  headerSource,
  metaSource,
  restrictionsBy,
  type RestrictionKind,
} from './verdict.js';

export interface PageInspectionInput {
  /** The URL path the page is served at, with the base path, e.g. `/blog/post/`. */
  url: string;
  /** The HTML as served (after robots-kit put its tags in). */
  html: string;
  /** The HTTP status it was served with. Default: `200`. */
  status?: number;
  /** Validated options (`normalizeOptions`). */
  options: NormalizedRobotsOptions;
  /** The page as the adapter gave it to `resolvePage`; without it, the options-level origins are left out. */
  page?: PageToResolve;
  /** The robots.txt the site serves; `undefined` when it serves none. */
  robotsTxt?: string;
  /** The file to name in findings. Default: the URL. */
  file?: string;
  /** The instant `unavailable_after` dates are compared with. Default: the current time. */
  now?: Date;
}
/** What robots.txt says to one crawler about the URL. */
export interface RobotsTxtAnswer {
  allowed: boolean;
  /** The `User-agent` lines of the group that applied, e.g. `User-agent: *`; absent when none applied. */
  group?: string;
  /** The rule that decided, as written, e.g. `Disallow: /admin/`. */
  rule?: string;
  line?: number;
}
/** One row of the inspection: a crawler (or several AI crawlers told the same). */
export interface CrawlerInspection {
  /** `*` for every crawler without a tag or group of its own (the `robots` tag), else a product token as its operator writes it. */
  crawler: string;
  /** The crawlers of the row when several AI crawlers get the same answer. */
  members: string[];
  verdict: CrawlerVerdict;
  robotsTxt: RobotsTxtAnswer;
  /** Per restriction, indexes into {@link PageExplanation.origins} of what set it. */
  origins: Partial<Record<RestrictionKind, number[]>>;
}
export interface PageInspection {
  url: string;
  errorPage: boolean;
  /** The robots tags in the served HTML, name → content, in document order (repeated names joined by `, `). */
  tags: Record<string, string>;
  /** The X-Robots-Tag the `headers` option gives the URL on the hosts; absent when none. */
  header?: UrlHeader;
  /** Where the directives came from; absent when the page's inputs are not known. */
  explanation?: PageExplanation;
  /** `*`, googlebot, bingbot, then the AI crawlers grouped by answer. */
  crawlers: CrawlerInspection[];
  robotsTxtFound: boolean;
  /** What `robots-kit check` would report about this page (for `*` and googlebot, its default crawlers). */
  findings: AuditFinding[];
}

/** Every crawler of the toolbar: the meta names search engines read, then the AI crawlers. */
const SEARCH_CRAWLERS = ['*', 'googlebot', 'bingbot'];
const AI_CRAWLERS = AI_BOTS.map((bot) => bot.userAgent);

/** The rule that decides for `crawler`, and the `User-agent` lines of the groups it reads. */
function robotsTxtAnswer(parsed: ParsedRobotsTxt | undefined, crawler: string, url: string): RobotsTxtAnswer {
  if (!parsed) return { allowed: true };
  const match = explainMatch(parsed, crawler, url);
  const groups = match.groupIndexes.map((index) => parsed.groups[index]!);
  const agents = groups.flatMap((group) => group.userAgents);
  return {
    allowed: match.allowed,
    ...(agents.length > 0
      ? { group: [...new Set(agents.map((agent) => `User-agent: ${agent.value}`))].join(', ') }
      : {}),
    ...(match.rule
      ? { rule: `${match.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${match.rule.value}`, line: match.rule.line }
      : {}),
  };
}
/** Which explained sources decided each restriction for `crawler`, as origin indexes. */
function originsFor(
  sources: readonly ExplainedSource[],
  crawler: string,
  now: number,
): Partial<Record<RestrictionKind, number[]>> {
  const told: Array<[number, Directives]> = [];
  sources.forEach((source, index) => {
    const own = crawler === '*' ? undefined : source.parsed.crawlers.get(crawler);
    told.push([index, own ? mergeDirectives(source.parsed.all, own) : source.parsed.all]);
  });
  return restrictionsBy(told, now).by;
}
function headerSources(header: UrlHeader | undefined): DirectiveSource[] {
  if (!header) return [];
  const pattern = header.origins.map((origin) => origin.pattern).join(', ');
  return header.values.map((value) => headerSource(value, { file: 'headers option' }, pattern));
}
/** AI crawlers told exactly the same are one row; the others each get theirs. */
function groupRows(rows: CrawlerInspection[]): CrawlerInspection[] {
  const grouped = new Map<string, CrawlerInspection>();
  for (const row of rows) {
    const key = JSON.stringify([row.verdict, row.robotsTxt, row.origins]);
    const same = grouped.get(key);
    if (same) same.members.push(row.crawler);
    else grouped.set(key, row);
  }
  return [...grouped.values()];
}

/**
 * Inspects one served page for every crawler: its verdict (from the served tags, the header the
 * `headers` option gives it and robots.txt), which options and page data decided each
 * restriction, and the audit's findings about the page. `options` must be normalized.
 */
export function inspectPage(input: PageInspectionInput): PageInspection {
  const now = (input.now ?? new Date()).getTime();
  const file = input.file ?? input.url;
  const robotsTxt = input.robotsTxt === undefined ? undefined : parseRobotsTxt(input.robotsTxt);
  const explained = input.page ? explainPageSources(input.page, input.options) : undefined;
  const facts = readPage(
    input.html,
    new Set([...SEARCH_CRAWLERS, ...AI_CRAWLERS].filter((name) => name !== '*').map((name) => name.toLowerCase())),
  );
  const tags: Record<string, string> = {};
  for (const tag of facts.robotsTags)
    tags[tag.name] = tags[tag.name] === undefined ? tag.content : `${tags[tag.name]}, ${tag.content}`;
  let header: UrlHeader | undefined;
  if (input.options.headers !== undefined) {
    header = headerForUrl(validateHeadersOptions(input.options.headers, 'headers option'), {
      url: input.url,
      tags: explained?.explanation.tags ?? tags,
    });
  }
  const sources = [...headerSources(header), ...facts.robotsTags.map((tag) => metaSource(tag, file))];
  const errorPage = isErrorPage(
    { url: input.url, ...(input.status === undefined ? {} : { status: input.status }) },
    input.options.errorPages,
  );
  const verdictOf = (crawler: string): CrawlerVerdict =>
    computeVerdict({
      crawler,
      url: input.url,
      sources,
      ...(robotsTxt ? { robotsTxt } : {}),
      ...(errorPage ? { errorPageFile: file } : {}),
      now,
    });
  const row = (name: string): CrawlerInspection => {
    const crawler = name.toLowerCase();
    return {
      crawler: name,
      members: [name],
      verdict: verdictOf(crawler),
      robotsTxt: robotsTxtAnswer(robotsTxt, crawler, input.url),
      origins: explained ? originsFor(explained.sources, crawler, now) : {},
    };
  };
  const record: PageRecord = {
    url: input.url,
    key: input.url,
    file,
    errorPage,
    inSitemap: false,
    sources,
    verdicts: Object.fromEntries(DEFAULT_AUDIT_CRAWLERS.map((crawler) => [crawler, verdictOf(crawler)])),
  };
  return {
    url: input.url,
    errorPage,
    tags,
    ...(header ? { header } : {}),
    ...(explained ? { explanation: explained.explanation } : {}),
    crawlers: [...SEARCH_CRAWLERS.map(row), ...groupRows(AI_CRAWLERS.map(row))],
    robotsTxtFound: robotsTxt !== undefined,
    findings: pageFindings(record, robotsTxt, input.options.indexable, now),
  };
}

/** A dev server has no header files: the page's X-Robots-Tag comes from the `headers` option, as a source of its own. */
const NO_HEADER_FILES = { files: [], skipped: [], unchecked: [], robotsHeadersFor: () => [] };
/** The audit's single-page checks, run on this one page. */
function pageFindings(
  page: PageRecord,
  robotsTxt: ParsedRobotsTxt | undefined,
  indexable: boolean,
  now: number,
): AuditFinding[] {
  const data: AuditData = {
    context: {
      root: '',
      site: undefined,
      trailingSlash: 'ignore',
      crawlers: DEFAULT_AUDIT_CRAWLERS,
      extraNames: new Set(['googlebot']),
      robotsTxt,
      headers: NO_HEADER_FILES,
      now,
      indexable,
    },
    pages: [page],
    pageAt: (path) => (path === page.url ? page : undefined),
    sitemaps: emptySitemapRead(undefined),
    sitemapUrls: 0,
    robotsTxtMissing: robotsTxt === undefined,
    skipped: [],
  };
  return sortFindings([
    ...(indexable ? [...findNoindexDisallowed(data), ...findExpired(data)] : findPreviewIndexable(data)),
    ...findConflictingTags(data),
    ...findCanonicalProblems(data),
    ...findRobotsOnErrorPage(data),
    ...findRobotsTagInBody(data),
    ...findInvalidDirectives(data),
  ]);
}

/**
 * Findings about the site: sitemaps against pages, robots.txt syntax, trailing slashes, the site
 * files.
 */
import { matchesAnyGlob } from '../glob.js';
import { stat } from 'node:fs/promises';
import { suggest, RobotsError } from '../errors.js';
import type { TrailingSlash, AuditFinding, DecisionSource, AuditData } from './types.js';
import { explainMatch } from '../robots-txt/match.js';
import { listCrawlers, robotsTxtSource, verdictIsNoindex } from './verdict.js';
import { codeSpan, groupBy, makeFinding, plural, sortFindings } from './findings.js';
import type { RobotsTxtDiagnosticCode } from '../robots-txt/types.js';
import { resolveInside } from './read-files.js';
import { urlPathKey } from './site-urls.js';
import { findCanonicalToNoindex, findConflictingTags, findExpired, findGroupOverride, findInvalidDirectives, findNoindexDisallowed, findPreviewIndexable, findRobotsOnErrorPage, findRobotsTagInBody, findSkipped } from './page-checks.js';

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

/** `disallowed-in-sitemap`: sitemap URLs robots.txt blocks, grouped by sitemap file and blocking rule. */
export function findDisallowedInSitemap(data: AuditData): AuditFinding[] {
  const { robotsTxt, crawlers } = data.context;
  if (!robotsTxt) return [];
  const hits: Array<{ url: string; file: string; crawler: string; rule: DecisionSource }> = [];
  for (const entry of data.sitemaps.entries.values()) {
    for (const crawler of crawlers) {
      const match = explainMatch(robotsTxt, crawler.toLowerCase(), entry.path);
      if (!match.allowed && match.rule) hits.push({ url: entry.path, file: entry.file, crawler, rule: robotsTxtSource(match.rule) });
    }
  }
  return [...groupBy(hits, (hit) => `${hit.file}\n${hit.rule.line}`).values()].map((group) => {
    const { file, rule } = group[0]!;
    const urls = new Set(group.map((hit) => hit.url));
    return makeFinding(
      'disallowed-in-sitemap',
      `${file} lists ${plural(urls.size, 'URL')} that robots.txt line ${rule.line} ${codeSpan(rule.text)} blocks for ${listCrawlers(group.map((hit) => hit.crawler))}; remove them from the sitemap or allow crawling.`,
      { urls, source: { file: rule.file, line: rule.line }, crawlers: group.map((hit) => hit.crawler) },
    );
  });
}

/** `noindex-in-sitemap`: sitemap URLs whose page is noindex or an error page, grouped by sitemap file. */
export function findNoindexInSitemap(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; file: string; crawlers: string[]; errorPage: boolean }> = [];
  for (const entry of data.sitemaps.entries.values()) {
    const page = data.pageAt(entry.path);
    if (!page) continue;
    const crawlers = Object.entries(page.verdicts).filter(([, verdict]) => verdictIsNoindex(verdict)).map(([crawler]) => crawler);
    if (page.errorPage || crawlers.length > 0) hits.push({ url: page.url, file: entry.file, crawlers, errorPage: page.errorPage });
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

/** Lines whose loss changes what crawlers may fetch; every other diagnostic is a warning. */
const FETCH_CHANGING: ReadonlySet<RobotsTxtDiagnosticCode | string> = new Set([
  'invalid-syntax',
  'rule-outside-group',
  'unknown-directive',
  'unsupported-directive',
  'invalid-user-agent',
  'file-too-large',
]);
/** `robots-txt-syntax`: one finding per robots.txt line crawlers ignore or read differently. */
export function findRobotsTxtSyntax(data: AuditData): AuditFinding[] {
  return (data.context.robotsTxt?.diagnostics ?? []).map((diagnostic) =>
    makeFinding('robots-txt-syntax', `robots.txt line ${diagnostic.line}: ${diagnostic.reason} (${codeSpan(diagnostic.text, 80)}).`, {
      source: { file: 'robots.txt', line: diagnostic.line },
      severity: diagnostic.severity === 'error' && FETCH_CHANGING.has(diagnostic.code) ? 'error' : 'warning',
    }),
  );
}

/** `no-robots-txt`, `no-sitemap`, `sitemap-missing`, `sitemap-invalid` and `sitemap-foreign-url`. */
export function findSiteFileProblems(data: AuditData): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const { sitemaps } = data;
  if (data.robotsTxtMissing) {
    findings.push(makeFinding('no-robots-txt', 'No robots.txt: crawlers may fetch every URL (fine if intended), and no sitemap is advertised to them.'));
  }
  if (sitemaps.sitemaps.length === 0) {
    findings.push(
      makeFinding('no-sitemap', 'No sitemap found (robots.txt `Sitemap:` lines, sitemap-index.xml, sitemap_index.xml, sitemap.xml, sitemap-0.xml).'),
    );
  }
  for (const { url, from } of sitemaps.missing) {
    const where = from.line === undefined ? from.file : `${from.file} line ${from.line}`;
    findings.push(makeFinding('sitemap-missing', `${where} points at sitemap ${codeSpan(url)}, which is not in the output folder.`, { source: from }));
  }
  for (const { file, reason } of sitemaps.invalid) {
    findings.push(makeFinding('sitemap-invalid', `Sitemap ${file} cannot be read: ${reason}.`, { source: { file } }));
  }
  for (const [file, locs] of sitemaps.foreign) {
    const site = sitemaps.site ? ` (${sitemaps.site.origin}${sitemaps.site.basePath})` : '';
    findings.push(
      makeFinding(
        'sitemap-foreign-url',
        `${file} lists ${plural(locs.length, 'URL')} outside the site${site} or not absolute, e.g. ${codeSpan(locs[0]!)}; crawlers ignore them (is --site right?).`,
        { source: { file } },
      ),
    );
  }
  return findings;
}

async function isFile(file: string | undefined): Promise<boolean> {
  if (file === undefined) return false;
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}
/** `sitemap-url-missing`: sitemap URLs with neither a page nor any other file behind them, grouped by sitemap. */
export async function findSitemapUrlMissing(data: AuditData): Promise<AuditFinding[]> {
  const basePath = data.context.site?.basePath ?? '';
  const missing: Array<{ url: string; file: string }> = [];
  for (const entry of data.sitemaps.entries.values()) {
    if (data.pageAt(entry.path)) continue;
    // Rendered on request by the server: no file, and none expected.
    if (matchesAnyGlob(entry.path, data.context.onDemandPaths ?? [])) continue;
    const relative = urlPathKey(entry.path).slice(basePath.length);
    const file = resolveInside(data.context.root, relative);
    if (await isFile(file)) continue;
    if (relative.endsWith('/') && (await isFile(resolveInside(data.context.root, `${relative}index.html`)))) continue;
    missing.push({ url: entry.path, file: entry.file });
  }
  return [...groupBy(missing, (hit) => hit.file).entries()].map(([file, group]) =>
    makeFinding(
      'sitemap-url-missing',
      `${file} lists ${plural(group.length, 'URL')} with no file in the output folder; they will answer 404 unless the host rewrites them (is --trailing-slash right?).`,
      { urls: group.map((hit) => hit.url), source: { file } },
    ),
  );
}

/**
 * Every check, run over the read site; sorted. A non-indexable (preview) build puts noindex
 * on every page and `Disallow: /` in robots.txt on purpose: it is checked for the one thing it
 * must guarantee, that no page can be indexed, instead of how an indexable site is indexed.
 */
export async function collectFindings(data: AuditData): Promise<AuditFinding[]> {
  const indexable = data.context.indexable;
  return sortFindings([
    ...(indexable
      ? [...findNoindexDisallowed(data), ...findNoindexInSitemap(data), ...findDisallowedInSitemap(data), ...findCanonicalToNoindex(data), ...findExpired(data)]
      : findPreviewIndexable(data)),
    ...findConflictingTags(data),
    ...findRobotsOnErrorPage(data),
    ...findRobotsTagInBody(data),
    ...findInvalidDirectives(data),
    ...findGroupOverride(data),
    ...findRobotsTxtSyntax(data),
    ...findSiteFileProblems(data),
    ...(await findSitemapUrlMissing(data)),
    ...findSkipped(data),
  ]);
}

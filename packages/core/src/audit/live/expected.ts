/**
 * What a built folder promises its host will serve, and how a served response is held to it: the
 * URL of every file the build wrote, the verdict per crawler the build meant for it (its robots
 * meta tags and the header files' `X-Robots-Tag` rules), a URL that must answer as an error page,
 * and the `served-differs` findings with the likely cause of each difference.
 */
import { randomBytes } from 'node:crypto';
import { codeSpan, makeFinding } from '../findings.js';
import { urlPathKey } from '../site-urls.js';
import type { AuditFinding, AuditReport, CrawlerVerdict, DecisionSource, PageRecord, SiteUrl } from '../types.js';
import type { LiveResponse } from './http-client.js';

/** A URL to request, and what the build meant for it. */
export interface Target {
  /** The URL path, base path included. */
  path: string;
  /** The built file served at it. */
  file?: string;
  html: boolean;
  /** The verdicts the build meant, per crawler. */
  meant?: Record<string, CrawlerVerdict>;
  /** A URL the build has no file for, which must answer as an error page. */
  probe?: 'error-page';
}

/**
 * Every file of the built folder at the URL it is served at, with the verdicts the build meant
 * (the folder audit's: pages from their meta tags and the header files, other files from the
 * header files). Error pages are not requested at their own URL; a made-up URL is, and must
 * answer as one.
 */
export function expectedTargets(meant: AuditReport, site: SiteUrl): { targets: Target[]; errorProbe?: Target } {
  const targets: Target[] = [
    ...meant.pages
      .filter((page) => !page.errorPage)
      .map((page) => ({ path: page.url, file: page.file, html: true, meant: page.crawlers })),
    ...meant.files.map((file) => ({
      path: encodeURI(file.url),
      file: file.file,
      html: false,
      meant: file.crawlers,
    })),
  ];
  if (!meant.pages.some((page) => page.errorPage)) return { targets };
  const probe = `${site.basePath}/robots-kit-check-${randomBytes(6).toString('hex')}/`;
  return { targets, errorProbe: { path: probe, html: true, probe: 'error-page' } };
}

/** `noindex, nofollow`, or `no restriction`: a verdict as the directives that make it, `follow` aside. */
function describe(verdict: CrawlerVerdict | undefined): string {
  if (verdict === undefined) return 'nothing';
  const tokens = verdict.directives.filter((token) => token !== 'follow');
  return tokens.length === 0 ? 'no restriction' : tokens.join(', ');
}
function sameVerdict(meant: CrawlerVerdict, served: CrawlerVerdict | undefined): boolean {
  return served !== undefined && meant.indexable === served.indexable && describe(meant) === describe(served);
}
function fromHeader(verdict: CrawlerVerdict | undefined): boolean {
  const reasons: Array<DecisionSource[] | undefined> = Object.values(verdict?.because ?? {});
  return reasons.some((sources) => sources?.some((source) => source.kind === 'header'));
}
/** `/a/`, `/a/index.html`, `/a.html` and `/a` are one page: a trailing-slash redirect is not a difference. */
function pageKey(urlPath: string): string {
  return urlPathKey(urlPath)
    .replace(/\/index\.html?$/i, '/')
    .replace(/\.html?$/i, '')
    .replace(/\/+$/, '');
}

/** The differences between what the build meant for `target` and what the server sent back. */
export function compareServed(target: Target, response: LiveResponse, served: PageRecord): AuditFinding[] {
  const requested = new URL(response.url).pathname;
  const finalPath = new URL(response.finalUrl).pathname;
  const urls = [requested];
  if (target.probe === 'error-page') {
    if (response.status >= 400) return [];
    const how =
      response.redirects.length > 0
        ? `redirects to ${codeSpan(finalPath)}, which answers ${response.status}`
        : `answers ${response.status}`;
    return [
      makeFinding(
        'served-differs',
        `${codeSpan(requested)}, a URL this build has no page for, ${how} instead of 404: a soft 404. The build has an error page; crawlers index what a soft 404 serves. Likely cause: a catch-all rewrite or an SPA fallback in front of the error page.`,
        { urls },
      ),
    ];
  }
  const built = target.file === undefined ? '' : ` (${target.file})`;
  if (response.status >= 400) {
    return [
      makeFinding(
        'served-differs',
        `The build wrote ${codeSpan(requested)}${built}; the server answers ${response.status}. Likely cause: not deployed, or a server rule (try_files, a location, MultiViews, a rewrite) that does not find it.`,
        { urls },
      ),
    ];
  }
  const findings: AuditFinding[] = [];
  if (response.redirects.length > 0 && pageKey(finalPath) !== pageKey(requested)) {
    const to =
      target.meant && Object.values(served.verdicts).some((verdict) => verdict.indexable) ? 'an indexable page ' : '';
    findings.push(
      makeFinding(
        'served-differs',
        `The build wrote ${codeSpan(requested)}${built}; the server redirects it to ${to}${codeSpan(finalPath)}.`,
        { urls },
      ),
    );
  }
  const differing = Object.entries(target.meant ?? {}).filter(
    ([crawler, verdict]) => !sameVerdict(verdict, served.verdicts[crawler]),
  );
  if (differing.length === 0) return findings;
  const [crawler, meant] = differing[0]!;
  const got = served.verdicts[crawler];
  const meantHeader = fromHeader(meant);
  const servedHeader = served.sources.some((source) => source.kind === 'header');
  const cause =
    meantHeader && !servedHeader
      ? 'no X-Robots-Tag came back: the host did not apply the header file (nginx: the snippet not included, or a `location` with its own `add_header`; Apache: mod_headers not loaded, or `AllowOverride` without `FileInfo`; Vercel: a stale `vercel.json`)'
      : servedHeader && !meantHeader
        ? 'the server sends an X-Robots-Tag this build did not write: a stale header file, or a host or CDN rule'
        : meantHeader
          ? 'the X-Robots-Tag differs: the host applies other header rules than this build wrote (a stale `vercel.json` or header file)'
          : 'the page served is not this build’s (a stale deploy or cache), or something in front of it rewrote its head';
  findings.push(
    makeFinding(
      'served-differs',
      `${codeSpan(requested)}${built} for ${differing.map(([name]) => name).join(', ')}: the build meant ${describe(meant)}, the server sends ${describe(got)}. Likely cause: ${cause}.`,
      { urls, crawlers: differing.map(([name]) => name) },
    ),
  );
  return findings;
}

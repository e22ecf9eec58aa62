/**
 * Findings about links and snippets (issue 16): links from indexable pages to noindex or
 * disallowed pages of the site (`link-to-noindex`, info), `nofollow` on links to the site's own
 * pages (`nofollow-internal-link`, a warning: the REP guide calls it a common mistake), and
 * `data-nosnippet` on elements Google ignores it on (`nosnippet-ignored`). The links are read by
 * `readPage` with the rest of a page; here they are resolved into the site and checked.
 */
import { codeSpan, groupBy, joinLimited, makeFinding, plural } from './findings.js';
import { resolveCanonical, type PageFacts } from './page-facts.js';
import { ownString } from './read-files.js';
import type { AuditData, AuditFinding, PageRecord, SiteUrl } from './types.js';
import { listCrawlers, verdictIsNoindex } from './verdict.js';

/** Google honours `data-nosnippet` on these elements only. */
const NOSNIPPET_ELEMENTS = new Set(['span', 'div', 'section']);
const REL_SPLIT = /[\t\n\f\r ]+/;

/**
 * A page's links into the site (URL paths, each path and `nofollow` flag once) and the elements it
 * puts `data-nosnippet` on in vain, for its PageRecord. Links to other hosts, `mailto:` and
 * fragments of the page itself are left out.
 */
export function pageLinkFacts(facts: PageFacts, url: string, site: SiteUrl | undefined): Pick<PageRecord, 'links' | 'nosnippetIgnored'> {
  const result: Pick<PageRecord, 'links' | 'nosnippetIgnored'> = {};
  const seen = new Set<string>();
  // Most links are plain absolute paths (`/posts/a/`): without a `<base href>` they name that
  // path on the page's own origin, which the URL parser would return unchanged, so the parser
  // (four parses per link through resolveCanonical) is only needed for the others.
  const plainPaths = facts.baseHref === undefined;
  for (const link of facts.links ?? []) {
    if (link.href === '' || link.href.startsWith('#') || /^(?:mailto|tel|javascript|data):/i.test(link.href)) continue;
    const path = plainPaths && isPlainPath(link.href) ? sitePathOf(link.href, site) : resolveCanonical(link.href, url, facts.baseHref, site)?.path;
    if (path === undefined) continue;
    const nofollow = link.rel !== '' && link.rel.toLowerCase().split(REL_SPLIT).includes('nofollow');
    const key = `${nofollow ? 1 : 0}${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A copy: the path may be a slice of the page, which would keep the whole page alive.
    (result.links ??= []).push({ path: ownString(path), nofollow });
  }
  const ignored = [...new Set((facts.nosnippetTags ?? []).filter((tag) => !NOSNIPPET_ELEMENTS.has(tag)))];
  if (ignored.length > 0) result.nosnippetIgnored = ignored;
  return result;
}

/**
 * Whether `href` is an absolute path the URL parser leaves as it is: `/` then path characters
 * only (no `%`, `\\`, dot segments, spaces or anything it would encode), optionally followed by
 * a query or fragment, which do not change the path.
 */
function isPlainPath(href: string): boolean {
  if (href.charCodeAt(0) !== 0x2f || href.charCodeAt(1) === 0x2f) return false;
  let previous = 0x2f;
  for (let i = 1; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c === 0x3f || c === 0x23) return true;
    const plain = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f || c === 0x7e || c === 0x2f || c === 0x2e;
    // A `.` right after a `/` may start a dot segment (`/./`, `/../`), which the parser removes.
    if (!plain || (c === 0x2e && previous === 0x2f)) return false;
    previous = c;
  }
  return true;
}
/** The path part of a plain path (see {@link isPlainPath}), when it is inside the site's base path. */
function sitePathOf(href: string, site: SiteUrl | undefined): string | undefined {
  let end = href.length;
  for (let i = 0; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c === 0x3f || c === 0x23) {
      end = i;
      break;
    }
  }
  const path = href.slice(0, end);
  if (site === undefined || site.basePath === '' || path === site.basePath || path.startsWith(`${site.basePath}/`)) return path;
  return undefined;
}

/** Whether any audited crawler may index the page. */
function indexableForSome(page: PageRecord): boolean {
  return !page.errorPage && Object.values(page.verdicts).some((verdict) => verdict.indexable);
}

/** `link-to-noindex`: per target page, the indexable pages that link to it while it is noindex or disallowed. */
export function findLinksToNoindex(data: AuditData): AuditFinding[] {
  const hits: Array<{ from: PageRecord; target: PageRecord; noindex: string[]; disallowed: string[] }> = [];
  const checked = new Map<PageRecord, { noindex: string[]; disallowed: string[] }>();
  for (const page of data.pages) {
    if (!page.links || !indexableForSome(page)) continue;
    const targets = new Set<PageRecord>();
    for (const link of page.links) {
      const target = data.pageAt(link.path);
      if (target && target !== page && !target.errorPage) targets.add(target);
    }
    for (const target of targets) {
      let verdict = checked.get(target);
      if (!verdict) {
        const entries = Object.entries(target.verdicts);
        verdict = {
          disallowed: entries.filter(([, v]) => !v.crawlable).map(([crawler]) => crawler),
          noindex: entries.filter(([, v]) => v.crawlable && verdictIsNoindex(v)).map(([crawler]) => crawler),
        };
        checked.set(target, verdict);
      }
      if (verdict.noindex.length > 0 || verdict.disallowed.length > 0) hits.push({ from: page, target, ...verdict });
    }
  }
  return [...groupBy(hits, (hit) => hit.target.url).values()].map((group) => {
    const { target, noindex, disallowed } = group[0]!;
    const why = [
      ...(noindex.length > 0 ? [`noindex for ${listCrawlers(noindex)}`] : []),
      ...(disallowed.length > 0 ? [`disallowed by robots.txt for ${listCrawlers(disallowed)} (a URL can be indexed from links without its content)`] : []),
    ].join(' and ');
    const from = group.map((hit) => hit.from.url);
    return makeFinding(
      'link-to-noindex',
      `${plural(group.length, 'indexable page')} (${joinLimited(from, ', ', 3)}) ${group.length === 1 ? 'links' : 'link'} to ${target.url}, which is ${why}. Fine when meant (tag pages, drafts); otherwise make it indexable or drop the links.`,
      { urls: [target.url, ...from], source: { file: target.file }, crawlers: [...noindex, ...disallowed] },
    );
  });
}

/** `nofollow-internal-link`: per page, its `nofollow` links to the site's own pages. */
export function findNofollowInternalLinks(data: AuditData): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const page of data.pages) {
    const targets = (page.links ?? []).filter((link) => link.nofollow).map((link) => link.path);
    if (targets.length === 0) continue;
    findings.push(
      makeFinding(
        'nofollow-internal-link',
        `${page.url} has ${plural(targets.length, '`nofollow` link')} to the site's own pages (${joinLimited(targets.map((path) => codeSpan(path, 80)), ', ', 3)}): nofollow does not keep a page out of the index and stops link signals inside the site. Put \`noindex\` on the target instead, or drop \`nofollow\` (check \`links\` rules with \`external: true\`).`,
        { urls: [page.url], source: { file: page.file } },
      ),
    );
  }
  return findings;
}

/** `nosnippet-ignored`: per page, the elements other than span, div and section that carry `data-nosnippet`. */
export function findNosnippetIgnored(data: AuditData): AuditFinding[] {
  return data.pages
    .filter((page) => page.nosnippetIgnored !== undefined)
    .map((page) =>
      makeFinding(
        'nosnippet-ignored',
        `${page.url} puts \`data-nosnippet\` on ${joinLimited(page.nosnippetIgnored!.map((tag) => codeSpan(`<${tag}>`, 40)), ', ', 5)}: Google honours it only on \`span\`, \`div\` and \`section\`, so that text may still appear in snippets. Wrap it in a \`<div data-nosnippet>\`.`,
        { urls: [page.url], source: { file: page.file } },
      ),
    );
}

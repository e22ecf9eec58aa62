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
import type { AuditData, AuditFinding, LinkKeeper, PageRecord, SiteUrl } from './types.js';
import { listCrawlers, verdictIsNoindex } from './verdict.js';

/** Google honours `data-nosnippet` on these elements only. */
const NOSNIPPET_ELEMENTS = new Set(['span', 'div', 'section']);
const REL_SPLIT = /[\t\n\f\r ]+/;

/** A link into the site as a PageRecord keeps it. */
export type PageLink = Readonly<NonNullable<PageRecord['links']>[number]>;
/** What the store knows of one link path. */
interface LinkEntry {
  followed: PageLink | undefined;
  nofollowed: PageLink | undefined;
  /** Whether a followed link to the path can lead to a page of the site. */
  toPage: boolean;
  /** The last page (see {@link LinkStore.nextPage}) that has each kind. */
  followedBy: number;
  nofollowedBy: number;
}
/**
 * One object per distinct link of a site (path and `nofollow`), shared by every page that has
 * it: the same navigation links on every page cost one path string and one object, not one per
 * page; each link costs one Map probe, and a page's duplicates are found by the number of the
 * last page that had the link instead of by a set per page. Given `isPage` (whether a path can
 * lead to a page of the site, asked once per distinct path), a followed link that leads to no
 * page is not kept: `link-to-noindex`, the one check that reads followed links, looks for a
 * page at the other end.
 */
export class LinkStore implements LinkKeeper {
  private readonly entries = new Map<string, LinkEntry>();
  private page = 0;
  constructor(private readonly isPage?: (path: string) => boolean) {}
  nextPage(): void {
    this.page++;
  }
  add(path: string, nofollow: boolean): PageLink | undefined {
    let entry = this.entries.get(path);
    if (entry === undefined) {
      // A copy: `path` may be a slice of the page, which would keep the whole page alive.
      const own = ownString(path);
      entry = {
        followed: undefined,
        nofollowed: undefined,
        toPage: this.isPage?.(own) ?? true,
        followedBy: 0,
        nofollowedBy: 0,
      };
      this.entries.set(own, entry);
      path = own;
    }
    if (nofollow) {
      if (entry.nofollowedBy === this.page) return undefined;
      entry.nofollowedBy = this.page;
      return (entry.nofollowed ??= { path: entry.followed?.path ?? ownString(path), nofollow: true });
    }
    if (!entry.toPage || entry.followedBy === this.page) return undefined;
    entry.followedBy = this.page;
    return (entry.followed ??= { path: entry.nofollowed?.path ?? ownString(path), nofollow: false });
  }
}

/** Whether a `rel` value holds the token `nofollow` (ASCII case-insensitive); the split is done only when the letters are there. */
function hasNofollow(rel: string): boolean {
  if (rel.length < 8) return false;
  const lower = rel.toLowerCase();
  return lower.includes('nofollow') && lower.split(REL_SPLIT).includes('nofollow');
}
const NOT_A_PAGE = /^(?:mailto|tel|javascript|data):/i;

/**
 * A page's links into the site (URL paths, each path and `nofollow` flag once) and the elements it
 * puts `data-nosnippet` on in vain, for its PageRecord. Links to other hosts, `mailto:` and
 * fragments of the page itself are left out, and so are the followed links the store knows lead
 * to no page (see {@link LinkStore}). `store` shares the link objects across pages.
 */
export function pageLinkFacts(
  facts: PageFacts,
  url: string,
  site: SiteUrl | undefined,
  store: LinkKeeper = new LinkStore(),
): Pick<PageRecord, 'links' | 'nosnippetIgnored'> {
  const result: Pick<PageRecord, 'links' | 'nosnippetIgnored'> = {};
  store.nextPage();
  // Most links are plain absolute paths (`/posts/a/`): without a `<base href>` they name that
  // path on the page's own origin, which the URL parser would return unchanged, so the parser
  // (four parses per link through resolveCanonical) is only needed for the others.
  const plainPaths = facts.baseHref === undefined;
  for (const { href, rel } of facts.links ?? []) {
    if (href === '' || href.charCodeAt(0) === 0x23) continue;
    // A plain path starts with `/`: it is no `mailto:` and needs no parser.
    const end = plainPaths ? plainPathEnd(href) : -1;
    if (end === -1 && NOT_A_PAGE.test(href)) continue;
    const path = end !== -1 ? sitePathOf(href, end, site) : resolveCanonical(href, url, facts.baseHref, site)?.path;
    if (path === undefined) continue;
    const link = store.add(path, rel !== '' && hasNofollow(rel));
    if (link) (result.links ??= []).push(link);
  }
  const ignored = [...new Set((facts.nosnippetTags ?? []).filter((tag) => !NOSNIPPET_ELEMENTS.has(tag)))];
  if (ignored.length > 0) result.nosnippetIgnored = ignored;
  return result;
}

/**
 * Where the path of `href` ends (its length, or its `?` or `#`) when `href` is an absolute path
 * the URL parser leaves as it is: `/` then path characters only (no `%`, `\\`, dot segments,
 * spaces or anything it would encode), optionally followed by a query or fragment, which do not
 * change the path; -1 otherwise. One pass over the link, which runs for every link of a site.
 */
function plainPathEnd(href: string): number {
  if (href.charCodeAt(0) !== 0x2f || href.charCodeAt(1) === 0x2f) return -1;
  let previous = 0x2f;
  for (let i = 1; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c === 0x3f || c === 0x23) return i;
    const plain =
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x2d ||
      c === 0x5f ||
      c === 0x7e ||
      c === 0x2f ||
      c === 0x2e;
    // A `.` right after a `/` may start a dot segment (`/./`, `/../`), which the parser removes.
    if (!plain || (c === 0x2e && previous === 0x2f)) return -1;
    previous = c;
  }
  return href.length;
}
/** The path of a plain path ending at `end` (see {@link plainPathEnd}), when it is inside the site's base path. */
function sitePathOf(href: string, end: number, site: SiteUrl | undefined): string | undefined {
  const path = end === href.length ? href : href.slice(0, end);
  if (site === undefined || site.basePath === '' || path === site.basePath || path.startsWith(`${site.basePath}/`))
    return path;
  return undefined;
}

/** Whether any audited crawler may index the page. */
function indexableForSome(page: PageRecord): boolean {
  return !page.errorPage && Object.values(page.verdicts).some((verdict) => verdict.indexable);
}

/** The crawlers for which `target` is noindex, and those it is disallowed for; undefined when it is neither (or an error page) for every crawler. */
function restrictedFor(target: PageRecord): { noindex: string[]; disallowed: string[] } | undefined {
  if (target.errorPage) return undefined;
  // Most pages are neither: said without building the lists.
  let restricted = false;
  for (const crawler in target.verdicts) {
    const verdict = target.verdicts[crawler]!;
    if (!verdict.crawlable || verdictIsNoindex(verdict)) restricted = true;
  }
  if (!restricted) return undefined;
  const entries = Object.entries(target.verdicts);
  const disallowed = entries.filter(([, v]) => !v.crawlable).map(([crawler]) => crawler);
  const noindex = entries.filter(([, v]) => v.crawlable && verdictIsNoindex(v)).map(([crawler]) => crawler);
  return noindex.length > 0 || disallowed.length > 0 ? { noindex, disallowed } : undefined;
}

/**
 * `link-to-noindex`: per target page, the indexable pages that link to it while it is noindex or
 * disallowed. Nothing to look at on a site without such a page; otherwise each distinct link
 * path is looked up once (`pageAt` tries several spellings of it), and every link after that is
 * one Map probe: links repeat across pages (navigation, tags), so the distinct paths are few.
 */
export function findLinksToNoindex(data: AuditData): AuditFinding[] {
  const restricted = new Map<PageRecord, { noindex: string[]; disallowed: string[] }>();
  for (const page of data.pages) {
    const verdict = restrictedFor(page);
    if (verdict) restricted.set(page, verdict);
  }
  if (restricted.size === 0) return [];
  // Link path → the restricted page it leads to, or null.
  const targetOf = new Map<string, PageRecord | null>();
  const hits: Array<{ from: PageRecord; target: PageRecord; noindex: string[]; disallowed: string[] }> = [];
  for (const page of data.pages) {
    if (!page.links || !indexableForSome(page)) continue;
    const targets = new Set<PageRecord>();
    for (const link of page.links) {
      let target = targetOf.get(link.path);
      if (target === undefined) {
        const found = data.pageAt(link.path);
        target = found && restricted.has(found) ? found : null;
        targetOf.set(link.path, target);
      }
      if (target !== null && target !== page) targets.add(target);
    }
    for (const target of targets) hits.push({ from: page, target, ...restricted.get(target)! });
  }
  return [...groupBy(hits, (hit) => hit.target.url).values()].map((group) => {
    const { target, noindex, disallowed } = group[0]!;
    const why = [
      ...(noindex.length > 0 ? [`noindex for ${listCrawlers(noindex)}`] : []),
      ...(disallowed.length > 0
        ? [
            `disallowed by robots.txt for ${listCrawlers(disallowed)} (a URL can be indexed from links without its content)`,
          ]
        : []),
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
    if (page.links === undefined) continue;
    const targets = page.links.filter((link) => link.nofollow).map((link) => link.path);
    if (targets.length === 0) continue;
    findings.push(
      makeFinding(
        'nofollow-internal-link',
        `${page.url} has ${plural(targets.length, '`nofollow` link')} to the site's own pages (${joinLimited(
          targets.map((path) => codeSpan(path, 80)),
          ', ',
          3,
        )}): nofollow does not keep a page out of the index and stops link signals inside the site. Put \`noindex\` on the target instead, or drop \`nofollow\` (check \`links\` rules with \`external: true\`).`,
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
        `${page.url} puts \`data-nosnippet\` on ${joinLimited(
          page.nosnippetIgnored!.map((tag) => codeSpan(`<${tag}>`, 40)),
          ', ',
          5,
        )}: Google honours it only on \`span\`, \`div\` and \`section\`, so that text may still appear in snippets. Wrap it in a \`<div data-nosnippet>\`.`,
        { urls: [page.url], source: { file: page.file } },
      ),
    );
}

/**
 * Findings about the language versions of a site: hreflang alternates that crawlers cannot use
 * (noindex, disallowed, missing, not linking back, badly written) and canonical links on noindex
 * pages. Each page's alternates are looked up once through `pageAt` (an index by URL), so the
 * checks are linear in the number of hreflang links, whatever the number of languages.
 */
import type { AlternateKeeper, AuditData, AuditFinding, AuditFindingId, PageRecord } from './types.js';
import { codeSpan, groupBy, joinLimited, makeFinding, plural } from './findings.js';
import { listCrawlers, verdictIsNoindex } from './verdict.js';
import { matchesAnyGlob } from '../glob.js';
import { urlPathKey } from './site-urls.js';

/** hreflang links the audit keeps for the whole site: far beyond real sites (50,000 pages × 40 languages). */
export const MAX_SITE_ALTERNATES = 2_000_000;
/** Characters of distinct hreflang URLs and values kept: each distinct string is kept once, however many pages name it. */
export const MAX_ALTERNATE_CHARACTERS = 50_000_000;
/** A longer alternate URL is not kept: sitemaps cap URLs at 2,048 characters, and no real hreflang URL is near this. */
const MAX_ALTERNATE_URL = 4096;
type Alternate = NonNullable<PageRecord['alternates']>[number];
/**
 * The hreflang links of every page, kept within bounds whatever the site: each distinct string
 * once (a cluster of 40 pages names the same 40 URLs on each), at most `MAX_SITE_ALTERNATES`
 * links and `MAX_ALTERNATE_CHARACTERS` characters; what is beyond is counted and reported as
 * skipped instead of being checked.
 */
export class AlternateStore implements AlternateKeeper {
  private readonly strings = new Map<string, string>();
  private characters = 0;
  private links = 0;
  /** Links not kept, and the first page that had one. */
  dropped = 0;
  firstDropped: string | undefined;

  private intern(text: string): string | undefined {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    if (this.characters + text.length > MAX_ALTERNATE_CHARACTERS) return undefined;
    this.characters += text.length;
    this.strings.set(text, text);
    return text;
  }
  /** The page's links as the audit keeps them, or undefined for none. */
  keep(file: string, links: readonly Alternate[]): Alternate[] | undefined {
    const kept: Alternate[] = [];
    for (const link of links) {
      const hreflang =
        this.links < MAX_SITE_ALTERNATES && link.href.length <= MAX_ALTERNATE_URL
          ? this.intern(link.hreflang.slice(0, 100))
          : undefined;
      const href = hreflang === undefined ? undefined : this.intern(link.href);
      const path = link.path === undefined || href === undefined ? undefined : this.intern(link.path);
      if (href === undefined || (link.path !== undefined && path === undefined)) {
        this.dropped++;
        this.firstDropped ??= file;
        continue;
      }
      this.links++;
      kept.push(path === undefined ? { hreflang: hreflang!, href } : { hreflang: hreflang!, href, path });
    }
    return kept.length > 0 ? kept : undefined;
  }
}

/**
 * A language (ISO 639, 2 or 3 letters), an optional script (`Hant`) and an optional region
 * (ISO 3166-1 alpha-2 or a UN M.49 number), or `x-default`: what Google reads in `hreflang`.
 * Our own pattern, on attribute values the reader has already bounded.
 */
const HREFLANG = /^(?:[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?|x-default)$/i;
/**
 * The crawlers that read the page's links and may index it (an error page never is). A page
 * robots.txt blocks may be indexed from links, but its own hreflang links are never read.
 */
function indexableFor(page: PageRecord): string[] {
  if (page.errorPage) return [];
  return Object.entries(page.verdicts)
    .filter(([, verdict]) => verdict.indexable && verdict.crawlable)
    .map(([crawler]) => crawler);
}
interface Hit {
  page: PageRecord;
  /** The alternate's URL as the page resolves it. */
  href: string;
  hreflang: string;
  target?: PageRecord;
  crawlers: string[];
}
/** The alternates of a page resolved to the pages that serve them, each looked up once per audit. */
function resolvedAlternates(
  data: AuditData,
  cache: Map<PageRecord, Set<PageRecord>>,
  page: PageRecord,
): Set<PageRecord> {
  let targets = cache.get(page);
  if (!targets) {
    targets = new Set();
    for (const alternate of page.alternates ?? []) {
      const target = alternate.path === undefined ? undefined : data.pageAt(alternate.path);
      if (target) targets.add(target);
    }
    cache.set(page, targets);
  }
  return targets;
}

/**
 * `hreflang-to-noindex`, `hreflang-to-disallowed`, `hreflang-missing`, `hreflang-no-return`,
 * `hreflang-invalid` and `hreflang-relative`, for indexable pages (a noindex page is in no cluster). An `x-default`
 * alternate is checked like the others: it is a URL crawlers send people to, and it must name
 * its language versions back, as each of them does.
 */
export function findHreflangProblems(data: AuditData): AuditFinding[] {
  const hits = new Map<AuditFindingId, Hit[]>();
  const note = (id: AuditFindingId, hit: Hit): void => {
    const list = hits.get(id);
    if (list) list.push(hit);
    else hits.set(id, [hit]);
  };
  const cache = new Map<PageRecord, Set<PageRecord>>();
  const invalid: Array<{ page: PageRecord; problems: string[] }> = [];
  const relative: AuditFinding[] = [];
  for (const page of data.pages) {
    if (!page.alternates && !page.relativeAlternates) continue;
    const crawlers = indexableFor(page);
    if (crawlers.length === 0) continue;
    if (page.relativeAlternates) relative.push(relativeHreflang(page, page.relativeAlternates));
    if (!page.alternates) continue;
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { hreflang, href, path } of page.alternates) {
      if (!HREFLANG.test(hreflang))
        problems.push(
          `${codeSpan(hreflang, 40)} is no language code${hreflang.includes('_') ? ` (write ${codeSpan(hreflang.replaceAll('_', '-'), 40)})` : ''}`,
        );
      const key = hreflang.toLowerCase();
      const before = seen.get(key);
      if (before !== undefined && before !== href)
        problems.push(`${codeSpan(hreflang, 40)} names two URLs (${codeSpan(before, 80)} and ${codeSpan(href, 80)})`);
      seen.set(key, href);
      if (path === undefined) continue;
      const target = data.pageAt(path);
      if (target === page) continue;
      if (!target) {
        if (!matchesAnyGlob(path, data.context.onDemandPaths ?? []))
          note('hreflang-missing', { page, href, hreflang, crawlers: [] });
        continue;
      }
      const noindex = target.errorPage
        ? crawlers
        : crawlers.filter((crawler) => target.verdicts[crawler] && verdictIsNoindex(target.verdicts[crawler]!));
      const disallowed = crawlers.filter((crawler) => target.verdicts[crawler]?.crawlable === false);
      if (disallowed.length > 0) note('hreflang-to-disallowed', { page, href, hreflang, target, crawlers: disallowed });
      else if (noindex.length > 0) note('hreflang-to-noindex', { page, href, hreflang, target, crawlers: noindex });
      else if (!resolvedAlternates(data, cache, target).has(page))
        note('hreflang-no-return', { page, href, hreflang, target, crawlers: [] });
    }
    if (problems.length > 0) invalid.push({ page, problems });
  }
  return [
    ...groupedByTarget(hits.get('hreflang-to-noindex'), 'hreflang-to-noindex', (target, group) => {
      const what = target?.errorPage
        ? 'an error page'
        : `noindex for ${listCrawlers(group.flatMap((hit) => hit.crawlers))}`;
      return `but it is ${what}: crawlers drop it from the page's language versions. Link an indexable version, or drop the link.`;
    }),
    ...groupedByTarget(
      hits.get('hreflang-to-disallowed'),
      'hreflang-to-disallowed',
      (_target, group) =>
        `but robots.txt stops ${listCrawlers(group.flatMap((hit) => hit.crawlers))} fetching it, so they cannot see that it links back and ignore the pair. Allow crawling it, or drop the link.`,
    ),
    ...groupedByTarget(
      hits.get('hreflang-missing'),
      'hreflang-missing',
      () =>
        'but the site has no page there (it will answer 404). Fix the URL (is the trailing slash or the locale prefix right?), or drop the link.',
    ),
    ...groupedByTarget(
      hits.get('hreflang-no-return'),
      'hreflang-no-return',
      (target, group) =>
        `but ${target!.url} does not name ${new Set(group.map((hit) => hit.page)).size === 1 ? 'it' : 'them'} back as alternates: Google ignores hreflang pairs that do not link both ways. Add the return links on ${target!.url}.`,
    ),
    ...(data.context.alternates && data.context.alternates.dropped > 0
      ? [
          makeFinding(
            'skipped',
            `Skipped ${plural(data.context.alternates.dropped, 'hreflang link')} (the first in ${data.context.alternates.firstDropped}): over 4,096 characters, or beyond the ${MAX_SITE_ALTERNATES.toLocaleString('en-US')} links the audit checks per site; they were not checked.`,
            { source: { file: data.context.alternates.firstDropped! } },
          ),
        ]
      : []),
    ...relative,
    ...invalid.map(({ page, problems }) =>
      makeFinding(
        'hreflang-invalid',
        `${page.url}: ${joinLimited(problems, '; ', 3)}; crawlers ignore such hreflang links. Use a language code such as \`de\` or \`pt-BR\`, or \`x-default\`, once each.`,
        {
          urls: [page.url],
          source: { file: page.file },
        },
      ),
    ),
  ];
}
/** `hreflang-relative`: the page's hreflang links that are not fully qualified, with the URLs they resolve to. */
function relativeHreflang(page: PageRecord, relative: NonNullable<PageRecord['relativeAlternates']>): AuditFinding {
  const shown = relative.examples.map(
    ({ hreflang, written, used }) => `${codeSpan(hreflang, 40)} ${codeSpan(written, 80)} (${codeSpan(used, 120)})`,
  );
  const more = relative.count - relative.examples.length;
  return makeFinding(
    'hreflang-relative',
    `${page.url}: ${plural(relative.count, 'hreflang link')} ${relative.count === 1 ? 'is' : 'are'} not written as a fully qualified URL: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}; Google asks for fully qualified URLs with \`https://\` and Lighthouse fails them. Write the URLs they resolve to (in parentheses).`,
    { urls: [page.url], source: { file: page.file } },
  );
}

/** One finding per alternate URL, naming the pages that link it and the first page's file. */
function groupedByTarget(
  hits: Hit[] | undefined,
  id: AuditFindingId,
  why: (target: PageRecord | undefined, group: Hit[]) => string,
): AuditFinding[] {
  if (!hits) return [];
  return [...groupBy(hits, (hit) => hit.target?.url ?? hit.href).values()].map((group) => {
    const first = group[0]!;
    const pages = new Set(group.map((hit) => hit.page.url));
    const hreflangs = [...new Set(group.map((hit) => hit.hreflang))].map((value) => codeSpan(value, 40)).join(', ');
    const crawlers = group.flatMap((hit) => hit.crawlers);
    const shown = first.target?.url ?? first.href;
    return makeFinding(
      id,
      `${plural(pages.size, 'page')} ${pages.size === 1 ? 'names' : 'name'} ${shown} as the ${hreflangs} version, ${why(first.target, group)}`,
      {
        urls: [...pages, ...(first.target ? [first.target.url] : [])],
        source: { file: (id === 'hreflang-no-return' ? first.target! : first.page).file },
        ...(crawlers.length > 0 ? { crawlers } : {}),
      },
    );
  });
}

/**
 * `canonical-on-noindex`: a noindex page whose canonical names another URL. The two say
 * opposite things (the canonical: index that URL for this one; the noindex: index neither), so
 * Google may carry the noindex over to the canonical URL, or ignore the canonical.
 */
export function findCanonicalOnNoindex(data: AuditData): AuditFinding[] {
  const hits: Array<{ page: PageRecord; crawlers: string[] }> = [];
  for (const page of data.pages) {
    // A redirect page (Astro's: `noindex` and a canonical to its target) says one thing: go there.
    if (page.canonical === undefined || page.errorPage || page.redirect) continue;
    const crawlers = Object.entries(page.verdicts)
      .filter(([, verdict]) => verdictIsNoindex(verdict))
      .map(([crawler]) => crawler);
    if (crawlers.length === 0) continue;
    const self =
      page.canonicalPath !== undefined &&
      (urlPathKey(page.canonicalPath) === page.key || data.pageAt(page.canonicalPath) === page);
    if (!self) hits.push({ page, crawlers });
  }
  return hits.map(({ page, crawlers }) =>
    makeFinding(
      'canonical-on-noindex',
      `${page.url} is noindex for ${listCrawlers(crawlers)} but names ${codeSpan(page.canonical!, 160)} as its canonical: Google may carry the noindex over to that URL, or ignore the canonical, since the two contradict each other (Yoast drops the canonical on noindex pages for this reason). Drop the canonical or the noindex.`,
      { urls: [page.url], source: { file: page.file }, crawlers },
    ),
  );
}

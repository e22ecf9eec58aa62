/**
 * Findings about single pages: conflicting or invalid tags, tags on error pages or in the body,
 * expired dates, noindex behind Disallow, relative or conflicting canonical links.
 */
import type { AuditData, AuditFinding, DecisionSource, PageRecord, DirectiveSource } from './types.js';
import { codeSpan, groupBy, joinLimited, makeFinding, plural } from './findings.js';
import { listCrawlers, verdictIsNoindex, comparableDirectives } from './verdict.js';
import { ALL_CRAWLERS_META_NAME, NON_STANDARD_DIRECTIVES } from '../directives/vocabulary.js';
import { mergeDirectiveList } from '../directives/types.js';
import { explainMatch, findGroupTraps } from '../robots-txt/match.js';

/** `skipped`: one finding per file or folder left out, saying why. */
export function findSkipped(data: AuditData): AuditFinding[] {
  return data.skipped.map(({ file, reason }) =>
    makeFinding('skipped', `Skipped ${file}: ${reason}.`, { source: { file } }),
  );
}

/**
 * `canonical-to-noindex`: pages whose canonical link points at another page that is noindex or an
 * error page, grouped by target. A redirect page's canonical names where it sends crawlers, which
 * may well be noindex: it is not a page of its own.
 */
export function findCanonicalToNoindex(data: AuditData): AuditFinding[] {
  const hits: Array<{ page: PageRecord; target: PageRecord; crawlers: string[] }> = [];
  for (const page of data.pages) {
    if (page.canonicalPath === undefined || page.redirect) continue;
    const target = data.pageAt(page.canonicalPath);
    if (!target || target === page) continue;
    const crawlers = Object.entries(target.verdicts)
      .filter(([, verdict]) => verdictIsNoindex(verdict))
      .map(([crawler]) => crawler);
    if (crawlers.length > 0 || target.errorPage) hits.push({ page, target, crawlers });
  }
  return [...groupBy(hits, (hit) => hit.target.url).values()].map((group) => {
    const { target, crawlers } = group[0]!;
    const why = target.errorPage ? 'an error page' : `noindex for ${listCrawlers(crawlers)}`;
    return makeFinding(
      'canonical-to-noindex',
      `${plural(group.length, 'page')} ${group.length === 1 ? 'names' : 'name'} ${target.url} as canonical, but it is ${why}: crawlers may drop both. Point the canonical at an indexable page, or drop it.`,
      {
        urls: group.map((hit) => hit.page.url),
        source: { file: group[0]!.page.file },
        ...(crawlers.length > 0 ? { crawlers } : {}),
      },
    );
  });
}

/**
 * `canonical-relative` and `canonical-conflict`: a canonical link written as a relative URL (named
 * with the URL it resolves to), and a head naming several different canonical URLs (named, the
 * first being the one the audit's other checks use). Error pages are left out: nothing of theirs is indexed.
 */
export function findCanonicalProblems(data: AuditData): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const page of data.pages) {
    if (page.errorPage || page.canonical === undefined) continue;
    const where = { urls: [page.url], source: { file: page.file } };
    if (page.relativeCanonical !== undefined) {
      findings.push(
        makeFinding(
          'canonical-relative',
          `${page.url} names its canonical as ${codeSpan(page.relativeCanonical, 160)}, a relative URL: write the absolute URL it resolves to, ${codeSpan(page.canonical, 160)} (Google recommends absolute canonical URLs; Lighthouse fails relative ones).`,
          where,
        ),
      );
    }
    if (page.otherCanonicals !== undefined) {
      const all = [page.canonical, ...page.otherCanonicals];
      findings.push(
        makeFinding(
          'canonical-conflict',
          `${page.url} names ${plural(all.length, 'different canonical URL')} (${joinLimited(
            all.map((href) => codeSpan(href, 120)),
            ', ',
            4,
          )}): Google ignores conflicting canonicals and Lighthouse fails the page; the audit uses the first, ${codeSpan(page.canonical, 160)}. Keep one.`,
          where,
        ),
      );
    }
  }
  return findings;
}

interface Conflict {
  url: string;
  audience: string;
  sources: DirectiveSource[];
  /** What crawlers end up applying. */
  result: string;
}
function conflictsOnPage(url: string, sources: readonly DirectiveSource[]): Conflict[] {
  // One source cannot disagree with itself: most pages have none or one.
  if (sources.length < 2) return [];
  const byAudience = new Map<string, Array<{ source: DirectiveSource; value: string }>>();
  for (const source of sources) {
    for (const [audience, directives] of source.audiences) {
      const list = byAudience.get(audience) ?? [];
      list.push({ source, value: comparableDirectives(directives) });
      byAudience.set(audience, list);
    }
  }
  const conflicts: Conflict[] = [];
  for (const [audience, list] of byAudience) {
    if (new Set(list.map((item) => item.value)).size < 2) continue;
    const merged = mergeDirectiveList(list.map((item) => item.source.audiences.get(audience)!));
    conflicts.push({
      url,
      audience,
      sources: list.map((item) => item.source),
      result: comparableDirectives(merged) || 'index, follow',
    });
  }
  return conflicts;
}
function describe(source: DirectiveSource): string {
  const { file, line } = source.location;
  const where = source.kind === 'header' ? (line === undefined ? file : `${file} line ${line}`) : `line ${line}`;
  return `${codeSpan(source.text, 100)} (${where})`;
}
/**
 * `conflicting-tags`: several robots tags, or a tag and an X-Robots-Tag header, that tell the
 * same crawler different things. Pages built from one template share one finding.
 */
export function findConflictingTags(data: AuditData): AuditFinding[] {
  const conflicts = data.pages.flatMap((page) => conflictsOnPage(page.url, page.sources));
  const groups = groupBy(
    conflicts,
    (conflict) => `${conflict.audience}\n${conflict.sources.map((source) => source.text).join('\n')}`,
  );
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const audience = first.audience === ALL_CRAWLERS_META_NAME ? 'every crawler' : first.audience;
    const onPages =
      group.length > 1 ? ` on ${plural(new Set(group.map((conflict) => conflict.url)).size, 'page')}` : '';
    const meta = first.sources.find((source) => source.kind === 'meta') ?? first.sources[0]!;
    return makeFinding(
      'conflicting-tags',
      `Robots tags for ${audience} disagree${onPages}: ${joinLimited(first.sources.map(describe), ' vs ')}; crawlers apply the most restrictive (${codeSpan(first.result)}). Keep one.`,
      {
        urls: group.map((conflict) => conflict.url),
        source: meta.location,
        ...(first.audience === ALL_CRAWLERS_META_NAME ? {} : { crawlers: [first.audience] }),
      },
    );
  });
}

/** `expired`: pages whose `unavailable_after` has passed, grouped by the date and the tag that set it. */
export function findExpired(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; crawler: string; date: string; source: DecisionSource }> = [];
  for (const page of data.pages) {
    for (const crawler in page.verdicts) {
      const verdict = page.verdicts[crawler]!;
      const date = verdict.unavailableAfter;
      if (date === undefined) continue;
      const source = verdict.because.unavailableAfter?.[0];
      if (date !== undefined && source && Date.parse(date) <= data.context.now)
        hits.push({ url: page.url, crawler, date, source });
    }
  }
  return [...groupBy(hits, (hit) => `${hit.date}\n${hit.source.text}`).values()].map((group) => {
    const { date, source } = group[0]!;
    const urls = new Set(group.map((hit) => hit.url));
    return makeFinding(
      'expired',
      `unavailable_after ${date} has passed, so ${plural(urls.size, 'page')} no longer ${urls.size === 1 ? 'shows' : 'show'} in results for ${listCrawlers(group.map((hit) => hit.crawler))} (${codeSpan(source.text, 100)}); update or remove the date.`,
      {
        urls,
        source: { file: source.file, ...(source.line === undefined ? {} : { line: source.line }) },
        crawlers: group.map((hit) => hit.crawler),
      },
    );
  });
}

/** `invalid-robots-directive`: tag or header values crawlers ignore, grouped by the tag or header rule. */
export function findInvalidDirectives(data: AuditData): AuditFinding[] {
  const hits = data.pages.flatMap((page) =>
    page.sources.filter((source) => source.problems.length > 0).map((source) => ({ url: page.url, source })),
  );
  const groups = groupBy(
    hits,
    (hit) =>
      `${hit.source.kind}\n${hit.source.text}\n${hit.source.kind === 'header' ? hit.source.location.file + ':' + hit.source.location.line : ''}`,
  );
  return [...groups.values()].map((group) => {
    const { source } = group[0]!;
    const where = source.kind === 'header' ? '' : ` on ${plural(group.length, 'page')}`;
    return makeFinding(
      'invalid-robots-directive',
      `${codeSpan(source.text, 100)}${where}: ${joinLimited(source.problems, ' ', 3)}`,
      { urls: group.map((hit) => hit.url), source: source.location },
    );
  });
}

/** `non-standard-directive`: `noai`/`noimageai` in tags or headers, grouped by the tag or header rule. */
export function findNonStandardDirectives(data: AuditData): AuditFinding[] {
  const words = (source: DirectiveSource): string[] => [
    ...new Set(
      [...source.audiences.values()].flatMap((directives) =>
        [...directives.flags].filter((flag) => NON_STANDARD_DIRECTIVES.has(flag)),
      ),
    ),
  ];
  const hits = data.pages.flatMap((page) =>
    page.sources.filter((source) => words(source).length > 0).map((source) => ({ url: page.url, source })),
  );
  const groups = groupBy(hits, (hit) => `${hit.source.kind}\n${hit.source.text}`);
  return [...groups.values()].map((group) => {
    const { source } = group[0]!;
    return makeFinding(
      'non-standard-directive',
      `${codeSpan(source.text, 100)} on ${plural(group.length, 'page')}: ${words(source)
        .map((word) => `\`${word}\``)
        .join(' and ')} is read by some AI dataset crawlers only; Google and the large AI operators ignore it.`,
      { urls: group.map((hit) => hit.url), source: source.location },
    );
  });
}

/** `robots-on-error-page`: robots meta tags on 404/5xx pages, one finding per page; a redirect to one (Astro's i18n fallback for `/fr/404`) is not one. */
export function findRobotsOnErrorPage(data: AuditData): AuditFinding[] {
  return data.pages
    .filter((page) => page.errorPage && !page.redirect && page.sources.some((source) => source.kind === 'meta'))
    .map((page) => {
      const tags = page.sources.filter((source) => source.kind === 'meta');
      return makeFinding(
        'robots-on-error-page',
        `Error page ${page.file} carries ${tags.map((tag) => codeSpan(tag.text, 100)).join(', ')}; 4xx/5xx pages are never indexed, so leave robots tags off them.`,
        { urls: [page.url], source: tags[0]!.location },
      );
    });
}

/** `robots-tag-in-body`: robots meta tags after the body has started, grouped by tag. */
export function findRobotsTagInBody(data: AuditData): AuditFinding[] {
  const hits = data.pages.flatMap((page) =>
    page.sources
      .filter((source) => source.kind === 'meta' && !source.inHead)
      .map((source) => ({ url: page.url, source })),
  );
  return [...groupBy(hits, (hit) => hit.source.text).values()].map((group) => {
    const { source } = group[0]!;
    return makeFinding(
      'robots-tag-in-body',
      `${codeSpan(source.text, 100)} sits in the body of ${plural(group.length, 'page')} (first: ${source.location.file} line ${source.location.line}); crawlers may ignore it there, move it into <head>.`,
      { urls: group.map((hit) => hit.url), source: source.location },
    );
  });
}

/** `noindex-disallowed`: noindex pages robots.txt keeps crawlers from fetching, grouped by the blocking rule. */
export function findNoindexDisallowed(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; crawler: string; rule: DecisionSource }> = [];
  for (const page of data.pages) {
    // `for…in`, not Object.entries: this runs for every page of the site.
    for (const crawler in page.verdicts) {
      const verdict = page.verdicts[crawler]!;
      if (verdict.crawlable) continue;
      const rule = verdict.because.crawl?.[0];
      if (!verdict.crawlable && rule && verdictIsNoindex(verdict)) hits.push({ url: page.url, crawler, rule });
    }
  }
  return [...groupBy(hits, (hit) => String(hit.rule.line)).values()].map((group) => {
    const { rule } = group[0]!;
    const urls = new Set(group.map((hit) => hit.url));
    return makeFinding(
      'noindex-disallowed',
      `robots.txt line ${rule.line} ${codeSpan(rule.text)} stops ${listCrawlers(group.map((hit) => hit.crawler))} fetching ${plural(urls.size, 'noindex page')}, so the noindex is never seen and the URLs can still be indexed from links; allow crawling them, or drop the noindex if blocking is enough.`,
      { urls, source: { file: rule.file, line: rule.line }, crawlers: group.map((hit) => hit.crawler) },
    );
  });
}

/**
 * `group-override`: a crawler named in its own robots.txt group skips the `*` group, so the
 * `*` disallows stop applying to it. Lists the pages it may now fetch that others may not.
 */
export function findGroupOverride(data: AuditData): AuditFinding[] {
  const { robotsTxt } = data.context;
  if (!robotsTxt) return [];
  return findGroupTraps(robotsTxt).map((trap) => {
    const exposed = data.pages
      .filter(
        (page) =>
          !explainMatch(robotsTxt, '*', page.url).allowed && explainMatch(robotsTxt, trap.userAgent, page.url).allowed,
      )
      .map((page) => page.url);
    const dropped = trap.droppedDisallows
      .map((rule) => `${codeSpan(`Disallow: ${rule.value}`, 60)} (line ${rule.line})`)
      .join(', ');
    const pages = exposed.length > 0 ? `; it may fetch ${plural(exposed.length, 'page')} the others may not` : '';
    // `User-agent: AI2Bot` is named as written; Google's parser reads it as `AI`.
    const name = trap.written
      ? `${codeSpan(`User-agent: ${trap.written}`, 60)} (read as \`${trap.userAgent}\` by parsers that follow Google's)`
      : codeSpan(`User-agent: ${trap.userAgent}`, 60);
    return makeFinding(
      'group-override',
      `${name} (line ${trap.lines.join(', ')}) has its own group, so ${trap.written ?? trap.userAgent} ignores the * group and skips ${dropped}${pages}. Repeat those rules in its group if they should apply.`,
      { urls: exposed, source: { file: 'robots.txt', line: trap.lines[0]! }, crawlers: [trap.userAgent.toLowerCase()] },
    );
  });
}

/**
 * `preview-indexable`: in a deliberately non-indexable build, the pages a crawler may still
 * index (no noindex for it in a tag or header), grouped by the crawlers concerned. These are
 * usually files copied as they are (`public/`, passthrough copies), which no adapter rewrote.
 */
export function findPreviewIndexable(data: AuditData): AuditFinding[] {
  const hits = data.pages.flatMap((page) => {
    const crawlers = Object.entries(page.verdicts)
      .filter(([, verdict]) => verdict.indexable)
      .map(([crawler]) => crawler);
    return page.errorPage || crawlers.length === 0 ? [] : [{ page, crawlers }];
  });
  return [...groupBy(hits, (hit) => hit.crawlers.join('\n')).values()].map((group) => {
    const { page, crawlers } = group[0]!;
    const some = group.length === 1 ? page.url : `${plural(group.length, 'page')} (first: ${page.url})`;
    return makeFinding(
      'preview-indexable',
      `This build is not indexable, yet ${some} may be indexed by ${listCrawlers(crawlers)}: no robots tag or X-Robots-Tag header says noindex there. Give ${group.length === 1 ? 'it' : 'them'} a noindex tag, or an X-Robots-Tag header through \`headers\`; robots.txt Disallow alone does not keep URLs out of search results.`,
      { urls: group.map((hit) => hit.page.url), source: { file: page.file }, crawlers },
    );
  });
}

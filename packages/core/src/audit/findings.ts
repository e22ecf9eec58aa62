/**
 * The findings catalogue (ids, severities, descriptions), making and sorting findings, and message
 * helpers.
 */
import type { AuditFindingId, AuditSeverity, AuditFinding, AuditLocation, AuditReport, AuditSummary } from './types.js';

export interface AuditFindingDescription {
  /** The usual severity; `robots-txt-syntax` varies per line (see its description). */
  severity: AuditSeverity;
  /** A short title for tables and SARIF rules. */
  title: string;
  /** What it means and why it has its severity. */
  description: string;
}
/**
 * Every finding id with its severity and the reason for it. `error`: a crawler will do the
 * opposite of what the site asks. `warning`: it probably will, or the intent is unclear.
 * `info`: worth knowing, nothing breaks.
 */
export const AUDIT_FINDINGS: Readonly<Record<AuditFindingId, AuditFindingDescription>> = {
  'served-differs': {
    severity: 'error',
    title: 'served differently from the build',
    description:
      'The live check (`robots-kit check <url> --expect <dir>`): the deployed site answers a URL differently from what the build meant: other robots directives (a header file the host did not apply, a stale `vercel.json`, a `location` that drops headers), an error status, a redirect, or a soft 404 where the build has an error page.',
  },
  'robots-txt-differs': {
    severity: 'error',
    title: 'served robots.txt differs from the build',
    description:
      'The live check: the robots.txt the site serves is not the one the build wrote (a stale file in a CDN cache, an earlier deploy, a rule that serves another file), so crawlers obey rules the build did not write.',
  },
  'fetch-failed': {
    severity: 'error',
    title: 'URL could not be fetched',
    description:
      'The live check: a request failed (network or TLS error, timeout, a redirect loop or one to another origin, a server error for robots.txt); crawlers meet the same failure.',
  },
  'noindex-disallowed': {
    severity: 'error',
    title: 'noindex page blocked by robots.txt',
    description:
      'robots.txt stops the crawler fetching a noindex page, so it never sees the noindex and may still index the URL from links.',
  },
  'noindex-in-sitemap': {
    severity: 'error',
    title: 'noindex or error page in a sitemap',
    description: 'A sitemap asks for a URL to be indexed that the page itself (noindex, 404/5xx) says must not be.',
  },
  'disallowed-in-sitemap': {
    severity: 'error',
    title: 'sitemap URL blocked by robots.txt',
    description: 'A sitemap lists a URL the crawler may not fetch; search consoles report these as errors.',
  },
  'canonical-to-noindex': {
    severity: 'error',
    title: 'canonical link to a noindex page',
    description:
      'A page names as its canonical a page that is noindex (or an error page): crawlers may drop both, or ignore the canonical.',
  },
  'sitemap-missing': {
    severity: 'error',
    title: 'sitemap file not found',
    description: 'robots.txt or a sitemap index points at a sitemap that is not in the output folder.',
  },
  'preview-indexable': {
    severity: 'error',
    title: 'indexable page in a non-indexable build',
    description:
      'The build is a preview or staging build, which must keep every page out of search results, yet a crawler may index this page: no robots tag or X-Robots-Tag header tells it `noindex`. robots.txt `Disallow` alone does not keep a URL out of the index.',
  },
  'sitemap-invalid': {
    severity: 'error',
    title: 'sitemap unreadable',
    description:
      'A sitemap file is not a `<urlset>` or `<sitemapindex>` document (or not valid gzip/UTF-8); crawlers reject it.',
  },
  'conflicting-tags': {
    severity: 'warning',
    title: 'conflicting robots tags',
    description:
      'Several robots tags (or a tag and an X-Robots-Tag header) for the same crawler say different things; crawlers apply the most restrictive, which may not be what was meant.',
  },
  'robots-on-error-page': {
    severity: 'warning',
    title: 'robots tag on an error page',
    description:
      '404 and 5xx pages are never indexed; a robots tag there is noise (functional specification, "Error templates").',
  },
  'robots-tag-in-body': {
    severity: 'warning',
    title: 'robots tag outside the head',
    description: 'Robots meta tags belong in `<head>`; crawlers may ignore one in the body.',
  },
  'invalid-robots-directive': {
    severity: 'warning',
    title: 'robots directive crawlers do not understand',
    description: 'A robots tag or X-Robots-Tag value holds an unknown directive or a bad value; crawlers ignore it.',
  },
  'non-standard-directive': {
    severity: 'info',
    title: 'non-standard AI directive',
    description:
      'A robots tag or X-Robots-Tag value holds `noai` or `noimageai`: no standard defines them; DeviantArt and some dataset crawlers read them, Google and the large AI operators ignore them. Use robots.txt (`blockAiBots`) or `Content-Usage` for those.',
  },
  expired: {
    severity: 'warning',
    title: 'unavailable_after already passed',
    description: 'The page asks to leave search results after a date that is already past.',
  },
  'group-override': {
    severity: 'warning',
    title: 'crawler group drops the * disallows',
    description:
      "A crawler named in its own robots.txt group obeys only that group, so the `*` group's disallows no longer apply to it.",
  },
  'robots-txt-syntax': {
    severity: 'warning',
    title: 'robots.txt line crawlers ignore or misread',
    description:
      "`error` when crawlers ignore a line that changes what they may fetch (a rule outside any group, a user-agent no crawler matches, `Noindex:` and the other keys Google stopped reading, a file over 500 KiB); `warning` for lines read differently than written or ignored without effect on fetching, such as a key Google does not know (`Content-Signal`, `Content-Usage`, RSL's `License`, `Clean-param` and `Host` are known and not reported); `info` for a user-agent token with digits (`Foo2Bot`), which a crawler that publishes it matches whole and Google-style parsers read as `Foo` (the tokens with digits of `AI_BOTS`, such as `AI2Bot`, are written so on purpose and not reported).",
  },
  'ai-preference-contradiction': {
    severity: 'warning',
    title: 'AI preference contradicts a robots.txt group',
    description:
      'A `Content-Signal` or `Content-Usage` line says the opposite of a per-agent group in the same robots.txt: it allows AI search (`search=yes`) or training (`ai-train=yes`, `train-ai=y`) while a group keeps an agent of that purpose out of `/`, or refuses it while a group lets such an agent in. Crawlers obey the group; the line no longer says what happens.',
  },
  'sitemap-foreign-url': {
    severity: 'warning',
    title: 'sitemap URL on another origin',
    description: 'A sitemap lists URLs outside the site; crawlers ignore them (check `--site`).',
  },
  'sitemap-url-missing': {
    severity: 'warning',
    title: 'sitemap URL with no file',
    description:
      'A sitemap lists a URL for which the output folder has no file; it will answer 404 unless the host rewrites it.',
  },
  'header-rule-unchecked': {
    severity: 'warning',
    title: 'header rule the audit cannot check',
    description:
      'A `_headers`, `vercel.json` or `.htaccess` pattern uses what the audit will not run (a backreference, a Unicode property, a pattern too large for a linear-time matcher); pages it may match are audited without its X-Robots-Tag.',
  },
  'vercel-json-stale': {
    severity: 'warning',
    title: 'vercel.json changed by the build',
    description:
      "The build changed robots-kit's X-Robots-Tag entries in `vercel.json`, which Vercel reads before the build runs (`vercel build`, Git deployments): a deployment that started from the file as it was carries the previous entries. Commit the file and deploy again, or deploy a Build Output (`@astrojs/vercel`, or `vercel build` then `vercel deploy --prebuilt`), into which robots-kit writes the build's own routes.",
  },
  'sitemap-too-many-urls': {
    severity: 'warning',
    title: 'sitemap over 50,000 URLs',
    description:
      'The sitemap protocol allows 50,000 URLs per file; crawlers may reject the file or ignore the rest. Every URL is still checked.',
  },
  'hreflang-to-noindex': {
    severity: 'warning',
    title: 'hreflang alternate is noindex',
    description:
      'An indexable page names as a language version (`<link rel="alternate" hreflang>`, `x-default` too) a page that is noindex or an error page: crawlers drop it from the set of versions, and searchers in that language are not sent to it.',
  },
  'hreflang-to-disallowed': {
    severity: 'warning',
    title: 'hreflang alternate blocked by robots.txt',
    description:
      'An indexable page names as a language version a URL robots.txt stops the crawler fetching: it cannot confirm the version links back, so the pair is ignored.',
  },
  'hreflang-missing': {
    severity: 'warning',
    title: 'hreflang alternate with no page',
    description:
      'An indexable page names as a language version a URL of the site that has no page in the output folder (a 404): crawlers ignore the link.',
  },
  'hreflang-no-return': {
    severity: 'warning',
    title: 'hreflang alternate does not link back',
    description:
      'Page A names B as a language version (or `x-default`), but B does not name A: Google uses hreflang only between pages that name each other, and ignores the rest.',
  },
  'hreflang-invalid': {
    severity: 'warning',
    title: 'hreflang value crawlers ignore',
    description:
      'An `hreflang` value is not a language code with an optional script and region (`de`, `pt-BR`, `zh-Hant`) or `x-default` (`en_US` is a common slip), or one value names two different URLs on the same page.',
  },
  'hreflang-relative': {
    severity: 'warning',
    title: 'hreflang URL not fully qualified',
    description:
      'An `hreflang` alternate is written as a relative URL (`/fr/`, `//example.com/fr/`): Google asks for fully qualified URLs with `https://` and may ignore the link; Lighthouse fails its `hreflang` audit. The finding names the URL the link resolves to against the page (and its `<base href>`), the one to write.',
  },
  'canonical-relative': {
    severity: 'warning',
    title: 'canonical URL not absolute',
    description:
      'The canonical link is written as a relative URL (`/about/`): Google resolves it, but recommends absolute URLs, since a relative one served under another host or path (a preview deploy, a mirror) names the wrong page; Lighthouse fails its `canonical` audit. The finding names the URL it resolves to, the one the audit uses.',
  },
  'canonical-conflict': {
    severity: 'warning',
    title: 'several different canonical URLs',
    description:
      "The page's head names two or more different canonical URLs: Google ignores conflicting canonicals (it may pick another URL itself) and Lighthouse fails its `canonical` audit. The audit's other checks use the first; keep one.",
  },
  'canonical-on-noindex': {
    severity: 'warning',
    title: 'canonical to another URL on a noindex page',
    description:
      'A noindex page names another URL as its canonical. The two contradict each other (the canonical says "index that URL for this one", the noindex "index neither"): Google may carry the noindex over to the canonical URL, or ignore the canonical. Yoast drops the canonical on noindex pages for this reason.',
  },
  'nofollow-internal-link': {
    severity: 'warning',
    title: '`nofollow` link to the site’s own page',
    description:
      'A link to a page of the same site carries `rel="nofollow"`. Google’s guidance calls this out: it does not keep the target out of the index and stops link signals flowing inside the site; use `noindex` on the target page (or robots.txt) instead.',
  },
  'nosnippet-ignored': {
    severity: 'warning',
    title: '`data-nosnippet` on an element Google ignores it on',
    description:
      'Google honours `data-nosnippet` only on `span`, `div` and `section` elements; on any other element the text may still appear in snippets.',
  },
  'link-to-noindex': {
    severity: 'info',
    title: 'indexable page links to a noindex or disallowed page',
    description:
      'An indexable page links to a page of the site that is noindex or that robots.txt disallows. Often meant (tag pages, drafts); worth checking: a disallowed URL can still be indexed from links, without its content.',
  },
  'no-robots-txt': {
    severity: 'info',
    title: 'no robots.txt',
    description: 'Without robots.txt crawlers may fetch everything, which is fine, but sitemaps are not advertised.',
  },
  'no-sitemap': {
    severity: 'info',
    title: 'no sitemap',
    description:
      'No sitemap was found (robots.txt `Sitemap:` lines, `sitemap.xml`, `sitemap-index.xml`, `sitemap-0.xml`).',
  },
  skipped: {
    severity: 'info',
    title: 'file skipped',
    description: 'A file could not be read (permissions, invalid UTF-8, too large); it was left out of the audit.',
  },
};
export const SEVERITY_ORDER: readonly AuditSeverity[] = ['error', 'warning', 'info'];

export interface FindingDetails {
  urls?: Iterable<string>;
  source?: AuditLocation;
  crawlers?: Iterable<string>;
  /** Overrides the catalog severity (only `robots-txt-syntax` varies). */
  severity?: AuditSeverity;
}
/** A finding with the catalog's severity, its URLs de-duplicated and sorted. */
export function makeFinding(id: AuditFindingId, message: string, details: FindingDetails = {}): AuditFinding {
  const finding: AuditFinding = {
    id,
    severity: details.severity ?? AUDIT_FINDINGS[id].severity,
    message,
    urls: [...new Set(details.urls ?? [])].sort(),
  };
  if (details.source) finding.source = details.source;
  if (details.crawlers) finding.crawlers = [...new Set(details.crawlers)];
  return finding;
}

/** Whether the report has a finding at or above `failOn` (`none` never fails). */
export function failsAt(report: AuditReport, failOn: FailOn): boolean {
  if (failOn === 'none') return false;
  const threshold = SEVERITY_ORDER.indexOf(failOn);
  return report.findings.some((finding) => SEVERITY_ORDER.indexOf(finding.severity) <= threshold);
}

function firstKey(finding: AuditFinding): string {
  return finding.urls[0] ?? `${finding.source?.file ?? ''}:${String(finding.source?.line ?? 0).padStart(9, '0')}`;
}
/** Errors first, then warnings, then info; within a severity by id, then by first URL or location. */
export function sortFindings(findings: AuditFinding[]): AuditFinding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) ||
      (firstKey(a) < firstKey(b) ? -1 : firstKey(a) > firstKey(b) ? 1 : 0),
  );
}

/** `1 error, 2 warnings, 0 info`. */
export function severityCounts(findings: AuditSummary['findings']): string {
  return `${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${findings.info} info`;
}

/** `1 page`, `3 pages`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** `text` cut to `max` characters with an ellipsis, so hostile input cannot flood a report. */
export function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first `limit` items joined, then how many more there are: `a; b; c (and 7 more)`. */
export function joinLimited(items: readonly string[], separator: string, limit = 5): string {
  const shown = items.slice(0, limit).join(separator);
  return items.length > limit ? `${shown} (and ${items.length - limit} more)` : shown;
}

/** Quoted file content for a message: shortened, in backticks. */
export function codeSpan(text: string, max = 120): string {
  return '`' + shorten(text, max).replaceAll('`', "'") + '`';
}

/** Items grouped by key, groups in first-seen order. */
export function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export type FailOn = AuditSeverity | 'none';

/**
 * What the audit knows of one page and of the site's robots.txt: the facts read from a page (its
 * robots tags, canonical, base, hreflang alternates, links), reading a tag's directives as crawlers
 * do, resolving the page's URLs into the site, line numbers, and reading robots.txt. The page
 * itself is read by read-page.ts.
 */
import path from 'node:path';
import { parseRobots } from '../directives/parse.js';
import type { ParsedRobots, RobotsSource } from '../directives/types.js';
import { formatRobotsError, type RobotsErrorDetails } from '../errors.js';
import { shorten } from './findings.js';
import type { SiteUrl } from './types.js';
import { urlToSitePath } from './site-urls.js';
import { readBytes } from './read-files.js';
import { parseRobotsTxt } from '../robots-txt/parse.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';

/** The 1-based line of each offset in `text`; `offsets` must be ascending. One pass over the text, however many offsets. */
export function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  // The next newline at or after the last offset, found once: a one-line page with many tags is not rescanned per tag.
  let next = text.indexOf('\n');
  for (const offset of offsets) {
    while (next !== -1 && next < offset) {
      line++;
      next = text.indexOf('\n', next + 1);
    }
    lines.push(line);
  }
  return lines;
}

export interface LenientParse {
  parsed: ParsedRobots;
  /** Messages about directives that were ignored, as crawlers ignore them. */
  problems: string[];
}
/** The problem without package and location (the finding already says where), cut to a readable length. */
function describeProblem(details: RobotsErrorDetails): string {
  return shorten(formatRobotsError({ ...details, source: undefined, key: undefined }).replace(/^\[[^\]]*\] /, ''), 300);
}
/**
 * Reads a tag's or header's directives the way crawlers do: what cannot be understood (an
 * unknown name, a bad value, a meta name that is no crawler) is dropped and reported, and one
 * bad token does not hide the good directives beside it or change their crawler.
 */
export function parseRobotsLenient(content: string, source: RobotsSource): LenientParse {
  const parsed = parseRobots(content, source, { strict: false, dropInvalid: true });
  return { parsed, problems: parsed.warnings.map(describeProblem) };
}

/** Stands in for the origin when the site is unknown, so relative links still resolve. */
const PLACEHOLDER_ORIGIN = 'http://robots-kit.invalid';
/**
 * The canonical link of a page at `pageUrl`, resolved against `<base href>` and the page:
 * `href` absolute (or a path when the site is unknown), `path` when it points into the site.
 */
export function resolveCanonical(
  href: string,
  pageUrl: string,
  baseHref: string | undefined,
  site: SiteUrl | undefined,
): { href: string; path?: string } | undefined {
  try {
    let base = new URL(pageUrl, site?.origin ?? PLACEHOLDER_ORIGIN);
    if (baseHref !== undefined) base = new URL(baseHref, base);
    const url = new URL(href, base);
    const onPlaceholder = url.origin === PLACEHOLDER_ORIGIN;
    const path = onPlaceholder ? url.pathname : urlToSitePath(url.href, site);
    const shown = onPlaceholder ? url.pathname + url.search : url.href;
    return path === undefined ? { href: shown } : { href: shown, path };
  } catch {
    return undefined;
  }
}

/** Whether a URL as written has a scheme (`https://…`, `mailto:…`): what `new URL` accepts without a base. */
export function isAbsoluteUrl(href: string): boolean {
  return URL.canParse(href);
}
/** Whether an hreflang URL is fully qualified as Google asks: `http:` or `https:`, as Lighthouse's `hreflang` audit reads it. */
export function isFullyQualifiedUrl(href: string): boolean {
  return /^https?:/i.test(href);
}
/** hreflang links not fully qualified that a page record keeps as examples. */
const RELATIVE_EXAMPLES = 3;

/** The canonical facts of a page record: the first canonical resolved, and how it was written when that matters. */
export function canonicalRecord(
  facts: Pick<PageFacts, 'canonical' | 'otherCanonicals' | 'baseHref'>,
  url: string,
  site: SiteUrl | undefined,
): { canonical?: string; canonicalPath?: string; relativeCanonical?: string; otherCanonicals?: string[] } {
  if (facts.canonical === undefined) return {};
  const first = resolveCanonical(facts.canonical, url, facts.baseHref, site);
  if (!first) return {};
  const others = new Set<string>();
  for (const href of facts.otherCanonicals ?? []) {
    const other = resolveCanonical(href, url, facts.baseHref, site);
    if (other && other.href !== first.href) others.add(other.href);
  }
  return {
    canonical: first.href,
    ...(first.path === undefined ? {} : { canonicalPath: first.path }),
    ...(isAbsoluteUrl(facts.canonical) ? {} : { relativeCanonical: facts.canonical }),
    ...(others.size > 0 ? { otherCanonicals: [...others] } : {}),
  };
}
/** The hreflang links of a page not written as fully qualified URLs: their count and the first few, with the URL each resolves to. */
export function relativeAlternates(
  written: PageFacts['alternates'],
  resolved: ReadonlyArray<{ hreflang: string; href: string } | undefined>,
): { count: number; examples: Array<{ hreflang: string; written: string; used: string }> } | undefined {
  let count = 0;
  const examples: Array<{ hreflang: string; written: string; used: string }> = [];
  (written ?? []).forEach((link, index) => {
    if (isFullyQualifiedUrl(link.href)) return;
    count++;
    const used = resolved[index]?.href;
    if (examples.length < RELATIVE_EXAMPLES && used !== undefined)
      examples.push({ hreflang: link.hreflang, written: link.href, used });
  });
  return count > 0 ? { count, examples } : undefined;
}

/** A robots meta tag as found in a page. */
export interface FoundRobotsTag {
  /** Lower-cased meta name: `robots`, `googlebot`, … */
  name: string;
  /** The name as written. */
  rawName: string;
  content: string;
  line: number;
  /** False when the tag comes after the body has started. */
  inHead: boolean;
}
/** What the audit needs from one page. New facts are new optional fields, collected in {@link collectFact}. */
export interface PageFacts {
  robotsTags: FoundRobotsTag[];
  /** The first `<link rel="canonical">` href in the head, as written. */
  canonical?: string;
  /** The head's other `<link rel="canonical">` hrefs that differ from the first, as written, at most `MAX_CANONICALS`. */
  otherCanonicals?: string[];
  /** The first `<base href>` in the head, as written. */
  baseHref?: string;
  /** The head's `<link rel="alternate" hreflang href>` links, as written, at most `MAX_ALTERNATES`. */
  alternates?: Array<{ hreflang: string; href: string }>;
  /** `<a href>` links (the first MAX_LINKS_READ), with their `rel` as written: for audit/link-checks.ts. */
  links?: Array<{ href: string; rel: string }>;
  /** Lower-cased names of the elements that carry `data-nosnippet` (Google honours it on span, div and section only). */
  nosnippetTags?: string[];
  /** The content of the head's first `<meta http-equiv="refresh">`, as written (see {@link isRedirectRefresh}). */
  refresh?: string;
}

/**
 * Whether a refresh's content sends the browser elsewhere (`0;url=/about`, `5, /next`): a
 * number, then a URL, as the HTML spec reads it. A redirect page (Astro writes one for each
 * `redirects` entry and i18n fallback) is not a page of its own: Google follows it as a redirect.
 * A refresh without a URL reloads the page itself.
 */
export function isRedirectRefresh(content: string): boolean {
  return /^[\t\n\f\r ]*[0-9.]+[\t\n\f\r ]*[;,]?[\t\n\f\r ]*(?:url[\t\n\f\r ]*=[\t\n\f\r ]*)?['"]?[^\t\n\f\r '"]/i.test(
    content,
  );
}
/** Canonical links kept per page beyond the first: enough to show a conflict, bounded on a hostile page. */
export const MAX_CANONICALS = 10;
/** hreflang links kept per page: more than every language there is, so a hostile page cannot grow the audit's memory. */
export const MAX_ALTERNATES = 1000;
/** Links read per page, so a hostile page cannot fill the audit's memory. */
export const MAX_LINKS_READ = 2000;

/** Read whole even past Google's 500 KiB (the parser reports the excess); refuse absurd sizes. */
const MAX_ROBOTS_TXT_FILE_BYTES = 16 * 1024 * 1024;
/** The folder's robots.txt parsed as Google reads it, `missing`, or why it was skipped. */
export async function readRobotsTxt(root: string): Promise<{ parsed?: ParsedRobotsTxt; skipped?: string }> {
  const bytes = await readBytes(path.join(root, 'robots.txt'), MAX_ROBOTS_TXT_FILE_BYTES, root);
  if (!(bytes instanceof Uint8Array)) return { skipped: bytes.skipped };
  return { parsed: parseRobotsTxt(bytes) };
}

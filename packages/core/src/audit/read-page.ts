/**
 * Reading one page's robots tags, canonical and errors with htmlparser2's tokenizer, and the
 * site's robots.txt.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import path from 'node:path';
import { parseRobots } from '../directives/parse.js';
import type { ParsedRobots, RobotsSource } from '../directives/types.js';
import { formatRobotsError, type RobotsErrorDetails } from '../errors.js';
import { shorten } from './findings.js';
import type { SiteUrl } from './types.js';
import { urlToSitePath } from './site-urls.js';
import { isRobotsMetaName } from '../directives/vocabulary.js';
import { ownString, readBytes } from './read-files.js';
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
/** What the audit needs from one page. */
export interface PageFacts {
  robotsTags: FoundRobotsTag[];
  /** The first `<link rel="canonical">` href in the head, as written. */
  canonical?: string;
  /** The first `<base href>` in the head, as written. */
  baseHref?: string;
  /** `<a href>` links (the first MAX_LINKS_READ), with their `rel` as written: for audit/link-checks.ts. */
  links?: Array<{ href: string; rel: string }>;
  /** Lower-cased names of the elements that carry `data-nosnippet` (Google honours it on span, div and section only). */
  nosnippetTags?: string[];
}
/** Links read per page, so a hostile page cannot fill the audit's memory. */
export const MAX_LINKS_READ = 2000;
/** Elements the HTML parser keeps in the head; any other start tag opens the body. */
const HEAD_ELEMENTS = new Set(['html', 'head', 'meta', 'link', 'title', 'style', 'script', 'noscript', 'base', 'template']);
/** The only elements whose attributes are read. */
const READ_ATTRIBUTES = new Set(['meta', 'link', 'base', 'a']);
function hasRelToken(rel: string | undefined, token: string): boolean {
  if (!rel) return false;
  return rel.toLowerCase().split(/[\t\n\f\r ]+/).includes(token);
}
function noop(): void {}
/**
 * Reads the robots meta tags (head and body), the canonical link and the base URL of a page with
 * htmlparser2's tokenizer, which handles comments, raw-text elements (`<script>`, `<style>`,
 * `<textarea>`) and character references; only `<meta>`, `<link>` and `<base>` attributes are
 * collected. `extraNames` are further lower-cased meta names to treat as robots tags.
 */
export function readPage(html: string, extraNames?: ReadonlySet<string>): PageFacts {
  const facts: PageFacts = { robotsTags: [] };
  const offsets: number[] = [];
  let inBody = false;
  let tag = '';
  let tagStart = 0;
  let attributes: Record<string, string> | undefined;
  let attributeName = '';
  let attributeValue = '';
  let skipValue = false;

  const finishTag = (): void => {
    if (!attributes) return;
    const found = attributes;
    attributes = undefined;
    if (tag === 'a') {
      if (found.href !== undefined && (facts.links ??= []).length < MAX_LINKS_READ) facts.links.push({ href: ownString(found.href.trim()), rel: ownString(found.rel ?? '') });
      return;
    }
    if (tag === 'meta') {
      const { name, content } = found;
      if (name === undefined || content === undefined || !isRobotsMetaName(name, extraNames)) return;
      facts.robotsTags.push({ name: ownString(name.trim().toLowerCase()), rawName: ownString(name), content: ownString(content), line: 0, inHead: !inBody });
      offsets.push(tagStart);
    } else if (inBody) {
      return;
    } else if (tag === 'link' && facts.canonical === undefined && found.href !== undefined && hasRelToken(found.rel, 'canonical')) {
      facts.canonical = ownString(found.href.trim());
    } else if (tag === 'base' && facts.baseHref === undefined && found.href !== undefined) {
      facts.baseHref = ownString(found.href.trim());
    }
  };

  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = html.slice(start, end).toLowerCase();
      tagStart = start - 1;
      if (!inBody && (tag === 'body' || !HEAD_ELEMENTS.has(tag))) inBody = true;
      attributes = READ_ATTRIBUTES.has(tag) ? (Object.create(null) as Record<string, string>) : undefined;
    },
    onattribname(start, end) {
      // `data-nosnippet` on any element, told apart by its length before any slicing.
      if (end - start === 14 && html.slice(start, end).toLowerCase() === 'data-nosnippet') (facts.nosnippetTags ??= []).push(tag);
      // Of a link, only `href` and `rel` are read (by length first): pages have many links.
      skipValue = tag === 'a' && end - start !== 4 && end - start !== 3;
      if (attributes && !skipValue) {
        attributeName = html.slice(start, end).toLowerCase();
        attributeValue = '';
      }
    },
    onattribdata(start, end) {
      if (attributes && !skipValue) attributeValue += html.slice(start, end);
    },
    onattribentity(codePoint) {
      if (attributes && !skipValue) attributeValue += String.fromCodePoint(codePoint);
    },
    onattribend() {
      if (attributes && !skipValue && !(attributeName in attributes)) attributes[attributeName] = attributeValue;
    },
    onopentagend: finishTag,
    onselfclosingtag: finishTag,
    onclosetag(start, end) {
      if (!inBody && html.slice(start, end).toLowerCase() === 'head') inBody = true;
    },
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onprocessinginstruction: noop,
    ontext: noop,
    ontextentity: noop,
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  if (offsets.length > 0) {
    lineNumbersAt(html, offsets).forEach((line, index) => (facts.robotsTags[index]!.line = line));
  }
  return facts;
}

/** Read whole even past Google's 500 KiB (the parser reports the excess); refuse absurd sizes. */
const MAX_ROBOTS_TXT_FILE_BYTES = 16 * 1024 * 1024;
/** The folder's robots.txt parsed as Google reads it, `missing`, or why it was skipped. */
export async function readRobotsTxt(root: string): Promise<{ parsed?: ParsedRobotsTxt; skipped?: string }> {
  const bytes = await readBytes(path.join(root, 'robots.txt'), MAX_ROBOTS_TXT_FILE_BYTES, root);
  if (!(bytes instanceof Uint8Array)) return { skipped: bytes.skipped };
  return { parsed: parseRobotsTxt(bytes) };
}

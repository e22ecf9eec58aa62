/**
 * Reading one page's facts (see page-facts.ts) as htmlparser2's tokenizer reads them, from its
 * text or its bytes, reading no more of the page than the facts need.
 */
import { Tokenizer } from 'htmlparser2';
import { TagScanner, type TagSink } from '../html/tag-scanner.js';
import { isRobotsMetaName } from '../directives/vocabulary.js';
import { decodeUtf8, ownString } from './read-files.js';
import { isUtf8 } from 'node:buffer';
import { lineNumbersAt, MAX_ALTERNATES, MAX_CANONICALS, MAX_LINKS_READ, type PageFacts } from './page-facts.js';

/** Elements the HTML parser keeps in the head; any other start tag opens the body. */
const HEAD_ELEMENTS = new Set([
  'html',
  'head',
  'meta',
  'link',
  'title',
  'style',
  'script',
  'noscript',
  'base',
  'template',
]);
/** An element whose attributes are read: where, and which attributes. */
interface CollectedElement {
  /** `head`: only before the body starts; `anywhere`: also after. */
  where: 'head' | 'anywhere';
  /** The attributes read (lower-case); no other value is even cut out of the page. */
  attributes: readonly string[];
}
/**
 * The elements whose attributes are read. The body is tokenized only as far as an `anywhere`
 * element can still start (see {@link lastBodyCandidate}), so a fact read in the body makes
 * every page that has such an element pay for its body.
 */
const COLLECTED: ReadonlyMap<string, CollectedElement> = new Map([
  ['meta', { where: 'anywhere', attributes: ['name', 'content', 'http-equiv'] }],
  ['link', { where: 'head', attributes: ['rel', 'href', 'hreflang'] }],
  ['base', { where: 'head', attributes: ['href'] }],
  ['a', { where: 'anywhere', attributes: ['href', 'rel'] }],
]);
/** `<a>`: read by a path of its own (see `openTagEnd`). */
const LINK = COLLECTED.get('a')!;
const META = COLLECTED.get('meta')!;
/**
 * {@link COLLECTED}`.get(name)` without hashing the name: every tag of a page is asked, and
 * its name is a new string each time.
 */
function collectedElement(name: string): CollectedElement | undefined {
  if (name.length === 1) return name === 'a' ? LINK : undefined;
  if (name.length !== 4) return undefined;
  return name === 'meta' ? META : name === 'link' || name === 'base' ? COLLECTED.get(name) : undefined;
}
/** One more link of the page, up to MAX_LINKS_READ; `href` and `rel` may be slices of the page (see pageLinkFacts). */
function addLink(facts: PageFacts, href: string, rel: string): void {
  const links = (facts.links ??= []);
  if (links.length < MAX_LINKS_READ) links.push({ href: href.trim(), rel });
}
/** What `trim` removes from a string of ASCII. */
function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}
/** Any other element, read only for `data-nosnippet` when the page has that attribute at all. */
const NO_ATTRIBUTES: CollectedElement = { where: 'anywhere', attributes: [] };
/**
 * Whether `data-nosnippet` (ASCII case-insensitive) is in the page from `from` on: only then is
 * every element's attribute list read. Found as {@link lastBodyCandidate} finds tags: `indexOf`
 * for `-n` and `-N`, then the rest compared; a case-insensitive regular expression over every
 * page cost as much as the rest of reading it.
 */
function mayHaveNosnippet(html: string | Buffer, from: number): boolean {
  const text = typeof html === 'string';
  const at = (i: number): number => (text ? html.charCodeAt(i) : (html[i] ?? 0));
  for (const needle of ['-n', '-N']) {
    for (
      let i = text ? html.indexOf(needle, from) : html.indexOf(needle, from, 'latin1');
      i !== -1;
      i = text ? html.indexOf(needle, i + 1) : html.indexOf(needle, i + 1, 'latin1')
    ) {
      if (i - 4 < from) continue;
      let match = true;
      for (let k = 0; k < NOSNIPPET.length && match; k++)
        match = (at(i - 4 + k) | 0x20) === NOSNIPPET.charCodeAt(k) || (k === 4 && at(i) === 0x2d);
      if (match) return true;
    }
  }
  return false;
}
const NOSNIPPET = 'data-nosnippet';
const BODY_NAMES = [...COLLECTED].filter(([, element]) => element.where === 'anywhere').map(([name]) => name);
function hasRelToken(rel: string | undefined, token: string): boolean {
  if (!rel) return false;
  return rel
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .includes(token);
}
/** Whether a `<meta>`'s `http-equiv` is `refresh`, as browsers compare it (ASCII case-insensitive, spaces around ignored). */
export function isRefresh(equiv: string | undefined): boolean {
  return equiv !== undefined && equiv.trim().toLowerCase() === 'refresh';
}
/** One collected element: its lower-cased name, its attributes (first of each name wins), where it starts, whether the body had started. */
interface CollectedTag {
  tag: string;
  attributes: Readonly<Record<string, string | undefined>>;
  start: number;
  inBody: boolean;
}
/** The one place where facts are taken from a collected element: new facts go here (and their attributes in {@link COLLECTED}). */
function collectFact(
  facts: PageFacts,
  found: CollectedTag,
  extraNames: ReadonlySet<string> | undefined,
  offsets: number[],
): void {
  const { tag, attributes } = found;
  if (tag === 'meta') {
    const { name, content } = attributes;
    if (name === undefined || content === undefined || !isRobotsMetaName(name, extraNames)) {
      if (!found.inBody && facts.refresh === undefined && content !== undefined && isRefresh(attributes['http-equiv']))
        facts.refresh = ownString(content);
      return;
    }
    facts.robotsTags.push({
      name: ownString(name.trim().toLowerCase()),
      rawName: ownString(name),
      content: ownString(content),
      line: 0,
      inHead: !found.inBody,
    });
    offsets.push(found.start);
  } else if (found.inBody) {
    return;
  } else if (
    tag === 'link' &&
    facts.canonical === undefined &&
    attributes.href !== undefined &&
    hasRelToken(attributes.rel, 'canonical')
  ) {
    facts.canonical = ownString(attributes.href.trim());
  } else if (
    tag === 'link' &&
    attributes.href !== undefined &&
    attributes.hreflang === undefined &&
    hasRelToken(attributes.rel, 'canonical')
  ) {
    // A second canonical: kept when it differs, for the audit's `canonical-conflict`.
    const href = attributes.href.trim();
    const others = facts.otherCanonicals;
    if (href !== facts.canonical && (others?.length ?? 0) < MAX_CANONICALS && !others?.includes(href))
      (facts.otherCanonicals ??= []).push(ownString(href));
  } else if (tag === 'base' && facts.baseHref === undefined && attributes.href !== undefined) {
    facts.baseHref = ownString(attributes.href.trim());
  } else if (
    tag === 'link' &&
    attributes.hreflang !== undefined &&
    attributes.href !== undefined &&
    hasRelToken(attributes.rel, 'alternate')
  ) {
    const alternates = (facts.alternates ??= []);
    if (alternates.length < MAX_ALTERNATES)
      alternates.push({ hreflang: ownString(attributes.hreflang.trim()), href: ownString(attributes.href.trim()) });
  }
}

/** Whether `html.slice(start, end)`, lower-cased as `toLowerCase` does, is `name` (lower-case ASCII), without cutting it out. */
function isName(html: string, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) {
    let c = html.charCodeAt(start + i);
    // Beyond ASCII, toLowerCase has its own cases (the Kelvin sign becomes `k`).
    if (c >= 0x80) return html.slice(start, end).toLowerCase() === name;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== name.charCodeAt(i)) return false;
  }
  return true;
}
/** Where each read attribute's value is in the page: its first occurrence, `[start, end]` pairs; -1 when absent. */
class AttributeSpans {
  readonly spans = new Int32Array(2 * Math.max(...[...COLLECTED.values()].map((element) => element.attributes.length)));
  clear(count: number): void {
    // A loop, not `fill`: a builtin call costs more than the two to six stores.
    for (let i = 0; i < 2 * count; i++) this.spans[i] = -1;
  }
}

/** The spans of the element being read: one for every page (reading a page never reads another), so no typed array is made per page. */
const SPANS = new AttributeSpans();

/** Whether `html` has `<name` (ASCII case-insensitive) at `at`, `name` lower-case. */
function startsTag(html: string, at: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if ((html.charCodeAt(at + 1 + i) | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}
/**
 * The offset of the last `<` in `html` from `from` on that is followed by the name of an element
 * read in the body (ASCII case-insensitive), or -1. The tokenizer reports a start tag only at `<`
 * followed by its name, so past this offset nothing more can be learnt; a `<meta` inside a
 * comment or a script only costs tokenizing further. Searched with `indexOf` for `<m` and `<M`
 * (V8 finds a two-character string far faster than it steps through `<`s, and far faster than
 * a regular expression or `lastIndexOf` does), so a page without one is passed over at memory
 * speed and each character is looked at a bounded number of times.
 */
function lastBodyCandidate(html: string, from: number): number {
  // Links are in nearly every body, and `<a` starts many tags (`<abbr`, `<article`, `<aside`):
  // with one in the body, read to the end rather than look for the last.
  if (html.indexOf('<a', from) !== -1 || html.indexOf('<A', from) !== -1) return html.length;
  let last = -1;
  for (const name of BODY_NAMES) {
    for (const first of [`<${name[0]!}`, `<${name[0]!.toUpperCase()}`]) {
      for (let at = html.indexOf(first, from); at !== -1; at = html.indexOf(first, at + 1)) {
        if (at > last && startsTag(html, at, name)) last = at;
      }
    }
  }
  return last;
}

const ignore = (): void => {};
/**
 * Reads the robots meta tags (head and body), the canonical link and the base URL of a page as
 * htmlparser2's tokenizer reads it (comments, raw-text elements such as `<script>`, `<style>`
 * and `<textarea>`, character references), with its exact port {@link TagScanner}; only the
 * {@link COLLECTED} elements' attributes are read. `extraNames` are further lower-cased meta
 * names to treat as robots tags.
 *
 * Why it is fast: text, comments, raw text and attribute values are passed over with `indexOf`,
 * and only attribute values that hold a `&` are decoded, by tokenizing their element alone with
 * htmlparser2 (an element that starts in the text reads the same alone); and it stops where the
 * body starts unless a body element it collects can still follow. None of this changes what is
 * found: `test/audit/read-page-differential.test.ts` compares it with htmlparser2's tokenizer
 * decoding the whole page, as the audit read pages before.
 */
export function readPage(html: string, extraNames?: ReadonlySet<string>): PageFacts {
  return tokenizePage({ view: html, latin1: false, text: (start, end) => html.slice(start, end) }, extraNames);
}

/**
 * A page as the scanner reads it: `view` is the markup (the text itself, or its UTF-8 bytes seen
 * as Latin-1, where every character that HTML syntax uses is itself and offsets are byte
 * offsets), `text` the real text of a span of `view` that starts and ends at syntax characters.
 */
interface PageView {
  view: string;
  /** `view` is UTF-8 bytes seen as Latin-1. */
  latin1: boolean;
  text(start: number, end: number): string;
}

/** {@link readPage} on a {@link PageView}. */
function tokenizePage(page: PageView, extraNames: ReadonlySet<string> | undefined): PageFacts {
  const html = page.view;
  const facts: PageFacts = { robotsTags: [] };
  const offsets: number[] = [];
  let inBody = false;
  let tag = '';
  let tagStart = 0;
  // The element being read, when it is collected; its read attributes' spans.
  let element: CollectedElement | undefined;
  const spans = SPANS;
  // Where the scanner may stop: unknown (Infinity) before the body starts, then the last candidate.
  let stopAfter = Infinity;
  let bodyFrom = 0;
  // Every element's attributes are looked at for `data-nosnippet` only when the page has one.
  const watchNosnippet = mayHaveNosnippet(html, 0);
  let nosnippetSeen = false;

  /**
   * Whether a `<meta>` with these spans (`name`, then `content`) can be a robots tag: both are
   * there, and the name, unless a character reference in it makes it something else, is a
   * robots name. The common meta (description, viewport, og:…) is dismissed here.
   */
  const mayBeRobotsMeta = (found: Int32Array, names: ReadonlySet<string> | undefined): boolean => {
    const start = found[0]!;
    const end = found[1]!;
    if (start === -1 || found[2] === -1) return false;
    for (let i = start; i < end; i++) if (html.charCodeAt(i) === 0x26) return true;
    return isRobotsMetaName(page.text(start, end), names);
  };
  /** The refresh's content, when the element (read alone, references decoded) is one. */
  const noteRefresh = (markup: string): void => {
    const { 'http-equiv': equiv, content } = decodedAttributes(markup);
    if (isRefresh(equiv) && content !== undefined) facts.refresh = ownString(content);
  };
  const startBody = (at: number): void => {
    inBody = true;
    bodyFrom = at;
    scanner.pause();
  };
  const sink: TagSink = {
    openTag(name, start) {
      if (start > stopAfter) {
        scanner.pause();
        element = undefined;
        return false;
      }
      // Seen as Latin-1, a name beyond ASCII is not the name the text has (the Kelvin sign
      // lower-cases to `k`): read it from the text.
      if (page.latin1 && !isAscii(name)) name = page.text(start + 1, start + 1 + name.length).toLowerCase();
      tag = name;
      tagStart = start;
      element = collectedElement(name) ?? (watchNosnippet ? NO_ATTRIBUTES : undefined);
      nosnippetSeen = false;
      if (element) spans.clear(element.attributes.length);
      if (!inBody && (name === 'body' || !HEAD_ELEMENTS.has(name))) startBody(start);
      return element !== undefined;
    },
    attribute(nameStart, nameEnd, valueStart, valueEnd) {
      if (watchNosnippet && !nosnippetSeen && isName(html, nameStart, nameEnd, 'data-nosnippet')) nosnippetSeen = true;
      const names = element!.attributes;
      for (let i = 0; i < names.length; i++) {
        if (!isName(html, nameStart, nameEnd, names[i]!)) continue;
        // The first of an attribute wins; one without a value (`<meta content>`) is there, empty.
        if (spans.spans[2 * i] === -1) {
          spans.spans[2 * i] = valueStart === -1 ? 0 : valueStart;
          spans.spans[2 * i + 1] = valueStart === -1 ? 0 : valueEnd;
        }
        return;
      }
    },
    openTagEnd(end) {
      // Noted once the tag ends: a tag cut off by the end of the page is no element.
      if (nosnippetSeen) (facts.nosnippetTags ??= []).push(tag);
      if (element === NO_ATTRIBUTES) return;
      if (element === LINK) {
        const hrefStart = spans.spans[0]!;
        if (hrefStart === -1) return;
        // The common link: an href of ASCII without a character reference or spaces to trim, and
        // no rel, cut out of the page in one pass over it (this runs for every link of a site).
        const hrefEnd = spans.spans[1]!;
        if (
          spans.spans[2] === -1 &&
          hrefEnd > hrefStart &&
          !isAsciiSpace(html.charCodeAt(hrefStart)) &&
          !isAsciiSpace(html.charCodeAt(hrefEnd - 1))
        ) {
          let plain = true;
          for (let i = hrefStart; i < hrefEnd && plain; i++) {
            const c = html.charCodeAt(i);
            plain = c !== 0x26 && c < 0x80;
          }
          if (plain) {
            const links = (facts.links ??= []);
            if (links.length < MAX_LINKS_READ) links.push({ href: html.slice(hrefStart, hrefEnd), rel: '' });
            return;
          }
        }
        // A page has many links: read without an attributes object, and kept as slices, since
        // pageLinkFacts turns them into paths (copied) while the page is still at hand.
        const href = page.text(spans.spans[0]!, spans.spans[1]!);
        const rel = spans.spans[2] === -1 ? '' : page.text(spans.spans[2]!, spans.spans[3]!);
        if (href.includes('&') || rel.includes('&')) {
          const decoded = decodedAttributes(page.text(tagStart, end + 1));
          addLink(facts, decoded.href!, decoded.rel ?? '');
        } else {
          addLink(facts, href, rel);
        }
        return;
      }
      // Only a robots meta tag is kept, and the body's links: anything else is passed over
      // before its values are cut out (a head holds dozens of other metas and links).
      if (element !== META && inBody) return;
      if (element === META && !mayBeRobotsMeta(spans.spans, extraNames)) {
        // `<meta http-equiv="refresh">` in the head: the page redirects (Astro's and Eleventy's redirect pages).
        if (!inBody && facts.refresh === undefined && spans.spans[4] !== -1 && spans.spans[2] !== -1)
          noteRefresh(page.text(tagStart, end + 1));
        return;
      }
      const names = element!.attributes;
      const attributes: Record<string, string | undefined> = {};
      let hasReference = false;
      for (let i = 0; i < names.length; i++) {
        const start = spans.spans[2 * i]!;
        if (start === -1) continue;
        const value = page.text(start, spans.spans[2 * i + 1]!);
        attributes[names[i]!] = value;
        if (value.includes('&')) hasReference = true;
      }
      // A character reference in a value: the element is read alone, with references decoded.
      collectFact(
        facts,
        {
          tag,
          attributes: hasReference ? decodedAttributes(page.text(tagStart, end + 1)) : attributes,
          start: tagStart,
          inBody,
        },
        extraNames,
        offsets,
      );
    },
    closeTag(start, end) {
      if (!inBody && isName(html, start, end, 'head')) startBody(start);
    },
  };
  const scanner = new TagScanner(html, sink);
  scanner.run();
  if (inBody) {
    // Paused where the body starts: go on only as far as a body element read can start.
    stopAfter = watchNosnippet ? Infinity : lastBodyCandidate(html, bodyFrom);
    if (stopAfter !== -1) scanner.run();
  }
  if (offsets.length > 0) {
    lineNumbersAt(html, offsets).forEach((line, index) => (facts.robotsTags[index]!.line = line));
  }
  return facts;
}

/** Whether `text` is ASCII only. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}
/**
 * {@link readPage} on a page's UTF-8 bytes, or why they are not UTF-8 (as {@link decodeUtf8}
 * says): exactly what `readPage` finds in the decoded page, without decoding it. The bytes are
 * validated whole (fast, without making a string) and scanned as Latin-1, a string of one byte
 * per character made at memory speed and half the size of the decoded text of a page with any
 * character beyond Latin-1; only the values the facts keep are decoded, from their bytes.
 */
export function readPageBytes(
  bytes: Uint8Array,
  extraNames?: ReadonlySet<string>,
): { facts: PageFacts; skipped?: undefined } | { facts?: undefined; skipped: string } {
  if (!isUtf8(bytes)) {
    const decoded = decodeUtf8(bytes);
    return decoded.text === undefined ? { skipped: decoded.skipped } : { facts: readPage(decoded.text, extraNames) };
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  // The decoder drops a byte order mark: the text starts after it.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const view = buffer.toString('latin1', bom);
  const text = (start: number, end: number): string => {
    for (let i = start; i < end; i++)
      if (view.charCodeAt(i) >= 0x80) return buffer.toString('utf8', bom + start, bom + end);
    return view.slice(start, end);
  };
  return { facts: tokenizePage({ view, latin1: true, text }, extraNames) };
}
let decodedTag: Record<string, string> = Object.create(null) as Record<string, string>;
let decodedElement = '';
let decodedName = '';
let decodedValue = '';
/** Reads the attributes of one element as it is written alone, with character references decoded. */
const decoder = new Tokenizer(
  { decodeEntities: true },
  {
    onattribname(start, end) {
      decodedName = decodedElement.slice(start, end).toLowerCase();
      decodedValue = '';
    },
    onattribdata(start, end) {
      decodedValue += decodedElement.slice(start, end);
    },
    onattribentity(codePoint) {
      decodedValue += String.fromCodePoint(codePoint);
    },
    onattribend() {
      if (!(decodedName in decodedTag)) decodedTag[decodedName] = decodedValue;
    },
    onopentagname: ignore,
    onopentagend: ignore,
    onselfclosingtag: ignore,
    onclosetag: ignore,
    oncdata: ignore,
    oncomment: ignore,
    ondeclaration: ignore,
    onend: ignore,
    onprocessinginstruction: ignore,
    ontext: ignore,
    ontextentity: ignore,
  },
);
function decodedAttributes(element: string): Record<string, string> {
  decodedTag = Object.create(null) as Record<string, string>;
  decodedElement = element;
  decoder.reset();
  decoder.write(element);
  decoder.end();
  // Let go of the element: a slice of the page would keep the whole page alive.
  decoder.reset();
  decodedElement = '';
  return decodedTag;
}

/**
 * Reading one page's facts (see page-facts.ts) with the HTML reader every job uses: the head as
 * the head transform reads it (`locateHead`: the spec's insertion modes up to `<body>`, head
 * `<noscript>` contents as crawlers without scripting read them), the body with the tokenizer and
 * the stack of open elements (template contents and SVG/MathML are not the page's markup), from
 * its text or its bytes, reading no more of the body than the facts need.
 */
import { isUtf8 } from 'node:buffer';
import { isRobotsMetaName } from '../directives/vocabulary.js';
import { ElementStack } from '../html/element-stack.js';
import { fontBreaksOut } from '../html/foreign-content.js';
import { locateHead } from '../html/inject.js';
import { type HeadNodeFilter, scanPreBody } from '../html/scan-head.js';
import { loadTemplateParser } from '../html/template-contents.js';
import {
  type AttributeVisitor,
  decodeAttributeValue,
  type HeadStartTag,
  type MetaFacts,
  sameName,
  TagReader,
} from '../html/tag-reader.js';
import { END_ONLY, Tokenizer, type TagInterest, type TokenSink } from '../html/tokenizer.js';
import { asciiLowercase, type HeadNode, isHtmlWhitespace } from '../html/types.js';
import { lineNumbersAt, MAX_ALTERNATES, MAX_CANONICALS, MAX_LINKS_READ, type PageFacts } from './page-facts.js';
import { decodeUtf8, ownString } from './read-files.js';

// The audit reads pages synchronously: parse5, for the rare head templates only it reads
// exactly, starts loading with the audit's modules, long before the first page is read.
void loadTemplateParser();

/**
 * A page as the reader reads it: `view` is the markup (the text itself, or its UTF-8 bytes seen
 * as Latin-1, where every character that HTML syntax uses is itself and offsets are byte
 * offsets); `text` is the real text of a span of `view` that starts and ends at syntax characters.
 */
interface PageView {
  view: string;
  text(start: number, end: number): string;
  /** The real text of a string cut out of `view` (for a Latin-1 view of UTF-8 bytes, those bytes decoded). */
  decode(cut: string): string;
}

/** Whether a `<meta>`'s `http-equiv` is `refresh`, as browsers compare it (ASCII case-insensitive, spaces around ignored). */
export function isRefresh(equiv: string | undefined): boolean {
  return equiv !== undefined && equiv.trim().toLowerCase() === 'refresh';
}
/**
 * Whether `rel` (lowercased as `toLowerCase` does) holds `token` as one of its whitespace-separated
 * tokens: found with `indexOf` and its neighbours checked, without splitting (asked of every link
 * of every head).
 */
function hasRelToken(rel: string | undefined, token: string): boolean {
  if (!rel) return false;
  const lower = rel.toLowerCase();
  for (let at = lower.indexOf(token); at !== -1; at = lower.indexOf(token, at + 1)) {
    const end = at + token.length;
    if (
      (at === 0 || isHtmlWhitespace(lower.charCodeAt(at - 1))) &&
      (end === lower.length || isHtmlWhitespace(lower.charCodeAt(end)))
    )
      return true;
  }
  return false;
}

/**
 * The first value of each wanted attribute of one tag (lowercase names), as spans of the page
 * (`-1`: absent; a name without a value is there, empty): walked once, cut out only when kept.
 */
class AttributeSpans implements AttributeVisitor {
  readonly spans: Int32Array;
  /** Whether the tag has `data-nosnippet` (noted only when asked: {@link watchNosnippet}). */
  nosnippet = false;
  watchNosnippet = false;
  constructor(
    private readonly html: string,
    private readonly names: readonly string[],
  ) {
    this.spans = new Int32Array(2 * names.length);
  }
  clear(): void {
    // A loop, not `fill`: a builtin call costs more than the two to six stores (every `<a>` of a body).
    const spans = this.spans;
    for (let i = 0; i < spans.length; i++) spans[i] = -1;
    this.nosnippet = false;
  }
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const { html, names, spans } = this;
    const count = nameEnd - nameStart;
    if (this.watchNosnippet && count === 14 && sameName(html, nameStart, 'data-nosnippet')) this.nosnippet = true;
    for (let i = 0; i < names.length; i++) {
      if (names[i]!.length !== count || spans[2 * i] !== -1 || !sameName(html, nameStart, names[i]!)) continue;
      spans[2 * i] = valueStart === -1 ? 0 : valueStart;
      spans[2 * i + 1] = valueStart === -1 ? 0 : valueEnd;
      return;
    }
  }
}
/** The attributes read of each element the facts come from, in the order of their spans. */
const META_ATTRIBUTES = ['name', 'content', 'http-equiv'];
const LINK_ATTRIBUTES = ['rel', 'href', 'hreflang'];
const A_ATTRIBUTES = ['href', 'rel'];

/** A span's value as the DOM has it (references decoded), or undefined when absent. */
function valueOf(page: PageView, spans: Int32Array, index: number): string | undefined {
  const start = spans[2 * index]!;
  return start === -1 ? undefined : decodeAttributeValue(page.text(start, spans[2 * index + 1]!));
}

/**
 * The head nodes the facts come from: robots metas and refreshes (a `<meta>` with `http-equiv`),
 * links and `<base>`, and `<noscript>` (where crawlers without scripting read metas). The head
 * scan reads past every other element without recording it.
 */
function headFilter(page: PageView, extraNames: ReadonlySet<string> | undefined): HeadNodeFilter {
  return {
    names: HEAD_FACT_ELEMENTS,
    meta: (meta: MetaFacts) =>
      meta.hasHttpEquiv ||
      (meta.name !== undefined && isRobotsMetaName(decodeAttributeValue(page.decode(meta.name)), extraNames)),
  };
}
const HEAD_FACT_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'link', 'base', 'noscript']);

/** The facts of the head's elements, as the head transform located them. */
function readHead(
  page: PageView,
  nodes: readonly HeadNode[],
  facts: PageFacts,
  extraNames: ReadonlySet<string> | undefined,
  offsets: number[],
): void {
  const reader = new TagReader(page.view);
  const meta = new AttributeSpans(page.view, META_ATTRIBUTES);
  const link = new AttributeSpans(page.view, LINK_ATTRIBUTES);
  for (const node of nodes) {
    const name = node.name;
    if (name === 'meta') {
      // The scan noted each `<meta>`'s name and which attributes it has: only a robots tag or a
      // refresh is walked again, for its values.
      const tag = node.tag as HeadStartTag | undefined;
      const rawName = tag?.rawAttribute('name');
      const robots = rawName !== undefined && isRobotsMetaName(decodeAttributeValue(page.decode(rawName)), extraNames);
      const equiv =
        robots || facts.refresh !== undefined || node.inNoscript ? undefined : tag?.rawAttribute('http-equiv');
      if (!robots && equiv === undefined) continue;
      meta.clear();
      reader.end(node.start + 5, meta);
      const metaName = valueOf(page, meta.spans, 0);
      const content = valueOf(page, meta.spans, 1);
      if (robots && metaName !== undefined && content !== undefined) {
        facts.robotsTags.push({
          name: ownString(metaName.trim().toLowerCase()),
          rawName: ownString(metaName),
          content: ownString(content),
          line: 0,
          inHead: true,
        });
        offsets.push(node.start);
      } else if (!robots && content !== undefined && isRefresh(valueOf(page, meta.spans, 2)))
        // A redirect for browsers: the head's own metas, not those of a `<noscript>`.
        facts.refresh = ownString(content);
    } else if (name === 'link' || name === 'base') {
      link.clear();
      reader.end(node.start + 1 + name.length, link);
      const href = valueOf(page, link.spans, 1);
      if (href === undefined) continue;
      if (name === 'base') {
        // `<base>` has no rel: its href is the second span only because the spans are shared.
        if (facts.baseHref === undefined) facts.baseHref = ownString(href.trim());
        continue;
      }
      const rel = valueOf(page, link.spans, 0);
      const hreflang = valueOf(page, link.spans, 2);
      const canonical = hasRelToken(rel, 'canonical');
      if (facts.canonical === undefined && canonical) facts.canonical = ownString(href.trim());
      else if (hreflang !== undefined && hasRelToken(rel, 'alternate')) {
        const alternates = (facts.alternates ??= []);
        if (alternates.length < MAX_ALTERNATES)
          alternates.push({ hreflang: ownString(hreflang.trim()), href: ownString(href.trim()) });
      } else if (canonical) {
        // A second canonical that differs: kept (bounded) for the audit's `canonical-conflict`.
        const value = href.trim();
        const others = facts.otherCanonicals ?? [];
        if (value !== facts.canonical && others.length < MAX_CANONICALS && !others.includes(value))
          facts.otherCanonicals = [...others, ownString(value)];
      }
    }
  }
}

/**
 * Whether `data-nosnippet` (ASCII case-insensitive) is in the page from `from` on: only then is
 * every element's attribute list read. Found with `indexOf` for `-n` and `-N`, then the rest compared.
 */
function mayHaveNosnippet(html: string, from: number): boolean {
  for (const needle of ['-n', '-N']) {
    for (let i = html.indexOf(needle, from); i !== -1; i = html.indexOf(needle, i + 1)) {
      if (i - 4 >= from && sameName(html, i - 4, 'data-nosnippet')) return true;
    }
  }
  return false;
}
/**
 * The offset of the last `<m`/`<M` or `<a`/`<A` from `from` on, or -1: the tokenizer reports a
 * start tag only at `<` followed by its name, so past it no `<meta>` or `<a>` can start. A page
 * with a link is read to its end.
 */
function lastBodyCandidate(html: string, from: number): number {
  if (html.indexOf('<a', from) !== -1 || html.indexOf('<A', from) !== -1) return html.length;
  return Math.max(html.lastIndexOf('<m'), html.lastIndexOf('<M'));
}

/**
 * The body's facts: robots metas (in the body), links, `data-nosnippet` elements. Read first
 * without the stack of open elements, which only SVG, MathML and templates need (up to the first
 * of them the two readings are the same); at one, read again from the body's start with it.
 */
class BodyReader implements TokenSink {
  readonly stack: ElementStack | undefined;
  /** Without the stack: an element that needs it started, and the reading stopped there. */
  needsStack = false;
  private readonly tokenizer: Tokenizer;
  private readonly meta: AttributeSpans;
  private readonly link: AttributeSpans;
  private readonly none: AttributeSpans;
  private current: AttributeSpans | undefined;
  private tag = '';
  private tagStart = 0;
  private tagId = 0;
  readonly robotsTags: PageFacts['robotsTags'] = [];
  readonly offsets: number[] = [];
  links: NonNullable<PageFacts['links']> | undefined;
  nosnippetTags: string[] | undefined;

  constructor(
    private readonly page: PageView,
    private readonly extraNames: ReadonlySet<string> | undefined,
    private readonly stopAfter: number,
    watchNosnippet: boolean,
    withStack: boolean,
  ) {
    const html = page.view;
    this.tokenizer = new Tokenizer(html, this);
    this.meta = new AttributeSpans(html, META_ATTRIBUTES);
    this.link = new AttributeSpans(html, A_ATTRIBUTES);
    this.none = new AttributeSpans(html, []);
    for (const spans of [this.meta, this.link, this.none]) spans.watchNosnippet = watchNosnippet;
    if (withStack) this.stack = new ElementStack();
  }

  run(from: number): void {
    this.tokenizer.run(from);
  }

  openTag(name: string, start: number): TagInterest {
    if (start > this.stopAfter) {
      this.tokenizer.stop();
      return false;
    }
    const stack = this.stack;
    if (stack === undefined) {
      if (name === 'svg' || name === 'math' || name === 'template' || name === 'select') {
        this.needsStack = true;
        this.tokenizer.stop();
        return false;
      }
    } else {
      stack.beforeStart((this.tagId = stack.idOf(name)));
      if (stack.insertForeign && this.tagId === ElementStack.FONT && fontBreaksOut(this.page.view, start))
        stack.fontBreaksOut();
      // A start tag the tree builder drops (in `<select>`): no element, no fact.
      if (stack.ignoresStart) return false;
    }
    this.tag = name;
    this.tagStart = start;
    const spans =
      name === 'meta' ? this.meta : name === 'a' ? this.link : this.none.watchNosnippet ? this.none : undefined;
    this.current = spans;
    if (spans !== undefined) {
      spans.clear();
      return true;
    }
    // The element's end matters only in SVG/MathML, where `/>` decides whether it opens.
    if (stack === undefined) return false;
    if (stack.insertForeign) return END_ONLY;
    this.place(false);
    return false;
  }

  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    this.current?.attribute(nameStart, nameEnd, valueStart, valueEnd);
  }

  openTagEnd(_end: number, selfClosing: boolean): void {
    const spans = this.current;
    const stack = this.stack;
    const html = stack === undefined || (stack.templates === 0 && !stack.insertForeign);
    if (spans !== undefined && html) this.collect(spans);
    this.current = undefined;
    if (stack !== undefined) this.place(selfClosing);
  }

  closeTag(start: number, end: number): void {
    const stack = this.stack;
    if (stack === undefined || stack.endsTop(this.page.view, start, end)) return;
    const name = asciiLowercase(this.page.view.slice(start, end));
    if (name !== 'html' && name !== 'body' && name !== 'head') stack.end(name);
  }

  staysInData(): boolean {
    return this.stack !== undefined && (this.stack.insertForeign || this.stack.ignoresStart);
  }

  inForeignContent(): boolean {
    return this.stack?.inForeign === true;
  }

  /** The element just read, on the stack (an `annotation-xml` is never an integration point here: links in it are rare). */
  private place(selfClosing: boolean): void {
    const stack = this.stack!;
    const name = this.tag;
    if (name !== 'html' && name !== 'body' && stack.opens(this.tagId, selfClosing)) stack.push(this.tagId, 0);
  }

  /** The tag's name from the text (read as Latin-1, a name beyond ASCII is not the name the text has). */
  private nameAsWritten(): string {
    const start = this.tagStart + 1;
    const html = this.page.view;
    let end = start;
    while (end < html.length && !/[\t\n\f\r />]/.test(html[end]!)) end++;
    return asciiLowercase(this.page.text(start, end));
  }

  private collect(spans: AttributeSpans): void {
    const { page, tag } = this;
    if (spans.nosnippet) (this.nosnippetTags ??= []).push(isAscii(tag) ? tag : this.nameAsWritten());
    if (spans === this.meta) {
      const name = valueOf(page, spans.spans, 0);
      const content = valueOf(page, spans.spans, 1);
      if (name === undefined || content === undefined || !isRobotsMetaName(name, this.extraNames)) return;
      this.robotsTags.push({
        name: ownString(name.trim().toLowerCase()),
        rawName: ownString(name),
        content: ownString(content),
        line: 0,
        inHead: false,
      });
      this.offsets.push(this.tagStart);
    } else if (spans === this.link) {
      const start = spans.spans[0]!;
      if (start === -1) return;
      const links = (this.links ??= []);
      if (links.length >= MAX_LINKS_READ) return;
      // Kept as slices: pageLinkFacts turns them into paths (copied) while the page is still at hand.
      const href = decodeAttributeValue(page.text(start, spans.spans[1]!));
      const rel = valueOf(page, spans.spans, 1) ?? '';
      links.push({ href: href.trim(), rel });
    }
  }
}

/** Whether `text` is ASCII only. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * Reads the robots meta tags (head and body), the canonical link, the base URL, hreflang
 * alternates, the head's refresh, links and `data-nosnippet` elements of a page as the HTML
 * parsing spec reads it, with the reader the head transform and the body pass use.
 * `extraNames` are further lower-cased meta names to treat as robots tags.
 */
export function readPage(html: string, extraNames?: ReadonlySet<string>): PageFacts {
  return readView({ view: html, text: (start, end) => html.slice(start, end), decode: (cut) => cut }, extraNames);
}

function readView(page: PageView, extraNames: ReadonlySet<string> | undefined): PageFacts {
  const html = page.view;
  const facts: PageFacts = { robotsTags: [] };
  const offsets: number[] = [];
  const keep = headFilter(page, extraNames);
  const located = locateHead(html, keep);
  // A head the transform cannot read (a template past parse5's budget): its elements up to there.
  const scan = 'scan' in located ? located.scan : scanPreBody(html, { keep });
  readHead(page, 'scan' in located ? located.nodes : scan.headNodes, facts, extraNames, offsets);
  const bodyFrom = scan.bodyStart;
  if (bodyFrom < html.length) {
    const watchNosnippet = mayHaveNosnippet(html, bodyFrom);
    const stopAfter = watchNosnippet ? html.length : lastBodyCandidate(html, bodyFrom);
    if (stopAfter >= bodyFrom) {
      let body = new BodyReader(page, extraNames, stopAfter, watchNosnippet, false);
      body.run(bodyFrom);
      if (body.needsStack) {
        body = new BodyReader(page, extraNames, stopAfter, watchNosnippet, true);
        body.run(bodyFrom);
      }
      facts.robotsTags.push(...body.robotsTags);
      offsets.push(...body.offsets);
      if (body.links !== undefined) facts.links = body.links;
      if (body.nosnippetTags !== undefined) facts.nosnippetTags = body.nosnippetTags;
    }
  }
  if (offsets.length > 0) {
    lineNumbersAt(html, offsets).forEach((line, index) => (facts.robotsTags[index]!.line = line));
  }
  return facts;
}

/**
 * {@link readPage} on a page's UTF-8 bytes, or why they are not UTF-8 (as {@link decodeUtf8}
 * says): exactly what `readPage` finds in the decoded page, without decoding it. The bytes are
 * validated whole (fast, without making a string) and read as Latin-1, a string of one byte per
 * character made at memory speed and half the size of the decoded text of a page with any
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
  const decode = (cut: string): string => (isAscii(cut) ? cut : Buffer.from(cut, 'latin1').toString('utf8'));
  return { facts: readView({ view, text, decode }, extraNames) };
}

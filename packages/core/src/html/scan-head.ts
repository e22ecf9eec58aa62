/**
 * The pre-body scanner: follows the spec's insertion modes up to <body> and reports where the head
 * is and which named metas it holds.
 */
import {
  type CommentToken,
  type DoctypeToken,
  type EndTagToken,
  type HeadNode,
  isAsciiAlpha,
  type SelfClosingStyle,
  type StartTagToken,
  whitespaceBefore,
} from './types.js';
import { firstContentCharacter, readMarkup, textContentEnd } from './tokenizer.js';
import { attributeValue, HeadStartTag, MetaFacts, TagReader } from './tag-reader.js';
import { type TemplateExtent, templateReader } from './template-contents.js';

/** What the tokenizer learned from the part of a document before the body. */
export interface PreBodyScan {
  doctype?: DoctypeToken;
  htmlStartTag?: StartTagToken;
  headStartTag?: StartTagToken;
  headEndTag?: EndTagToken;
  bodyStartTag?: StartTagToken;
  /** The first start tag of the input, whatever it opened. */
  firstStartTag?: StartTagToken;
  /** `<head>` start tags ignored because a head already existed. */
  ignoredHeadTags: number;
  /**
   * Elements of the head (and comments inside it), in source order; scripting off, those of
   * its `<noscript>` elements too (`inNoscript`).
   */
  headNodes: HeadNode[];
  /** Where the body begins (its start tag or first content) or the input ends: scanning stopped here. */
  bodyStart: number;
  /**
   * Where the parser creates the head when no `<head>` tag opens it: the start of the element,
   * end tag or text that implies it, or the end of input. A `<head>` written here leaves
   * everything before it (comments, whitespace) where it was.
   */
  headImpliedAt: number;
  /**
   * The comment or doctype the input ends inside, when that happens before the head exists: a
   * head written after it needs `closerAtEnd` first.
   */
  cutOff?: CommentToken | DoctypeToken;
  /**
   * A `<noscript>` start tag was read in the head or in a head template: the only markup that
   * crawlers without scripting read differently before the body.
   */
  hasNoscript?: boolean;
  /**
   * A head template whose end could not be read (it needs parse5, which is not installed, or
   * more than parse5's budget of tags): scanning stopped at it, and the page is left alone.
   */
  unreadable?: { at: number; reason: string };
  /** A doctype that came after the page's first element, ignored, in a page without one before. */
  ignoredDoctype?: number;
  /** Where the head's templates end, when the scan met one (or was given it): shared with a second reading of the page. */
  templateExtent?: TemplateExtent;
}

/** Start tags the "in head" insertion mode keeps in the head; any other opens the body. */
export const IN_HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'title',
  'noscript',
  'noframes',
  'style',
  'script',
  'template',
]);
/** Start tags that, met after `</head>`, browsers still put into the head. */
export const AFTER_HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'noframes',
  'script',
  'style',
  'template',
  'title',
]);
/** End tags that, before the body, act like content and open it. */
export const BODY_OPENING_END_TAGS: ReadonlySet<string> = new Set(['body', 'html', 'br']);

type InsertionMode = 'initial' | 'before-html' | 'before-head' | 'in-head' | 'in-head-noscript' | 'after-head';
const BYTE_ORDER_MARK = 0xfeff;
const LESS_THAN = 0x3c;
const SLASH = 0x2f;
/** What a tag did: it was consumed, or it opened the body and scanning stops. */
type TagOutcome = 'consumed' | 'body';
/** Before the head exists, nothing but whitespace, comments, a doctype, `<html>` and ignored end tags. */
const beforeHead = (mode: InsertionMode) => mode === 'initial' || mode === 'before-html' || mode === 'before-head';
/** Start tags that "in head noscript" (scripting off) keeps inside the `<noscript>`. */
const IN_NOSCRIPT_ELEMENTS: ReadonlySet<string> = new Set(['basefont', 'bgsound', 'link', 'meta', 'noframes', 'style']);

export interface ScanOptions {
  /**
   * Read the page as browsers do, running scripts (a `<noscript>` holds text), or as a
   * crawler that runs none (it holds markup: the "in head noscript" insertion mode). Default: true.
   */
  scripting?: boolean;
  /** Where templates end; shared by the two readings of one page. Default: a reader of its own. */
  templateExtent?: TemplateExtent;
  /**
   * The head nodes the caller reads (the audit: robots metas, refreshes, links, `<base>`): the
   * others are read past as always, but not recorded, so that no object is made for them.
   * Default: every element and comment (the head transform plans with all of them).
   */
  keep?: HeadNodeFilter;
}
/**
 * Which head elements a scan records in `headNodes` (see {@link ScanOptions.keep}). What the scan
 * learns (where the head and the body start, the modes) is the same whatever it keeps; a
 * {@link readUnscripted} comparison over a filtered scan compares the kept nodes only.
 */
export interface HeadNodeFilter {
  /** Element names (lowercase) and `#comment`, for comments, whose nodes are kept. */
  readonly names: ReadonlySet<string>;
  /**
   * Of the `<meta>` elements (when `meta` is among {@link names}), whether this one is kept, from
   * what its walk noted (its raw `name`, which attributes it has). Default: every one.
   */
  meta?(facts: MetaFacts): boolean;
  /**
   * Also keep, of the other head nodes, those that placing tags among them reads (the head
   * transform): the first `<script>` and the first `<meta>`, `<link>` or `<base>`, the node after
   * each kept one, the last node of the head (and of what follows it), a node the input ends
   * inside, and, in a head without `<head>`, every node up to its first element not kept. The
   * others are read past: the head's size, not its number of elements, bounds what a scan
   * holds. Default: false (only the nodes named).
   */
  readonly placement?: boolean;
}
/** The head elements whose start tag a head node keeps (`HeadNode.tag`): those whose attributes or end the planning reads. */
const KEPT_TAGS: ReadonlySet<string> = new Set(['meta', 'noscript', 'template']);
/** The head elements whose closing (`/>`) the planning copies for the tags it writes. */
const VOID_HEAD_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'link', 'base']);
/**
 * Tokenizes the part of a document before its body and follows the HTML tree
 * construction rules from the "initial" to the "after head" insertion mode: finds the
 * doctype, `<html>`, the head (written or implied) and its elements, and stops where
 * the body begins: at `<body>`, or at the first content that would open it.
 *
 * Tags are read in place, without a token object each (tag-reader.ts): a start tag becomes an object only
 * where the scan keeps it, and the attributes of a `<meta>` are read only when asked for.
 */
export function scanPreBody(html: string, options: ScanOptions = {}): PreBodyScan {
  return new PreBodyScanner(html, options.scripting ?? true, options.templateExtent, options.keep).run();
}

/**
 * The state of one scan. A class rather than closures over locals: this runs on every page of a
 * build and every request of a server, and one object costs less than a closure per rule.
 */
class PreBodyScanner {
  readonly scan: PreBodyScan;
  mode: InsertionMode = 'initial';
  index: number;
  lastTokenEnd: number;
  /** The `<noscript>` being read as markup (scripting off). */
  noscript: HeadNode | undefined = undefined;
  // The start tag being processed: its name, offsets and closing, and its object once made.
  tagName = '';
  tagStart = 0;
  tagEndAt = 0;
  tagClosing: SelfClosingStyle = 'none';
  tagObject: HeadStartTag | undefined = undefined;
  /** Reads the page's tags in place. */
  readonly reader: TagReader;
  /** What the `<meta>` being read has: its name, which attributes. */
  readonly meta: MetaFacts;
  // What a placement filter (`keep.placement`) notes to keep the nodes placing tags reads.
  /** The last node not kept, held until a later node shows whether it is the last of its part of the head. */
  pending: HeadNode | undefined = undefined;
  /** The node that comes next follows a kept one. */
  keepNext = false;
  seenScript = false;
  seenVoid = false;
  /** No element has been left out of a head without `<head>` yet. */
  inHeadPrefix = true;

  constructor(
    readonly html: string,
    readonly scripting: boolean,
    templateExtent: TemplateExtent | undefined,
    readonly keep: HeadNodeFilter | undefined,
  ) {
    // Every field written out: the object keeps one shape whatever the page holds.
    this.scan = {
      doctype: undefined,
      htmlStartTag: undefined,
      headStartTag: undefined,
      headEndTag: undefined,
      bodyStartTag: undefined,
      firstStartTag: undefined,
      ignoredHeadTags: 0,
      headNodes: [],
      bodyStart: html.length,
      headImpliedAt: html.length,
      cutOff: undefined,
      hasNoscript: undefined,
      unreadable: undefined,
      ignoredDoctype: undefined,
      templateExtent,
    };
    this.index = html.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
    this.lastTokenEnd = this.index;
    this.reader = new TagReader(html);
    this.meta = new MetaFacts(html);
  }

  startTag(): HeadStartTag {
    // A `<meta>`'s object takes what its walk noted (`meta`, reset by the next `<meta>` only).
    return (this.tagObject ??= new HeadStartTag(
      this.html,
      this.tagStart,
      this.tagEndAt,
      this.tagName,
      this.tagClosing,
      this.tagName === 'meta' ? this.meta : undefined,
    ));
  }

  /** Whether the element being read (`tagName`) is recorded as a head node. */
  keeps(name: string): boolean {
    const keep = this.keep;
    if (keep === undefined) return true;
    if (!keep.names.has(name)) return false;
    return name !== 'meta' || keep.meta === undefined || keep.meta(this.meta);
  }

  /** A head node, recorded in `headNodes` when `kept` (it is made anyway: a `<noscript>`'s tells where the mode ends). */
  addHeadNode(
    name: string,
    start: number,
    end: number,
    closed: boolean,
    tag: StartTagToken | undefined,
    afterHead: boolean,
    kept = true,
  ): HeadNode {
    // Written out, not spread: one of these is made for every element of every head.
    const node: HeadNode = {
      name,
      start,
      end,
      whitespaceStart: whitespaceBefore(this.html, start, this.lastTokenEnd),
      closed,
      afterHead,
      tag,
    };
    if (this.noscript !== undefined) node.inNoscript = true;
    if (this.keep?.placement) this.place(node, kept);
    else if (kept) this.scan.headNodes.push(node);
    return node;
  }

  /** Records `node` when it is `kept` or placing tags reads it (see {@link HeadNodeFilter.placement}); else holds it as pending. */
  place(node: HeadNode, kept: boolean): void {
    if (node.inNoscript) {
      // Read as markup without scripting only: it must not change which of the others are kept,
      // or the two readings would keep different nodes and seem to part (noscript.ts). The
      // pending node goes first, so that the nodes stay in source order.
      if (!kept) return;
      if (this.pending !== undefined) this.scan.headNodes.push(this.pending);
      this.pending = undefined;
      this.scan.headNodes.push(node);
      return;
    }
    const { name } = node;
    const placed =
      kept ||
      this.keepNext ||
      !node.closed ||
      (name === 'script' && !this.seenScript) ||
      (VOID_HEAD_ELEMENTS.has(name) && !this.seenVoid) ||
      (this.inHeadPrefix && this.scan.headStartTag === undefined && !node.afterHead);
    if (name === 'script') this.seenScript = true;
    else if (VOID_HEAD_ELEMENTS.has(name)) this.seenVoid = true;
    // The prefix ends at the first element planning cannot remove: any but a `<meta name>`.
    if (name !== '#comment' && (!kept || name !== 'meta' || this.meta.name === undefined)) this.inHeadPrefix = false;
    this.keepNext = kept;
    const pending = this.pending;
    // The pending node was the last of the head when what follows is not in the head.
    if (pending !== undefined && pending.afterHead !== node.afterHead) this.scan.headNodes.push(pending);
    if (placed) {
      this.pending = undefined;
      this.scan.headNodes.push(node);
    } else this.pending = node;
  }

  addHeadElement(afterHead: boolean): number {
    const { html, tagName: name, tagStart: start, scan } = this;
    const kept = this.keeps(name);
    const recorded = kept || this.keep?.placement === true;
    const tag = KEPT_TAGS.has(name) && (kept || name !== 'meta') ? this.startTag() : undefined;
    if (name === 'noscript' && !this.scripting) {
      this.noscript = this.addHeadNode(name, start, html.length, false, tag, afterHead, kept);
      this.mode = 'in-head-noscript';
      return this.tagEndAt;
    }
    if (name === 'template') {
      const extent = (scan.templateExtent ??= templateReader(html))(tag!, this.scripting);
      if (/<noscript/i.test(html.slice(this.tagEndAt, extent.end))) scan.hasNoscript = true;
      if (recorded) this.addHeadNode(name, start, extent.end, extent.closed, tag, afterHead, kept);
      return extent.end;
    }
    if (name === 'noscript') scan.hasNoscript = true;
    const end = textContentEnd(this.reader, name, this.tagEndAt);
    if (!recorded) return end === -1 ? html.length : end;
    return this.addHeadNode(name, start, end === -1 ? html.length : end, end !== -1, tag, afterHead, kept).end;
  }

  /** The `<noscript>` read as markup ends at `end`; the parser is back in the head. */
  endNoscript(end: number): void {
    this.noscript!.end = end;
    this.noscript!.closed = true;
    this.noscript = undefined;
    this.mode = 'in-head';
  }

  /** A second `<html>` or `<head>` opens nothing, as in browsers; a second head is reported. */
  ignoreRepeatedTag(): TagOutcome {
    if (this.tagName === 'head') this.scan.ignoredHeadTags++;
    this.index = this.tagEndAt;
    return 'consumed';
  }

  processStartTag(): TagOutcome {
    const { scan, tagName: name } = this;
    for (;;) {
      switch (this.mode) {
        case 'initial':
          this.mode = 'before-html';
          continue;
        case 'before-html':
          if (name === 'html') {
            scan.htmlStartTag = this.startTag();
            this.mode = 'before-head';
            this.index = this.tagEndAt;
            return 'consumed';
          }
          this.mode = 'before-head';
          continue;
        case 'before-head':
          if (name === 'html') {
            this.index = this.tagEndAt;
            return 'consumed';
          }
          if (name === 'head') {
            scan.headStartTag = this.startTag();
            this.mode = 'in-head';
            this.index = this.tagEndAt;
            return 'consumed';
          }
          scan.headImpliedAt = this.tagStart;
          this.mode = 'in-head';
          continue;
        case 'in-head-noscript':
          if (name === 'html' || name === 'head' || name === 'noscript') {
            this.index = this.tagEndAt;
            return 'consumed';
          }
          if (IN_NOSCRIPT_ELEMENTS.has(name)) {
            this.index = this.addHeadElement(false);
            return 'consumed';
          }
          this.endNoscript(this.tagStart);
          continue;
        case 'in-head':
          if (name === 'html' || name === 'head') return this.ignoreRepeatedTag();
          if (IN_HEAD_ELEMENTS.has(name)) {
            this.index = this.addHeadElement(false);
            return 'consumed';
          }
          this.mode = 'after-head';
          continue;
        case 'after-head':
          if (name === 'html' || name === 'head') return this.ignoreRepeatedTag();
          if (AFTER_HEAD_ELEMENTS.has(name)) {
            this.index = this.addHeadElement(true);
            return 'consumed';
          }
          if (name === 'body') scan.bodyStartTag = this.startTag();
          return 'body';
      }
    }
  }

  processEndTag(name: string, start: number, end: number): TagOutcome {
    const opensBody = BODY_OPENING_END_TAGS.has(name);
    for (;;) {
      switch (this.mode) {
        case 'initial':
          this.mode = 'before-html';
          continue;
        case 'before-html':
          if (!opensBody && name !== 'head') break;
          this.mode = 'before-head';
          continue;
        case 'before-head':
          if (!opensBody && name !== 'head') break;
          this.scan.headImpliedAt = start;
          this.mode = 'in-head';
          continue;
        case 'in-head-noscript':
          if (name === 'noscript') {
            this.endNoscript(end);
            break;
          }
          if (name !== 'br') break;
          this.endNoscript(start);
          continue;
        case 'in-head':
          if (name === 'head') {
            this.scan.headEndTag = { type: 'end-tag', start, end, name };
            this.mode = 'after-head';
            break;
          }
          if (!opensBody) break;
          this.mode = 'after-head';
          continue;
        case 'after-head':
          if (opensBody) return 'body';
          break;
      }
      this.index = end;
      return 'consumed';
    }
  }

  /**
   * Content (text, a stray `<`, a tag cut off by the end of input) opens the body, and the head
   * before it when none exists yet.
   */
  stopAt(offset: number): PreBodyScan {
    if (beforeHead(this.mode)) this.scan.headImpliedAt = offset;
    if (this.noscript !== undefined) this.endNoscript(offset);
    this.scan.bodyStart = offset;
    return this.scan;
  }

  /** A start tag at `index`, read in place; an object only where the scan keeps it. Undefined: on to the next token. */
  startTagAt(index: number): PreBodyScan | undefined {
    const { html, scan, reader } = this;
    const name = reader.name(index + 1);
    const nameEnd = reader.nameEnd;
    // A `<meta>`'s name and which attributes it has are noted on the way: looked up in every head.
    const meta = name === 'meta' ? this.meta : undefined;
    meta?.reset();
    const end = reader.end(nameEnd, meta);
    if (end === -1) return this.stopAt(index);
    this.tagName = name;
    this.tagStart = index;
    this.tagEndAt = end;
    this.tagClosing = reader.selfClosing;
    this.tagObject = undefined;
    if (scan.firstStartTag === undefined) scan.firstStartTag = this.startTag();
    let outcome: TagOutcome;
    try {
      outcome = this.processStartTag();
    } catch (error) {
      // Only a template that parse5 must read can fail (no parse5, or past its budget):
      // scanning stops there, for good.
      scan.unreadable = { at: index, reason: error instanceof Error ? error.message : String(error) };
      outcome = 'body';
    }
    if (outcome === 'consumed') return undefined;
    scan.bodyStart = index;
    return scan;
  }

  /** Comments, doctypes, `</>` and text that starts with `<`. */
  otherMarkupAt(index: number): PreBodyScan | undefined {
    const { scan } = this;
    const token = readMarkup(this.html, index);
    switch (token.type) {
      case 'character':
      case 'end-of-file':
        return this.stopAt(token.start);
      case 'comment':
        if (this.mode === 'in-head') {
          const kept = this.keep === undefined || this.keep.names.has('#comment');
          if (kept || this.keep?.placement)
            this.addHeadNode('#comment', token.start, token.end, token.closed, undefined, false, kept);
        } else if (!token.closed && beforeHead(this.mode)) scan.cutOff = token;
        break;
      case 'doctype':
        if (this.mode === 'initial') {
          scan.doctype = token;
          this.mode = 'before-html';
          if (!token.closed) scan.cutOff = token;
        } else {
          if (!token.closed && beforeHead(this.mode)) scan.headImpliedAt = token.start;
          if (scan.doctype === undefined) scan.ignoredDoctype ??= token.start;
        }
        break;
      default:
        // `</>`; tags are read in place.
        break;
    }
    this.index = token.end;
    return undefined;
  }

  run(): PreBodyScan {
    const scan = this.read();
    if (this.pending !== undefined) scan.headNodes.push(this.pending);
    this.pending = undefined;
    return scan;
  }

  read(): PreBodyScan {
    const { html } = this;
    const length = html.length;
    while (this.index < length) {
      const index = this.index;
      let done: PreBodyScan | undefined;
      if (html.charCodeAt(index) !== LESS_THAN) {
        const lessThan = html.indexOf('<', index);
        const textEnd = lessThan === -1 ? length : lessThan;
        const content = firstContentCharacter(html, index, textEnd);
        if (content !== -1) return this.stopAt(content);
        this.index = textEnd;
        continue;
      }
      const next = html.charCodeAt(index + 1);
      if (isAsciiAlpha(next)) done = this.startTagAt(index);
      else if (next === SLASH && isAsciiAlpha(html.charCodeAt(index + 2))) {
        const name = this.reader.name(index + 2);
        const end = this.reader.end(this.reader.nameEnd);
        if (end === -1) return this.stopAt(index);
        if (this.processEndTag(name, index, end) === 'body') {
          this.scan.bodyStart = index;
          return this.scan;
        }
      } else done = this.otherMarkupAt(index);
      if (done !== undefined) return done;
      this.lastTokenEnd = this.index;
    }
    return this.scan;
  }
}

export { attributeValue };

/** A `<meta name>` of the head. */
export interface NamedMeta {
  node: HeadNode;
  tag: StartTagToken;
  /** Decoded, as written: not trimmed or lowercased. */
  name: string;
}
/** Every `<meta>` with a `name` attribute among the given head elements. */
export function namedMetas(nodes: readonly HeadNode[]): NamedMeta[] {
  const metas: NamedMeta[] = [];
  for (const node of nodes) {
    if (node.name !== 'meta' || node.tag === undefined) continue;
    const name = attributeValue(node.tag, 'name');
    if (name !== undefined) metas.push({ node, tag: node.tag, name });
  }
  return metas;
}

export type DocumentKind = 'document' | 'fragment' | 'not-html';
/** Root elements of XML documents a static site commonly writes: feeds, sitemaps, OPML. */
const XML_ROOT_ELEMENTS: ReadonlySet<string> = new Set(['rss', 'feed', 'rdf:rdf', 'urlset', 'sitemapindex', 'opml']);
function looksLikeOtherFormat(html: string, scan: PreBodyScan): boolean {
  if (scan.doctype?.name !== undefined && scan.doctype.name !== 'html') return true;
  const start = html.replace(/^\uFEFF?\s*/, '').slice(0, 5);
  if (start.startsWith('{') || start.startsWith('[') || start.toLowerCase() === '<?xml') return true;
  if (scan.firstStartTag !== undefined && XML_ROOT_ELEMENTS.has(scan.firstStartTag.name)) return true;
  // No tag, comment or doctype anywhere: plain text.
  return !/<[a-zA-Z!?/]/.test(html);
}
/**
 * A whole HTML document has a doctype (`html`), `<html>`, `<head>`, `</head>` or
 * `<body>` before its body content; anything else is left alone: HTML fragments (such as
 * a feed entry's content) must never gain a head, and other formats are not HTML.
 */
export function documentKind(html: string, scan: PreBodyScan): DocumentKind {
  const htmlDoctype = scan.doctype !== undefined && (scan.doctype.name === undefined || scan.doctype.name === 'html');
  if (htmlDoctype || scan.htmlStartTag || scan.headStartTag || scan.headEndTag || scan.bodyStartTag) return 'document';
  return looksLikeOtherFormat(html, scan) ? 'not-html' : 'fragment';
}

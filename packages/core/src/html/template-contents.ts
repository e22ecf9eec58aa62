/**
 * Where a `<template>` of the head ends. Its contents go through the whole tree construction of
 * a separate fragment, but only three things decide where it ends: which elements switch the
 * tokenizer to text (in HTML content), where CDATA sections are (inside SVG and MathML) and which
 * `</template>` closes it (nested templates, an SVG `<template>`). The fast path follows them
 * exactly for markup in the "in body" insertion mode and for SVG or MathML that holds no HTML;
 * a template with anything else (tables, `<select>`, HTML inside SVG…) is handed to parse5.
 */
import type { DefaultTreeAdapterMap, ParserOptions } from 'parse5';
import { BREAKS_FOREIGN } from './element-kinds.js';
import { readMarkup, textElementEnd, type ElementExtent } from './tokenizer.js';
import type { StartTagToken } from './types.js';

/**
 * Start tags that take template contents out of the "in body" insertion mode: table parts open
 * the table modes (as a template's first element, even `<col>` or `<tr>`), `<select>` the select
 * mode, where other elements are dropped, raw text ones included.
 */
const MODE_CHANGING: ReadonlySet<string> = new Set([
  'caption',
  'col',
  'colgroup',
  'select',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);
/** Elements whose start-tag children are HTML again: SVG's HTML integration points, MathML's text ones and annotation-xml. */
const INTEGRATION_POINTS = {
  svg: new Set(['foreignobject', 'desc', 'title']),
  math: new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml']),
};
type Namespace = keyof typeof INTEGRATION_POINTS;
interface ForeignElement {
  /** ASCII-lowercased, as the end-tag rules compare it. */
  name: string;
  namespace: Namespace;
  integrationPoint: boolean;
}

function isBreakout(tag: StartTagToken): boolean {
  if (BREAKS_FOREIGN.has(tag.name)) return true;
  return (
    tag.name === 'font' &&
    tag.attributes.some(
      (attribute) => attribute.name === 'color' || attribute.name === 'face' || attribute.name === 'size',
    )
  );
}

/**
 * The extent of a template's contents when they stay within what the fast path follows;
 * undefined when they need the full parser. The stack of open elements is modelled by its SVG
 * and MathML part only (the HTML part below never matters here: end tags in HTML content close
 * no template but with `</template>`).
 */
export function fastTemplateEnd(html: string, tag: StartTagToken, scripting = true): ElementExtent | undefined {
  let depth = 1;
  const foreign: ForeignElement[] = [];
  let index = tag.end;
  while (index < html.length) {
    const lessThan = html.indexOf('<', index);
    if (lessThan === -1) break;
    const current = foreign[foreign.length - 1];
    const token = readMarkup(html, lessThan, current !== undefined);
    index = token.end;
    if (token.type === 'start-tag') {
      if (current === undefined) {
        if (MODE_CHANGING.has(token.name)) return undefined;
        if (token.name === 'template') depth++;
        else if (token.name === 'svg' || token.name === 'math') {
          if (token.selfClosing === 'none')
            foreign.push({ name: token.name, namespace: token.name, integrationPoint: false });
        } else if (scripting || token.name !== 'noscript') index = textElementEnd(html, token).end;
      } else {
        // At an integration point the start tag is HTML; a breakout tag leaves SVG/MathML.
        if (current.integrationPoint || isBreakout(token)) return undefined;
        if (token.selfClosing !== 'none') continue;
        const namespace = current.namespace;
        foreign.push({ name: token.name, namespace, integrationPoint: INTEGRATION_POINTS[namespace].has(token.name) });
      }
    } else if (token.type === 'end-tag') {
      if (current !== undefined) {
        if (token.name === 'br' || token.name === 'p') return undefined;
        // An end tag closes the nearest open SVG/MathML element of its name; failing that it is
        // HTML, where only `</template>` is followed here.
        let match = foreign.length - 1;
        while (match >= 0 && foreign[match]!.name !== token.name) match--;
        if (match >= 0) {
          foreign.length = match;
          continue;
        }
        if (token.name !== 'template') return undefined;
        foreign.length = 0;
      }
      if (token.name === 'template' && --depth === 0) return { end: token.end, closed: true };
    }
  }
  return { end: html.length, closed: false };
}

type Parse5Element = DefaultTreeAdapterMap['element'];
type Parse5Node = DefaultTreeAdapterMap['node'];
type Parse5Parser = import('parse5').Parser<DefaultTreeAdapterMap>;
let createParser: ((options: ParserOptions<DefaultTreeAdapterMap>) => Parse5Parser) | undefined;
let loading: Promise<boolean> | undefined;
let loadFailed = false;

/**
 * Loads parse5 for the head templates only it reads exactly (once; later calls share the load):
 * a plain `import()` of the bare specifier, which Node resolves and bundlers for edge runtimes
 * (workerd, Netlify's and Vercel's function bundlers) trace into the bundle as a chunk of its own,
 * loaded only when a page needs it. Resolves to whether parse5 could be loaded. The streaming
 * transform awaits it when a page needs it; synchronous callers (injectRobots) find it loaded from
 * then on.
 */
export function loadTemplateParser(): Promise<boolean> {
  return (loading ??= import('parse5').then(
    (parse5) => {
      class EndOfInputParser extends parse5.Parser<DefaultTreeAdapterMap> {
        override onEof(token: Parameters<Parse5Parser['onEof']>[0]): void {
          this.currentToken = token;
          super.onEof(token);
        }
      }
      const adapter = parse5.defaultTreeAdapter;
      createParser = (options) =>
        new EndOfInputParser({ ...options, treeAdapter: { ...adapter, onItemPop: options.treeAdapter?.onItemPop } });
      return true;
    },
    () => {
      loadFailed = true;
      return false;
    },
  ));
}
/** Whether a page asked for parse5 before it was loaded: the streaming transform then awaits {@link loadTemplateParser} and reads the page again. */
export function templateParserPending(): boolean {
  return loading !== undefined && createParser === undefined && !loadFailed;
}
/**
 * parse5's parser, with one fix to its locations: elements it closes at the end of input would get
 * the last end tag read as theirs when it has their name; the end of input is the token that
 * closes them. Not loaded yet: the load starts, and this page's template cannot be read.
 */
function loadParse5(): NonNullable<typeof createParser> {
  if (createParser) return createParser;
  void loadTemplateParser();
  throw new Error(
    loadFailed
      ? 'the page has a head `<template>` (HTML inside SVG, a table…) that only the `parse5` package reads exactly, and it could not be loaded (add `parse5` to the dependencies)'
      : 'the page has a head `<template>` (HTML inside SVG, a table…) that only the `parse5` package reads exactly, and it was not loaded yet (it is loading now; `await loadTemplateParser()` first to read such pages)',
  );
}

/**
 * How much of a page parse5 may read for its templates: its work per tag grows with the depth
 * of the open elements (end tags that close nothing walk them all), so it gets a bounded number
 * of tags, and the time stays bounded on any input. Pages past it are left unchanged.
 */
const FALLBACK_TAG_BUDGET = 10_000;
const FALLBACK_CHUNK = 8 * 1024;
const TAG_START = /<\/?[a-zA-Z]/g;
/**
 * One reading of a page by parse5, fed in chunks until the head template asked for has been
 * closed (or the input ends): the ends of the head's templates, by the offset of their start tags.
 */
function parse5Reading(html: string, scripting: boolean): (start: number) => ElementExtent {
  const shift = html.charCodeAt(0) === 0xfeff ? 1 : 0;
  const extents = new Map<number, ElementExtent>();
  const onItemPop = (node: Parse5Node): void => {
    const location = 'tagName' in node && node.tagName === 'template' ? node.sourceCodeLocation : undefined;
    const parent = (node as Parse5Element).parentNode as Parse5Element | null;
    if (!location?.startTag || parent?.tagName !== 'head') return;
    const endTag = location.endTag;
    extents.set(
      location.startTag.startOffset + shift,
      endTag ? { end: endTag.endOffset + shift, closed: true } : { end: html.length, closed: false },
    );
  };
  const parser = loadParse5()({
    sourceCodeLocationInfo: true,
    scriptingEnabled: scripting,
    treeAdapter: { onItemPop } as never,
  });
  let fed = shift;
  let tags = 0;
  return (start) => {
    while (!extents.has(start) && fed < html.length) {
      const chunk = html.slice(fed, fed + FALLBACK_CHUNK);
      tags += chunk.match(TAG_START)?.length ?? 0;
      if (tags > FALLBACK_TAG_BUDGET) {
        throw new Error(
          `the head \`<template>\` at offset ${start} needs the full HTML parser, and the page has more than ${FALLBACK_TAG_BUDGET} tags before it ends`,
        );
      }
      fed += chunk.length;
      parser.tokenizer.write(chunk, fed >= html.length);
    }
    if (fed >= html.length && !extents.has(start)) parser.tokenizer.write('', true);
    const extent = extents.get(start);
    if (extent === undefined)
      throw new Error(`parse5 does not place the \`<template>\` at offset ${start} in the head`);
    return extent;
  };
}

/** Where a head template ends, for browsers (`scripting`) or for crawlers that run no scripts. */
export type TemplateExtent = (tag: StartTagToken, scripting?: boolean) => ElementExtent;
/**
 * Template extents for one document: the fast path, or else parse5 (one reading per scripting
 * mode, fed only as far as needed) for the end of that template as the spec places it.
 */
export function templateReader(html: string): TemplateExtent {
  const readings: Partial<Record<'scripted' | 'unscripted', (start: number) => ElementExtent>> = {};
  return (tag, scripting = true) => {
    const fast = fastTemplateEnd(html, tag, scripting);
    if (fast !== undefined) return fast;
    return (readings[scripting ? 'scripted' : 'unscripted'] ??= parse5Reading(html, scripting))(tag.start);
  };
}

/**
 * The audit's page reader as it was before it was made fast (issue 21): htmlparser2's tokenizer
 * over the whole page with character references decoded. Kept only as the oracle of
 * `read-page-differential.test.ts`: the fast reader must find exactly what this one finds.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { isRobotsMetaName } from '../../src/directives/vocabulary.js';
import {
  lineNumbersAt,
  MAX_ALTERNATES,
  MAX_CANONICALS,
  MAX_LINKS_READ,
  type PageFacts,
} from '../../src/audit/page-facts.js';
import { ownString } from '../../src/audit/read-files.js';

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
/** The only elements whose attributes are read. */
const READ_ATTRIBUTES = new Set(['meta', 'link', 'base', 'a']);
function hasRelToken(rel: string | undefined, token: string): boolean {
  if (!rel) return false;
  return rel
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .includes(token);
}
function noop(): void {}
/**
 * Reads the robots meta tags (head and body), the canonical link and the base URL of a page with
 * htmlparser2's tokenizer, which handles comments, raw-text elements (`<script>`, `<style>`,
 * `<textarea>`) and character references; only `<meta>`, `<link>` and `<base>` attributes are
 * collected. `extraNames` are further lower-cased meta names to treat as robots tags.
 */
export function referenceReadPage(html: string, extraNames?: ReadonlySet<string>): PageFacts {
  const facts: PageFacts = { robotsTags: [] };
  const offsets: number[] = [];
  let inBody = false;
  let tag = '';
  let tagStart = 0;
  let attributes: Record<string, string> | undefined;
  let attributeName = '';
  let attributeValue = '';
  let nosnippetSeen = false;

  const finishTag = (): void => {
    if (!attributes) return;
    const found = attributes;
    attributes = undefined;
    if (tag === 'a') {
      if (found.href !== undefined && (facts.links ??= []).length < MAX_LINKS_READ)
        facts.links.push({ href: ownString(found.href.trim()), rel: ownString(found.rel ?? '') });
      return;
    }
    if (tag === 'meta') {
      const { name, content } = found;
      if (name === undefined || content === undefined || !isRobotsMetaName(name, extraNames)) {
        if (
          !inBody &&
          facts.refresh === undefined &&
          content !== undefined &&
          found['http-equiv']?.trim().toLowerCase() === 'refresh'
        )
          facts.refresh = ownString(content);
        return;
      }
      facts.robotsTags.push({
        name: ownString(name.trim().toLowerCase()),
        rawName: ownString(name),
        content: ownString(content),
        line: 0,
        inHead: !inBody,
      });
      offsets.push(tagStart);
    } else if (inBody) {
      return;
    } else if (
      tag === 'link' &&
      facts.canonical === undefined &&
      found.href !== undefined &&
      hasRelToken(found.rel, 'canonical')
    ) {
      facts.canonical = ownString(found.href.trim());
    } else if (
      tag === 'link' &&
      found.href !== undefined &&
      found.hreflang === undefined &&
      hasRelToken(found.rel, 'canonical')
    ) {
      const href = found.href.trim();
      const others = facts.otherCanonicals;
      if (href !== facts.canonical && (others?.length ?? 0) < MAX_CANONICALS && !others?.includes(href))
        (facts.otherCanonicals ??= []).push(ownString(href));
    } else if (tag === 'base' && facts.baseHref === undefined && found.href !== undefined) {
      facts.baseHref = ownString(found.href.trim());
    } else if (
      tag === 'link' &&
      found.hreflang !== undefined &&
      found.href !== undefined &&
      hasRelToken(found.rel, 'alternate')
    ) {
      const alternates = (facts.alternates ??= []);
      if (alternates.length < MAX_ALTERNATES)
        alternates.push({ hreflang: ownString(found.hreflang.trim()), href: ownString(found.href.trim()) });
    }
  };

  // `data-nosnippet` on any element, noted once per element when its tag ends (a tag cut off by the end of the page is no element).
  const endTag = (): void => {
    if (nosnippetSeen) (facts.nosnippetTags ??= []).push(tag);
    nosnippetSeen = false;
    finishTag();
  };
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = html.slice(start, end).toLowerCase();
      tagStart = start - 1;
      nosnippetSeen = false;
      if (!inBody && (tag === 'body' || !HEAD_ELEMENTS.has(tag))) inBody = true;
      attributes = READ_ATTRIBUTES.has(tag) ? (Object.create(null) as Record<string, string>) : undefined;
    },
    onattribname(start, end) {
      // `data-nosnippet` on any element, once per element.
      if (html.slice(start, end).toLowerCase() === 'data-nosnippet') nosnippetSeen = true;
      if (attributes) {
        attributeName = html.slice(start, end).toLowerCase();
        attributeValue = '';
      }
    },
    onattribdata(start, end) {
      if (attributes) attributeValue += html.slice(start, end);
    },
    onattribentity(codePoint) {
      if (attributes) attributeValue += String.fromCodePoint(codePoint);
    },
    onattribend() {
      if (attributes && !(attributeName in attributes)) attributes[attributeName] = attributeValue;
    },
    onopentagend: endTag,
    onselfclosingtag: endTag,
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

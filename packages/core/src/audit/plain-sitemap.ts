/**
 * The `<loc>` values of a plain sitemap, read without a parser: the shape every sitemap
 * generator writes (an XML declaration, elements with quoted attributes, text without character
 * references) is read in one pass with `indexOf`, exactly as htmlparser2 reads it in XML mode;
 * anything else (a comment, CDATA, a doctype, a character reference, an unclosed or mismatched
 * element, an unusual name) makes it answer `undefined`, and `forEachSitemapLoc` reads the file
 * with htmlparser2 as before. Why (issue 21): on the bench's 5,000-URL sitemap htmlparser2's
 * `Parser` costs 48 ms of CPU in a fresh process (3 µs per URL warm), this reader 18 ms (0.7 µs
 * warm), 162 M against 98 M instructions. `test/audit/plain-sitemap-differential.test.ts` holds
 * the two to the same result on generated and hostile sitemaps.
 */

const TAB = 9,
  LF = 10,
  FF = 12,
  CR = 13,
  SPACE = 32,
  DQUOTE = 34,
  SQUOTE = 39,
  SLASH = 47,
  EQ = 61,
  GT = 62,
  QUESTION = 63;

function isSpace(c: number): boolean {
  return c === SPACE || c === LF || c === TAB || c === CR || c === FF;
}
/** The characters accepted in a name: ASCII letters, digits, `_`, `:`, `.`, `-`; anything else makes the file not plain. */
function isNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x3a) ||
    c === 0x5f ||
    c === 0x2e ||
    c === 0x2d
  );
}
/** The end of the name starting at `i` (its first character a letter, `_` or `:`), or -1 when there is none. */
function nameEnd(xml: string, i: number): number {
  const first = xml.charCodeAt(i);
  if (!((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a) || first === 0x5f || first === 0x3a))
    return -1;
  let end = i + 1;
  while (end < xml.length && isNameChar(xml.charCodeAt(end))) end++;
  return end;
}
/** The element's local name (after the last `:`), lower-cased, as `forEachSitemapLoc` compares it. */
function localName(xml: string, start: number, end: number): string {
  let from = start;
  for (let i = start; i < end; i++) if (xml.charCodeAt(i) === 0x3a) from = i + 1;
  return xml.slice(from, end).toLowerCase();
}
/**
 * Whether `xml.slice(start, end)` holds a `&` or a `<`: a value or text htmlparser2 would read
 * otherwise. A loop over the span, not `indexOf`, which would search on to the end of the file
 * for every value of a file that has none.
 */
function hasMarkup(xml: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = xml.charCodeAt(i);
    if (c === 0x26 || c === 0x3c) return true;
  }
  return false;
}

/** A start or end tag as read: its raw and local name, and the offset after it (relative to `start`). */
interface Tag {
  closing: boolean;
  selfClosing: boolean;
  name: string;
  local: string;
  start: number;
  next: number;
}
/** Tags up to this length are remembered by their text; a file has a handful of different ones. */
const MAX_CACHED_TAG = 40;
const MAX_CACHED_TAGS = 64;

/** The start or end tag at `lt` (`<` then a name), or undefined when it is not plain. */
function readTag(xml: string, lt: number): Tag | undefined {
  const n = xml.length;
  if (xml.charCodeAt(lt + 1) === SLASH) {
    const end = nameEnd(xml, lt + 2);
    if (end === -1) return undefined;
    let j = end;
    while (j < n && isSpace(xml.charCodeAt(j))) j++;
    if (xml.charCodeAt(j) !== GT) return undefined;
    return { closing: true, selfClosing: false, name: xml.slice(lt + 2, end), local: '', start: lt, next: j + 1 };
  }
  // A start tag: its name, then quoted attributes, then `>` or `/>`.
  const end = nameEnd(xml, lt + 1);
  if (end === -1) return undefined;
  let j = end;
  for (;;) {
    const spaced = j < n && isSpace(xml.charCodeAt(j));
    while (j < n && isSpace(xml.charCodeAt(j))) j++;
    const d = xml.charCodeAt(j);
    if (d === GT || d === SLASH) break;
    const attributeEnd = spaced ? nameEnd(xml, j) : -1;
    if (attributeEnd === -1) return undefined;
    j = attributeEnd;
    while (j < n && isSpace(xml.charCodeAt(j))) j++;
    if (xml.charCodeAt(j) !== EQ) return undefined;
    j++;
    while (j < n && isSpace(xml.charCodeAt(j))) j++;
    const quote = xml.charCodeAt(j);
    if (quote !== DQUOTE && quote !== SQUOTE) return undefined;
    const close = xml.indexOf(quote === DQUOTE ? '"' : "'", j + 1);
    if (close === -1 || hasMarkup(xml, j + 1, close)) return undefined;
    j = close + 1;
  }
  const selfClosing = xml.charCodeAt(j) === SLASH;
  if (selfClosing && xml.charCodeAt(j + 1) !== GT) return undefined;
  return {
    closing: false,
    selfClosing,
    name: xml.slice(lt + 1, end),
    local: localName(xml, lt + 1, end),
    start: lt,
    next: selfClosing ? j + 2 : j + 1,
  };
}

/**
 * The kind of a plain sitemap (`index`, `urlset`, `invalid`) with `onLoc` called for each
 * non-empty `<loc>` of a `<url>` or `<sitemap>`, trimmed, as `forEachSitemapLoc` calls it; or
 * `undefined`, having called nothing, when the file is not plain.
 */
export function readPlainSitemap(
  xml: string,
  onLoc: (loc: string, kind: 'index' | 'urlset') => void,
): 'index' | 'urlset' | 'invalid' | undefined {
  // Raw names as written (closing tags must match them exactly) and their local names.
  const stack: string[] = [];
  const locals: string[] = [];
  let root: string | undefined;
  // The spans of the `<loc>` values to report, found before anything is reported.
  const spans: number[] = [];
  let textFrom = -1;
  let i = 0;
  const seen = new Map<string, Tag>();
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (textFrom !== -1) {
      // Only text stands between a `<loc>` and its end tag in a plain file.
      if (lt === -1 || xml.charCodeAt(lt + 1) !== SLASH) return undefined;
      if (hasMarkup(xml, textFrom, lt)) return undefined;
    }
    if (lt === -1) break;
    const c = xml.charCodeAt(lt + 1);
    if (c === QUESTION) {
      // A processing instruction (the XML declaration) ends at the first `>`.
      const gt = xml.indexOf('>', lt + 2);
      if (gt === -1) return undefined;
      i = gt + 1;
      continue;
    }
    // A tag without attributes (`<url>`, `</loc>`) ends at the first `>`: read once per file.
    const gt = xml.indexOf('>', lt);
    const key = gt !== -1 && gt - lt <= MAX_CACHED_TAG ? xml.slice(lt, gt + 1) : undefined;
    let tag = key === undefined ? undefined : seen.get(key);
    if (tag === undefined) {
      tag = readTag(xml, lt);
      if (tag === undefined) return undefined;
      if (key !== undefined && tag.next === gt + 1 && seen.size < MAX_CACHED_TAGS) seen.set(key, tag);
    }
    i = lt + (tag.next - tag.start);
    if (tag.closing) {
      if (stack.length === 0 || stack[stack.length - 1] !== tag.name) return undefined;
      stack.pop();
      const local = locals.pop();
      if (local === 'loc' && textFrom !== -1) {
        const parent = locals[locals.length - 1];
        if ((root === 'urlset' || root === 'sitemapindex') && (parent === 'url' || parent === 'sitemap'))
          spans.push(textFrom, lt);
        textFrom = -1;
      }
      continue;
    }
    root ??= tag.local;
    if (tag.selfClosing) continue;
    stack.push(tag.name);
    locals.push(tag.local);
    if (tag.local === 'loc') textFrom = i;
  }
  if (stack.length > 0) return undefined;
  const kind = root === 'urlset' ? 'urlset' : 'index';
  for (let k = 0; k < spans.length; k += 2) {
    const loc = xml.slice(spans[k]!, spans[k + 1]!).trim();
    // A copy (see ownString): a slice would keep the whole file alive.
    if (loc !== '') onLoc((' ' + loc).slice(1), kind);
  }
  return root === 'sitemapindex' ? 'index' : root === 'urlset' ? 'urlset' : 'invalid';
}

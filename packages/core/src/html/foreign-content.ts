/**
 * SVG and MathML in the stack of open elements (element-stack.ts): the namespace bits an open
 * element carries, which of them are integration points (where start tags are read by the HTML
 * rules again), and whether a start tag whose current node is foreign is still an HTML one. The
 * start tags that break out of foreign content are `BREAKS_FOREIGN` (element-kinds.ts).
 */
import {
  ANNOTATION_XML,
  DESC,
  FOREIGN_OBJECT,
  MALIGNMARK,
  MATH_TEXT_IDS,
  MGLYPH,
  SVG,
  TITLE,
} from './element-kinds.js';
import { hasAnyAttribute } from './tag-reader.js';
import { asciiLowercase } from './types.js';

/** Flags of an open element in SVG or MathML (not stored per name: the namespace decides). Above every {@link Flag} bit. */
export const FOREIGN = 1 << 13;
/** An SVG element (else MathML), with FOREIGN. */
export const SVG_NAMESPACE = 1 << 14;
/** An HTML integration point (SVG `foreignObject`, `desc`, `title`; MathML `annotation-xml` with an HTML encoding), with FOREIGN. */
export const HTML_INTEGRATION = 1 << 15;
/** A MathML text integration point (`mi`, `mo`, `mn`, `ms`, `mtext`), with FOREIGN. */
export const TEXT_INTEGRATION = 1 << 16;
/** Either kind of integration point: where a breakout stops popping, and a special element for HTML end tags. */
export const INTEGRATION_POINT = HTML_INTEGRATION | TEXT_INTEGRATION;

/**
 * The flags of a foreign element: its namespace, and whether it is an integration point.
 * `htmlEncoding`: a MathML `annotation-xml` whose `encoding` is `text/html` or
 * `application/xhtml+xml`, the one MathML HTML integration point.
 */
export function foreignFlags(tagId: number, svg: boolean, htmlEncoding: boolean): number {
  const flags = FOREIGN | (svg ? SVG_NAMESPACE : 0);
  if (svg ? tagId === FOREIGN_OBJECT || tagId === DESC || tagId === TITLE : tagId === ANNOTATION_XML && htmlEncoding)
    return flags | HTML_INTEGRATION;
  if (!svg && MATH_TEXT_IDS.has(tagId)) return flags | TEXT_INTEGRATION;
  return flags;
}

/**
 * Whether a start tag whose current node is foreign (its flags `topFlags`, its name id `topId`)
 * is still read by the HTML rules: the current node is an HTML integration point, or a MathML text
 * integration point for anything but `mglyph`/`malignmark`, or a MathML `annotation-xml` for `<svg>`.
 */
export function readsHtmlRules(topFlags: number, topId: number, tagId: number): boolean {
  if ((topFlags & HTML_INTEGRATION) !== 0) return true;
  if ((topFlags & TEXT_INTEGRATION) !== 0) return tagId !== MGLYPH && tagId !== MALIGNMARK;
  return tagId === SVG && topId === ANNOTATION_XML && (topFlags & SVG_NAMESPACE) === 0;
}

/** Whether an `annotation-xml`'s `encoding` makes it an HTML integration point: `text/html` or `application/xhtml+xml`, ASCII case-insensitively. */
export function isHtmlEncoding(encoding: string | undefined): boolean {
  if (encoding === undefined) return false;
  const lower = asciiLowercase(encoding);
  return lower === 'text/html' || lower === 'application/xhtml+xml';
}

/** The attributes that make a `<font>` leave SVG/MathML. */
const FONT_BREAKOUT = ['color', 'face', 'size'];
/**
 * Whether the `<font>` start tag at `start` (its `<`) breaks out of SVG/MathML as the tags of
 * `BREAKS_FOREIGN` do: it has a `color`, `face` or `size` attribute. Asked only of a `<font>` met
 * in foreign content, so its attributes are read again only there.
 */
export function fontBreaksOut(html: string, start: number): boolean {
  return hasAnyAttribute(html, start, FONT_BREAKOUT);
}

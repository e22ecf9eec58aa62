import type { PreBodyScan } from './pre-body-scan.js';

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

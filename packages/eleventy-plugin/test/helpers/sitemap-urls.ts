import { DomUtils, parseDocument } from 'htmlparser2';

/** The URL paths a sitemap lists (`<loc>` of every `<url>`), read with a real XML parser, in order. */
export function sitemapPaths(xml: string, origin = 'https://example.com'): string[] {
  const document = parseDocument(xml, { xmlMode: true });
  return DomUtils.getElementsByTagName('loc', document).map((loc) => {
    const url = new URL(DomUtils.textContent(loc).trim());
    if (url.origin !== origin) throw new Error(`sitemap URL on another origin: ${url.href}`);
    return url.pathname;
  });
}

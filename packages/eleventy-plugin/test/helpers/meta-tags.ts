import { parseDocument, DomUtils } from 'htmlparser2';

export interface MetaTag {
  name: string;
  content: string;
}

/** Every `<meta name>` of a document, in order, read with a real HTML parser. */
export function metaTags(html: string): MetaTag[] {
  const document = parseDocument(html);
  return DomUtils.getElementsByTagName('meta', document).flatMap((element) =>
    element.attribs.name === undefined ? [] : [{ name: element.attribs.name, content: element.attribs.content ?? '' }],
  );
}

const ROBOTS_NAMES = new Set(['robots', 'googlebot']);

/** The robots and googlebot tags of a page as name → content; a repeated name fails loudly. */
export function robotsTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const tag of metaTags(html)) {
    const name = tag.name.toLowerCase();
    if (!ROBOTS_NAMES.has(name)) continue;
    if (name in tags) throw new Error(`duplicate <meta name="${name}">`);
    tags[name] = tag.content;
  }
  return tags;
}

import { DomUtils, parseDocument } from 'htmlparser2';

/** Every robots `<meta name content>` of the page, in document order, as [lowercase name, content]. */
export function robotsTags(
  html: string,
  names: readonly string[] = ['robots', 'googlebot', 'bingbot'],
): Array<[string, string]> {
  const document = parseDocument(html);
  return DomUtils.findAll((element) => element.name === 'meta', document.children)
    .map((meta): [string, string] => [
      DomUtils.getAttributeValue(meta, 'name')?.toLowerCase() ?? '',
      DomUtils.getAttributeValue(meta, 'content') ?? '',
    ])
    .filter(([name]) => names.includes(name));
}

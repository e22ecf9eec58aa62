/** `googlebot and *`, `googlebot, bingbot and *`. */
export function listCrawlers(crawlers: Iterable<string>): string {
  const names = [...new Set(crawlers)];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Crawler names that are used as `<meta name>` values. A tag with one of these
 * names (or `robots`) in a page is a robots tag: it is merged and replaced.
 * Any other product token works too when the user names it in options or front matter.
 */
export const KNOWN_CRAWLER_NAMES: ReadonlySet<string> = new Set([
  'googlebot',
  'googlebot-news',
  'googlebot-image',
  'googlebot-video',
  'google-extended',
  'adsbot-google',
  'mediapartners-google',
  'storebot-google',
  'bingbot',
  'msnbot',
  'bingpreview',
  'slurp',
  'yandex',
  'yandexbot',
  'baiduspider',
  'duckduckbot',
  'applebot',
  'naver',
  'yeti',
  'seznambot',
  'petalbot',
  'gptbot',
  'oai-searchbot',
  'chatgpt-user',
  'claudebot',
  'claude-searchbot',
  'claude-user',
  'perplexitybot',
  'ccbot',
]);

/** The meta name for directives that apply to every crawler. */
export const ALL_CRAWLERS_META_NAME = 'robots';

export function isRobotsMetaName(name: string, extraNames?: ReadonlySet<string>): boolean {
  const lower = name.trim().toLowerCase();
  return lower === ALL_CRAWLERS_META_NAME || KNOWN_CRAWLER_NAMES.has(lower) || (extraNames?.has(lower) ?? false);
}

/**
 * The words robots-kit knows: directive names, crawler meta names, and what a non-indexable build
 * carries.
 */
import type { FlagDirective, ImagePreview } from './types.js';

export const FLAG_DIRECTIVES: readonly FlagDirective[] = [
  'all',
  'index',
  'noindex',
  'follow',
  'nofollow',
  'none',
  'noarchive',
  'nocache',
  'nosnippet',
  'notranslate',
  'noimageindex',
  'indexifembedded',
  'noai',
  'noimageai',
];
/**
 * Directives no standard defines but that sites write and some AI crawlers read: `noai` (no AI
 * use of the page) and `noimageai` (of its images). DeviantArt introduced them in 2022 and writes
 * them on its pages; some dataset crawlers and scrapers (img2dataset, for one) skip pages that
 * carry them. Google, Bing and the large AI operators do not document them and ignore them. They
 * are known words, so they are kept, merged and written like the others, and never fail a build.
 */
export const NON_STANDARD_DIRECTIVES: ReadonlySet<string> = new Set(['noai', 'noimageai']);
export const VALUE_DIRECTIVES = ['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after'] as const;
export type ValueDirective = (typeof VALUE_DIRECTIVES)[number];
/** Every directive name, for did-you-mean suggestions. */
export const DIRECTIVE_NAMES: readonly string[] = [...FLAG_DIRECTIVES, ...VALUE_DIRECTIVES];
const FLAG_SET: ReadonlySet<string> = new Set(FLAG_DIRECTIVES);
const VALUE_SET: ReadonlySet<string> = new Set(VALUE_DIRECTIVES);
export function isFlagDirective(name: string): name is FlagDirective {
  return FLAG_SET.has(name);
}
export function isValueDirective(name: string): name is ValueDirective {
  return VALUE_SET.has(name);
}

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
/**
 * `<meta name>` values that mean something of their own (HTML's standard names, common
 * extensions, verification tokens): never crawlers, since robots directives written under one
 * would replace the page's real tag (`viewport: noindex` would delete the viewport).
 */
export const NON_CRAWLER_META_NAMES: ReadonlySet<string> = new Set([
  'application-name',
  'author',
  'description',
  'generator',
  'keywords',
  'referrer',
  'theme-color',
  'color-scheme',
  'viewport',
  'creator',
  'publisher',
  'format-detection',
  'handheldfriendly',
  'mobileoptimized',
  'copyright',
  'rating',
  'revisit-after',
  'language',
  'msvalidate.01',
  'csrf-token',
  'csrf-param',
  'csp-nonce',
  'supported-color-schemes',
  'darkreader-lock',
  'view-transition',
  'monetization',
  'news_keywords',
  'thumbnail',
  'title',
  'subject',
  'abstract',
  'topic',
  'summary',
  'classification',
  'category',
  'coverage',
  'distribution',
  'owner',
  'url',
  'identifier-url',
  'directory',
  'pagename',
  'reply-to',
  'designer',
  'date',
  'icbm',
  'x-ua-compatible',
  'content-language',
  'content-type',
  'refresh',
  'pinterest',
  'slack-app-id',
  'google-adsense-account',
  'twitter',
  'og',
  'fb',
  'version',
  'build',
  'image',
  'site_name',
  'locale',
]);
/** Families of such names: Apple's and Microsoft's app tags, Dublin Core, geo tags, framework tags, site verification. */
const NON_CRAWLER_PREFIXES = [
  'apple-',
  'msapplication-',
  'mobile-web-app-',
  'dc.',
  'dcterms.',
  'geo.',
  'astro-',
  'turbo-',
  'htmx-',
  'csrf-',
  'twitter-',
  'og-',
];
const NON_CRAWLER_SUFFIXES = ['-verification', '-verify'];
/** Whether a meta name has a meaning of its own and so can never be a crawler's. */
export function isNonCrawlerMetaName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return (
    NON_CRAWLER_META_NAMES.has(lower) ||
    NON_CRAWLER_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    NON_CRAWLER_SUFFIXES.some((suffix) => lower.endsWith(suffix))
  );
}

/** The meta name for directives that apply to every crawler. */
export const ALL_CRAWLERS_META_NAME = 'robots';
export function isRobotsMetaName(name: string, extraNames?: ReadonlySet<string>): boolean {
  return isRobotsMetaKey(metaNameKey(name), extraNames);
}
/** {@link isRobotsMetaName} for a name already through {@link metaNameKey}. */
export function isRobotsMetaKey(key: string, extraNames?: ReadonlySet<string>): boolean {
  return key === ALL_CRAWLERS_META_NAME || KNOWN_CRAWLER_NAMES.has(key) || (extraNames?.has(key) ?? false);
}
/**
 * A meta name trimmed and lowercased, as meta names are compared (robots names, `viewport`): the name itself when it is
 * already so (plain ASCII, no uppercase, no whitespace at either end), without a copy (the head
 * scan asks this for every `<meta name>` of every page).
 */
export function metaNameKey(name: string): string {
  const last = name.length - 1;
  if (last < 0) return name;
  for (let i = 0; i <= last; i++) {
    const code = name.charCodeAt(i);
    if (code >= 0x7f || (code >= 0x41 && code <= 0x5a) || ((i === 0 || i === last) && code <= 0x20))
      return name.trim().toLowerCase();
  }
  return name;
}

/** What every page of a non-indexable (preview or staging) build carries, as tags and as headers. */
export const NON_INDEXABLE_DIRECTIVES = 'noindex, nofollow';

/** `y` or `n`, as the IETF AI Preferences vocabulary writes its values. */
export type ContentUsageValue = 'y' | 'n';
/**
 * Preferences of the IETF AI Preferences vocabulary (draft-ietf-aipref-vocab), written as a
 * `Content-Usage` robots.txt line or response header: `{ 'train-ai': 'n' }` → `train-ai=n`.
 * Checked by `validateContentUsage` (robots-txt/ai-preferences.ts).
 */
export interface ContentUsageOptions {
  /** Training AI models. Default: unset (no preference). */
  'train-ai'?: ContentUsageValue;
  /** Building a search index and showing the content in search results. Default: unset. */
  search?: ContentUsageValue;
  /**
   * Terms the vocabulary does not define, written as given after the vocabulary's, e.g. a term of
   * an extension your crawlers agreed on: `{ 'x-foo': 'n' }`. Outside `extensions` an unknown term
   * is refused, so that a typo or a removed term never goes out unnoticed. Default: none.
   */
  extensions?: Record<string, ContentUsageValue>;
}
/** The name of the AI Preferences response header. */
export const CONTENT_USAGE = 'Content-Usage';
const byName = ([a]: [string, string], [b]: [string, string]): number => (a < b ? -1 : a > b ? 1 : 0);
/** The preferences as `term=value` pairs: the vocabulary's terms by name, then the extensions by name. */
export function contentUsagePairs(usage: ContentUsageOptions): [string, string][] {
  const terms = Object.entries(usage)
    .filter((entry): entry is [string, ContentUsageValue] => entry[0] !== 'extensions' && typeof entry[1] === 'string')
    .sort(byName);
  return [...terms, ...Object.entries(usage.extensions ?? {}).sort(byName)];
}
/** `search=y, train-ai=n`: the value of a `Content-Usage` line or header; undefined when it says nothing. */
export function contentUsageValue(usage: ContentUsageOptions | undefined): string | undefined {
  const pairs = usage === undefined ? [] : contentUsagePairs(usage);
  // Terms and values are checked (`[a-z0-9-]`, `y`/`n`): nothing here can leave the line or a quoted header value.
  return pairs.length === 0 ? undefined : pairs.map(([term, setting]) => `${term}=${setting}`).join(', ');
}
/** Preferences from the outermost rule to the innermost: a later one's terms replace earlier ones, term by term. */
export function mergeContentUsage(
  ...usages: ReadonlyArray<ContentUsageOptions | undefined>
): ContentUsageOptions | undefined {
  let merged: ContentUsageOptions | undefined;
  for (const usage of usages) {
    if (usage === undefined) continue;
    const { extensions, ...terms } = usage;
    merged = {
      ...merged,
      ...terms,
      ...(extensions || merged?.extensions ? { extensions: { ...merged?.extensions, ...extensions } } : {}),
    };
  }
  return merged;
}

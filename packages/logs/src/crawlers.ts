/**
 * The crawlers robots-kit recognises in access logs: how each names itself in the User-Agent
 * header, the robots.txt product tokens whose group it obeys, and how its identity can be checked
 * (published IP ranges, reverse-DNS host suffixes). AI crawlers come from `AI_BOTS`.
 */
import { AI_BOTS, type AiBot } from '@robots-kit/core';
import { ownString } from '@robots-kit/core/internal/adapter';

export type CrawlerKind = 'search' | 'ai' | 'seo' | 'other';
/** One crawler of {@link CRAWLERS}. */
export interface CrawlerDefinition {
  /** The name reports use, e.g. `Googlebot`. */
  name: string;
  /** Lower-case substrings of the User-Agent header that identify it (the longest match wins). */
  match: readonly string[];
  /**
   * robots.txt product tokens whose group it obeys, most specific first: `Googlebot-Image` obeys
   * a `googlebot-image` group, else a `googlebot` group, else `*`.
   */
  tokens: readonly string[];
  operator: string;
  kind: CrawlerKind;
  /** Fetches a person asked for; the operator documents that robots.txt may not apply. */
  userTriggered?: boolean;
  /** Host suffixes its reverse DNS names end with (forward-confirmed). */
  dnsSuffixes?: readonly string[];
  /** Ids of the published IP range snapshots that cover it (see `ip-ranges.ts`). */
  ranges?: readonly string[];
}

/** When {@link CRAWLERS} was last checked against the operators' documentation. */
export const CRAWLERS_REVIEWED = '2026-11-22';

// https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests: each kind
// of Google client has its own reverse-DNS names and range file. Common crawlers:
// crawl-…googlebot.com / geo-crawl-…geo.googlebot.com; special-case crawlers:
// rate-limited-proxy-…google.com; user-triggered fetchers: google-proxy-…google.com (Google's) or
// …gae.googleusercontent.com (a user's, on Google's cloud). A googleusercontent.com name never
// proves a crawler: Google Cloud customers' machines get names there.
const GOOGLE_COMMON = { dnsSuffixes: ['googlebot.com'], ranges: ['google-common'] };
const GOOGLE_SPECIAL = { dnsSuffixes: ['google.com'], ranges: ['google-special'] };
const GOOGLE_FETCHER = {
  dnsSuffixes: ['google.com', 'gae.googleusercontent.com'],
  ranges: ['google-user-triggered'],
  userTriggered: true,
  kind: 'other',
} as const;
function google(name: string, tokens: string[], extra: Partial<CrawlerDefinition>): CrawlerDefinition {
  return { name, match: [name.toLowerCase()], tokens, operator: 'Google', kind: 'search', ...extra };
}
const GOOGLE: CrawlerDefinition[] = [
  // https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers
  google('Googlebot', ['Googlebot'], GOOGLE_COMMON),
  google('Googlebot-Image', ['Googlebot-Image', 'Googlebot'], GOOGLE_COMMON),
  google('Googlebot-Video', ['Googlebot-Video', 'Googlebot'], GOOGLE_COMMON),
  google('Storebot-Google', ['Storebot-Google', 'Googlebot'], GOOGLE_COMMON),
  google('Google-InspectionTool', ['Google-InspectionTool', 'Googlebot'], GOOGLE_COMMON),
  google('GoogleOther', ['GoogleOther'], { ...GOOGLE_COMMON, match: ['googleother'] }),
  google('Google-CloudVertexBot', ['Google-CloudVertexBot'], { ...GOOGLE_COMMON, kind: 'ai' }),
  // https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers
  google('AdsBot-Google', ['AdsBot-Google'], GOOGLE_SPECIAL),
  google('AdsBot-Google-Mobile', ['AdsBot-Google-Mobile', 'AdsBot-Google'], GOOGLE_SPECIAL),
  google('Mediapartners-Google', ['Mediapartners-Google'], GOOGLE_SPECIAL),
  google('APIs-Google', ['APIs-Google'], GOOGLE_SPECIAL),
  google('Google-Safety', ['Google-Safety'], GOOGLE_SPECIAL),
  // https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers
  google('FeedFetcher-Google', ['FeedFetcher-Google'], GOOGLE_FETCHER),
  google('Google-Site-Verification', ['Google-Site-Verification'], GOOGLE_FETCHER),
  google('Google-Read-Aloud', ['Google-Read-Aloud'], GOOGLE_FETCHER),
  google('GoogleProducer', ['GoogleProducer'], GOOGLE_FETCHER),
  google('Google-CWS', ['Google-CWS'], GOOGLE_FETCHER),
  google('Google-NotebookLM', ['Google-NotebookLM'], { ...GOOGLE_FETCHER, kind: 'ai' }),
  google('Google-GeminiNotebook', ['Google-GeminiNotebook'], { ...GOOGLE_FETCHER, kind: 'ai' }),
  google('Google-Pinpoint', ['Google-Pinpoint'], GOOGLE_FETCHER),
  // Agents acting for a person in a browser; their own range file (user-triggered-agents.json).
  google('Google-Agent', ['Google-Agent'], {
    ranges: ['google-user-triggered-agents'],
    userTriggered: true,
    kind: 'ai',
  }),
];

// https://www.bing.com/webmaster/help/how-to-verify-bingbot-3905dc26: names end in search.msn.com,
// for every Bing crawler (MicrosoftPreview, the link preview fetcher, included).
const BING = { operator: 'Microsoft', kind: 'search', dnsSuffixes: ['search.msn.com'], ranges: ['bingbot'] } as const;
const SEARCH: CrawlerDefinition[] = [
  { name: 'bingbot', match: ['bingbot'], tokens: ['bingbot'], ...BING },
  { name: 'AdIdxBot', match: ['adidxbot'], tokens: ['adidxbot', 'bingbot'], ...BING },
  { name: 'msnbot', match: ['msnbot'], tokens: ['msnbot', 'bingbot'], ...BING },
  {
    name: 'MicrosoftPreview',
    match: ['microsoftpreview'],
    tokens: ['MicrosoftPreview', 'bingbot'],
    ...BING,
    kind: 'other',
    userTriggered: true,
  },
  // https://support.apple.com/en-us/119829: names end in applebot.apple.com; ranges in applebot.json.
  {
    name: 'Applebot',
    match: ['applebot'],
    tokens: ['Applebot', 'Googlebot'],
    operator: 'Apple',
    kind: 'search',
    dnsSuffixes: ['applebot.apple.com'],
    ranges: ['applebot'],
  },
  // https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html
  {
    name: 'YandexBot',
    match: ['yandexbot', 'yandeximages'],
    tokens: ['YandexBot', 'Yandex'],
    operator: 'Yandex',
    kind: 'search',
    dnsSuffixes: ['yandex.ru', 'yandex.net', 'yandex.com'],
  },
  {
    name: 'Baiduspider',
    match: ['baiduspider'],
    tokens: ['Baiduspider'],
    operator: 'Baidu',
    kind: 'search',
    dnsSuffixes: ['baidu.com', 'baidu.jp'],
  },
  // https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot: ranges only.
  {
    name: 'DuckDuckBot',
    match: ['duckduckbot'],
    tokens: ['DuckDuckBot'],
    operator: 'DuckDuckGo',
    kind: 'search',
    ranges: ['duckduckbot'],
  },
  {
    name: 'SeznamBot',
    match: ['seznambot'],
    tokens: ['SeznamBot'],
    operator: 'Seznam',
    kind: 'search',
    dnsSuffixes: ['seznam.cz'],
  },
  // https://aspiegel.com/petalbot: names end in petalsearch.com.
  {
    name: 'PetalBot',
    match: ['petalbot'],
    tokens: ['PetalBot'],
    operator: 'Huawei',
    kind: 'search',
    dnsSuffixes: ['petalsearch.com'],
  },
];
const SEO: CrawlerDefinition[] = [
  { name: 'AhrefsBot', match: ['ahrefsbot'], tokens: ['AhrefsBot'], operator: 'Ahrefs', kind: 'seo' },
  { name: 'AhrefsSiteAudit', match: ['ahrefssiteaudit'], tokens: ['AhrefsSiteAudit'], operator: 'Ahrefs', kind: 'seo' },
  { name: 'SemrushBot', match: ['semrushbot'], tokens: ['SemrushBot'], operator: 'Semrush', kind: 'seo' },
  { name: 'MJ12bot', match: ['mj12bot'], tokens: ['MJ12bot'], operator: 'Majestic', kind: 'seo' },
  { name: 'DotBot', match: ['dotbot'], tokens: ['dotbot'], operator: 'Moz', kind: 'seo' },
  { name: 'rogerbot', match: ['rogerbot'], tokens: ['rogerbot'], operator: 'Moz', kind: 'seo' },
  { name: 'BLEXBot', match: ['blexbot'], tokens: ['BLEXBot'], operator: 'WebMeUp', kind: 'seo' },
  { name: 'DataForSeoBot', match: ['dataforseobot'], tokens: ['DataForSeoBot'], operator: 'DataForSEO', kind: 'seo' },
  { name: 'serpstatbot', match: ['serpstatbot'], tokens: ['serpstatbot'], operator: 'Serpstat', kind: 'seo' },
];
const OTHER: CrawlerDefinition[] = [
  {
    name: 'facebookexternalhit',
    match: ['facebookexternalhit'],
    tokens: ['facebookexternalhit'],
    operator: 'Meta',
    kind: 'other',
    userTriggered: true,
  },
  { name: 'Twitterbot', match: ['twitterbot'], tokens: ['Twitterbot'], operator: 'X', kind: 'other' },
];

// OpenAI (https://platform.openai.com/docs/bots) and Perplexity (https://docs.perplexity.ai/guides/bots)
// publish one range file per agent.
const AI_RANGES: Readonly<Record<string, string>> = {
  GPTBot: 'openai-gptbot',
  'OAI-SearchBot': 'openai-searchbot',
  'ChatGPT-User': 'openai-chatgpt-user',
  PerplexityBot: 'perplexitybot',
  'Perplexity-User': 'perplexity-user',
};
function fromAiBot(bot: AiBot): CrawlerDefinition {
  const ranges = AI_RANGES[bot.userAgent];
  return {
    name: bot.userAgent,
    match: [bot.userAgent.toLowerCase()],
    tokens: [bot.userAgent],
    operator: bot.operator,
    kind: 'ai',
    ...(bot.purpose === 'ai-user' ? { userTriggered: true } : {}),
    ...(ranges ? { ranges: [ranges] } : {}),
  };
}

/**
 * Every crawler robots-kit names in logs: Google's crawlers and fetchers, other search engines,
 * the AI agents of `AI_BOTS` (control tokens such as `Google-Extended` send no requests and are
 * left out), SEO tools and link-preview fetchers.
 */
export const CRAWLERS: readonly CrawlerDefinition[] = [
  ...GOOGLE,
  ...SEARCH,
  ...AI_BOTS.filter(
    (bot) => bot.purpose !== 'ai-control' && !GOOGLE.some((crawler) => crawler.name === bot.userAgent),
  ).map(fromAiBot),
  // https://platform.openai.com/docs/bots: checks ad landing pages; no range file of its own.
  { name: 'OAI-AdsBot', match: ['oai-adsbot'], tokens: ['OAI-AdsBot'], operator: 'OpenAI', kind: 'other' },
  ...SEO,
  ...OTHER,
];

// Longest substrings first, so `googlebot-image` wins over `googlebot`.
const MATCHERS: ReadonlyArray<readonly [string, CrawlerDefinition]> = CRAWLERS.flatMap((crawler) =>
  crawler.match.map((text) => [text, crawler] as const),
).sort((a, b) => b[0].length - a[0].length);
/** Logs repeat a few hundred user agents; more distinct ones than this are not kept. */
const CACHE_LIMIT = 20_000;
const cache = new Map<string, CrawlerDefinition | null>();

// In front of the map, a small table indexed by a few characters: comparing two equal headers is
// cheaper than hashing a fresh one, and logs repeat the same headers line after line.
const RECENT_SIZE = 256;
const recentKeys: string[] = new Array<string>(RECENT_SIZE).fill('');
const recentValues: Array<CrawlerDefinition | null> = new Array<CrawlerDefinition | null>(RECENT_SIZE).fill(null);
function slot(text: string): number {
  const length = text.length;
  return (
    (length * 31 + text.charCodeAt(length - 1) * 7 + text.charCodeAt(length >> 1) * 3 + text.charCodeAt(length >> 2)) &
    (RECENT_SIZE - 1)
  );
}

/**
 * Characters of a User-Agent header read: crawlers name themselves within the first few hundred,
 * and a longer header must cost neither time nor cache memory in proportion to its length.
 */
export const MAX_USER_AGENT_CHARS = 512;
/** The crawler a User-Agent header names, or undefined for anything else (browsers, unknown bots). */
export function identifyCrawler(header: string): CrawlerDefinition | undefined {
  const userAgent = header.length > MAX_USER_AGENT_CHARS ? header.slice(0, MAX_USER_AGENT_CHARS) : header;
  const index = slot(userAgent);
  if (recentKeys[index] === userAgent) return recentValues[index] ?? undefined;
  let found = cache.get(userAgent);
  if (found === undefined) {
    const lower = userAgent.toLowerCase();
    found = null;
    for (const [text, crawler] of MATCHERS) {
      if (names(lower, text)) {
        found = crawler;
        break;
      }
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    // A copy: the header is a slice of a log line, which would keep its whole read buffer alive.
    cache.set(ownString(userAgent), found);
  }
  recentKeys[index] = ownString(userAgent);
  recentValues[index] = found;
  return found ?? undefined;
}

/**
 * Below this length a name must stand on its own in the header (`YaK/1.0`, `(compatible; Devin)`),
 * not inside a longer word: `yak` is in `Kayak/2.1`, `lcc` and `trae` in other products' names.
 */
const SHORT_NAME = 6;
function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}
/** Whether the lower-cased header names `text`: anywhere for a long name, as a word for a short one. */
function names(lower: string, text: string): boolean {
  if (text.length >= SHORT_NAME) return lower.includes(text);
  for (let at = lower.indexOf(text); at !== -1; at = lower.indexOf(text, at + 1)) {
    const end = at + text.length;
    if (
      (at === 0 || !isWordChar(lower.charCodeAt(at - 1))) &&
      (end === lower.length || !isWordChar(lower.charCodeAt(end)))
    )
      return true;
  }
  return false;
}

/** The crawler named `name` (as in reports), ignoring case. */
export function crawlerByName(name: string): CrawlerDefinition | undefined {
  const lower = name.toLowerCase();
  return CRAWLERS.find((crawler) => crawler.name.toLowerCase() === lower);
}

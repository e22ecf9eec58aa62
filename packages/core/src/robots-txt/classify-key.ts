import { asciiLowerCase } from './ascii-lower-case.js';
import type { RobotsKeyType, RobotsOtherKey } from './types.js';

/** How a key reads. */
export interface RobotsKeyClass {
  type: RobotsKeyType;
  /** Google accepted a known misspelling (`dissallow`, `useragent`, `user agent`…). */
  typo: boolean;
  /** For `unknown` keys that robots-kit recognises. */
  other?: RobotsOtherKey;
  /** For `unknown` keys that some crawlers once supported and Google no longer does. */
  unsupported?: boolean;
}

// Google's ParsedRobotsKey matches keys by prefix, ignoring case, and accepts these typos.
const GOOGLE_KEYS: readonly (readonly [RobotsKeyType, readonly string[], readonly string[]])[] = [
  ['user-agent', ['user-agent'], ['useragent', 'user agent']],
  ['allow', ['allow'], []],
  ['disallow', ['disallow'], ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map'], []],
];

const OTHER_KEYS: ReadonlySet<string> = new Set<RobotsOtherKey>([
  'crawl-delay',
  'content-signal',
  'content-usage',
  'host',
  'clean-param',
  'request-rate',
  'visit-time',
]);

const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set(['noindex', 'nofollow', 'noarchive', 'nosnippet']);

/** Classifies a robots.txt key the way Google's parser does, then recognises common non-Google records. */
export function classifyKey(key: string): RobotsKeyClass {
  const lower = asciiLowerCase(key);
  for (const [type, spellings, typos] of GOOGLE_KEYS) {
    if (spellings.some((spelling) => lower.startsWith(spelling))) return { type, typo: false };
    if (typos.some((typo) => lower.startsWith(typo))) return { type, typo: true };
  }
  if (OTHER_KEYS.has(lower)) return { type: 'unknown', typo: false, other: lower as RobotsOtherKey };
  return { type: 'unknown', typo: false, unsupported: UNSUPPORTED_KEYS.has(lower) };
}

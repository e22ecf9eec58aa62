/**
 * The robotsTxt options: their types. No zod here: the robots.txt generator loads on every build
 * and on servers; the options' zod shape is `options/robots-txt-schema.ts`, held to these types
 * at compile time. The values are checked in validate-options.ts.
 */
import type { AiBotPurpose } from './ai-bots.js';
import type { ContentSignalOptions, ContentUsageOptions } from './ai-preferences.js';

export type { ContentSignalOptions, ContentSignalValue, ContentUsageOptions } from './ai-preferences.js';

/** One `User-agent` group to write. */
export interface RobotsTxtGroupOptions {
  /**
   * The crawlers the group is for: product tokens (letters, `-`, `_`, e.g.
   * `Googlebot`) or `*` for every crawler without a group of its own. Required.
   */
  userAgent: string | string[];
  /** Paths the crawlers may fetch; each starts with `/` or `*`. Default: `[]`. */
  allow?: string[];
  /**
   * Paths the crawlers must not fetch; each starts with `/` or `*` (`''`
   * disallows nothing). Default: `[]`; a group with no `allow` and no
   * `disallow` gets an empty `Disallow:` (allow everything).
   */
  disallow?: string[];
  /** Seconds to wait between requests; Bing and Yandex read it, Google ignores it. Default: unset. */
  crawlDelay?: number;
  /** Comment line(s) written above the group, without the `#`. Default: none. */
  comment?: string | string[];
  /**
   * A `Content-Signal` line in this group, for these crawlers only (see the top-level
   * `contentSignal`). Default: unset (no line).
   */
  contentSignal?: ContentSignalOptions;
  /** A `Content-Usage` line in this group, for these crawlers only (see the top-level `contentUsage`). Default: unset. */
  contentUsage?: ContentUsageOptions;
  /**
   * `Content-Usage` lines for paths in this group: path → preferences, e.g.
   * `{ '/gallery/': { 'train-ai': 'n' } }` → `Content-Usage: /gallery/ train-ai=n`. Default: none.
   */
  contentUsagePaths?: Record<string, ContentUsageOptions>;
}
/** Which AI agents `blockAiBots` disallows, by purpose. */
export interface BlockAiBotsOptions {
  /**
   * The purposes to block: `ai-training`, `ai-search` (AI search and answer engines), `ai-user`
   * (fetchers a person sets off in an assistant) and `ai-control` (tokens such as
   * `Google-Extended` that the operator's regular crawler obeys for AI use). Default: all four.
   */
  purposes?: AiBotPurpose[];
  /** Listed tokens to leave out, e.g. `['ChatGPT-User']`. Default: none. */
  except?: string[];
  /** More product tokens to block, e.g. an agent the list does not have yet. Default: none. */
  extra?: string[];
  /**
   * Also give every page `<meta name="bingbot" content="noarchive, nocache">`: Bing reads no AI
   * token in robots.txt, and documents these two as how a site keeps its content out of Copilot
   * answers (`nocache`: only the URL, title and snippet may be used; `noarchive`: none of it),
   * while the pages stay in Bing search. Default: `false`.
   */
  bing?: boolean;
}
/** How to write robots.txt. */
export interface RobotsTxtOptions {
  /**
   * The `User-agent` groups. Default: one group `User-agent: *` with an empty
   * `Disallow:` (every crawler may fetch everything).
   */
  groups?: RobotsTxtGroupOptions[];
  /**
   * `Sitemap` lines: absolute URLs, paths resolved against `site`, or `true`
   * for the site's default sitemap (e.g. `/sitemap-index.xml`). Default: none.
   */
  sitemap?: true | string | string[];
  /**
   * Adds a group disallowing `/` for AI agents of `AI_BOTS`. `true` blocks every entry, all
   * four purposes (`ai-training`, `ai-search`, `ai-user`, `ai-control`); an object chooses:
   * `{ purposes: ['ai-training'], except: ['CCBot'], extra: ['NewAIBot'] }`. Default: `false`.
   */
  blockAiBots?: boolean | BlockAiBotsOptions;
  /**
   * A `Content-Signal` line (Cloudflare's Content Signals Policy), written in
   * the `User-agent: *` group, e.g. `{ search: 'yes', 'ai-train': 'no' }` →
   * `Content-Signal: search=yes, ai-train=no`. Default: unset (no line).
   */
  contentSignal?: ContentSignalOptions;
  /**
   * A `Content-Usage` line (IETF AI Preferences vocabulary), written in the
   * `User-agent: *` group, e.g. `{ 'train-ai': 'n' }` → `Content-Usage: train-ai=n`.
   * Keys are the vocabulary's terms (`train-ai`, `search`); other terms go under `extensions`
   * (`{ 'train-ai': 'n', extensions: { 'x-foo': 'n' } }`). Lighthouse's "robots.txt is valid"
   * audit rejects this line: the `Content-Usage` response header (`headers.contentUsage`) says the
   * same without it. Default: unset (no line).
   */
  contentUsage?: ContentUsageOptions;
  /**
   * `Content-Usage` lines for paths, in the `User-agent: *` group: path → preferences, e.g.
   * `{ '/gallery/': { 'train-ai': 'n' } }` → `Content-Usage: /gallery/ train-ai=n` (the IETF
   * AI Preferences attachment draft's path form; the longest matching path applies). Default: none.
   */
  contentUsagePaths?: Record<string, ContentUsageOptions>;
}
/** What the generator knows about the build. */
export interface RobotsTxtContext {
  /** The site's absolute URL, used to make sitemap paths absolute. Default: unset. */
  site?: string;
  /** False for a preview or staging build: then robots.txt disallows everything. Required. */
  indexable: boolean;
  /** The path or URL `sitemap: true` stands for, e.g. `/sitemap-index.xml`. Default: unset. */
  defaultSitemap?: string;
  /** An existing robots.txt (e.g. the user's `public/robots.txt`) to merge, best as bytes: a file that is not UTF-8 is then refused, not published with other bytes. Default: none. */
  existing?: string | Uint8Array;
  /** Where {@link existing} came from, for messages. Default: `robots.txt`. */
  existingSource?: string;
  /** Where the options came from, for messages (e.g. `astro.config.mjs`). Default: unset. */
  source?: string;
  /** The build's date, against which the age of the AI agent list is told. Default: now. */
  now?: Date;
}

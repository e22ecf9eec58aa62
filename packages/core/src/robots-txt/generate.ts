/**
 * generateRobotsTxt and its report: groups, sitemaps, AI rules and content signals from the
 * options, merged with the site's own file.
 */
import {
  type RobotsRecord,
  type RobotsGroupSpec,
  type RobotsDocument,
  normalizeRecordValue,
  addGroupToDocument,
  documentFromExisting,
  formatDocument,
} from './document.js';
import type { RobotsTxtOptions, RobotsTxtGroupOptions, RobotsTxtContext } from './options.js';
import { contentSignalPairs, contentUsagePairs, unknownContentSignals } from './ai-preferences.js';
import { validateRobotsTxtOptions } from './validate-options.js';
import { AI_BOTS, AI_BOTS_REVIEWED, AI_BOT_PURPOSES, AI_BOTS_MAX_AGE_DAYS, aiBotsListAge } from './ai-bots.js';
import { userAgentIdentity, parseRobotsTxt, extractProductToken, isValidProductToken } from './parse.js';
import { RobotsError, robotsWarning, type RobotsWarning } from '../errors.js';
import { explainMatch, findGroupTraps } from './match.js';
import { MAX_ROBOTS_TXT_BYTES, type ParsedRobotsTxt } from './types.js';

/** The robots.txt of a build that must not be indexed: every crawler kept out, with the reason. */
export const NON_INDEXABLE_ROBOTS_TXT =
  '# This build is not meant to be indexed (a preview or staging build), so every crawler is asked to stay out.\n' +
  'User-agent: *\n' +
  'Disallow: /\n';

function record(
  key: string,
  label: string,
  pairs: [string, string][],
  origin: string,
  path?: string,
): RobotsRecord | undefined {
  if (pairs.length === 0) return undefined;
  const value = pairs.map(([name, setting]) => `${name}=${setting}`).join(', ');
  return {
    key: path === undefined ? key : `${key} ${path}`,
    line: `${label}: ${path === undefined ? '' : `${path} `}${value}`,
    normalized: normalizeRecordValue(key, value),
    origin,
  };
}
/** The signal options of the whole file or of one group. */
type SignalOptions = Pick<RobotsTxtOptions, 'contentSignal' | 'contentUsage' | 'contentUsagePaths'>;
/**
 * The `Content-Signal` and `Content-Usage` lines of a group. Both belong inside a group and
 * speak for its crawlers only: Cloudflare's Content Signals Policy places `Content-Signal` in a
 * group (`User-agent: *` for every crawler), and the IETF AI Preferences attachment draft defines
 * `Content-Usage` as a rule of a group, like `Allow`, optionally for a path
 * (`Content-Usage: /gallery/ train-ai=n`, the longest matching path applying). The Content
 * Signals Policy has no path form, so `Content-Signal` is per group only. Google ignores both
 * lines and they do not end a group.
 *
 * @param prefix - the option path the values came from, for conflict messages: `robotsTxt` or `robotsTxt.groups[1]`
 */
export function signalRecords(options: SignalOptions, prefix = 'robotsTxt'): RobotsRecord[] {
  const signalPairs = contentSignalPairs(options.contentSignal ?? {});
  const usagePairs = contentUsagePairs(options.contentUsage ?? {});
  const pathRecords = Object.entries(options.contentUsagePaths ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, usage]) =>
      record('content-usage', 'Content-Usage', contentUsagePairs(usage), `${prefix}.contentUsagePaths.${path}`, path),
    );
  return [
    record('content-signal', 'Content-Signal', signalPairs, `${prefix}.contentSignal`),
    record('content-usage', 'Content-Usage', usagePairs, `${prefix}.contentUsage`),
    ...pathRecords,
  ].filter((entry): entry is RobotsRecord => entry !== undefined);
}

/** What `blockAiBots` writes: the tokens of the AI group and the purposes they stand for. */
export interface AiBotSelection {
  /** The product tokens, in list order, then `extra`. */
  userAgents: string[];
  purposes: readonly string[];
}
/**
 * The AI agents `blockAiBots` disallows: `true` is every entry of `AI_BOTS` (all four purposes);
 * an object keeps the entries of its `purposes` (default: all four) but its `except` tokens, and
 * adds its `extra` tokens. `undefined` when the option is off.
 */
export function selectAiBots(option: RobotsTxtOptions['blockAiBots']): AiBotSelection | undefined {
  if (option === undefined || option === false) return undefined;
  const choice = option === true ? {} : option;
  const purposes = choice.purposes ?? AI_BOT_PURPOSES;
  const except = new Set((choice.except ?? []).map((token) => token.toLowerCase()));
  const userAgents = AI_BOTS.filter(
    (bot) => purposes.includes(bot.purpose) && !except.has(bot.userAgent.toLowerCase()),
  ).map((bot) => bot.userAgent);
  const seen = new Set(userAgents.map((token) => token.toLowerCase()));
  for (const token of choice.extra ?? []) {
    if (seen.has(token.toLowerCase())) continue;
    seen.add(token.toLowerCase());
    userAgents.push(token);
  }
  return { userAgents, purposes: AI_BOT_PURPOSES.filter((purpose) => purposes.includes(purpose)) };
}
/** Tokens with characters Google's parser does not read (`AI2Bot`), with what it reads instead (`AI`). */
export function googleReadings(userAgents: readonly string[]): Array<{ token: string; reads: string }> {
  return userAgents
    .filter((token) => token !== '*' && !isValidProductToken(token))
    .map((token) => ({ token, reads: extractProductToken(token) }));
}

const DEFAULT_GROUPS: RobotsTxtGroupOptions[] = [{ userAgent: '*' }];
function specFromGroup(group: RobotsTxtGroupOptions, index: number): RobotsGroupSpec {
  const crawlDelay = group.crawlDelay;
  return {
    userAgents: typeof group.userAgent === 'string' ? [group.userAgent] : group.userAgent,
    allow: group.allow ?? [],
    disallow: group.disallow ?? [],
    records: [
      ...signalRecords(group, `robotsTxt.groups[${index}]`),
      ...(crawlDelay === undefined
        ? []
        : [
            {
              key: 'crawl-delay',
              line: `Crawl-delay: ${crawlDelay}`,
              normalized: String(crawlDelay),
              origin: `robotsTxt.groups[${index}].crawlDelay`,
            },
          ]),
    ],
    comments: group.comment === undefined ? [] : typeof group.comment === 'string' ? [group.comment] : group.comment,
  };
}
/**
 * The groups the options ask for, in order: the configured groups (or the
 * default allow-all `*` group) with their own content signals, the top-level
 * content signals in the first group that is exactly `*` (or a new `*` group),
 * then the AI bots group.
 */
export function groupSpecsFromOptions(options: RobotsTxtOptions): RobotsGroupSpec[] {
  const specs = (options.groups ?? DEFAULT_GROUPS).map(specFromGroup);
  const records = signalRecords(options);
  const globalSpec = specs.find((spec) => userAgentIdentity(spec.userAgents) === '*');
  if (globalSpec) globalSpec.records.unshift(...records);
  else if (records.length > 0) specs.push({ userAgents: ['*'], allow: [], disallow: [], records, comments: [] });
  const ai = selectAiBots(options.blockAiBots);
  if (ai && ai.userAgents.length > 0) {
    const readings = googleReadings(ai.userAgents);
    specs.push({
      userAgents: ai.userAgents,
      allow: [],
      disallow: ['/'],
      records: [],
      comments: [
        `AI agents for ${ai.purposes.join(', ')} (robots-kit blockAiBots, list reviewed ${AI_BOTS_REVIEWED})`,
        // Said in the file itself: whoever reads it with Google's parser in mind sees why these lines look odd.
        ...(readings.length > 0
          ? [
              `${readings.map((one) => one.token).join(', ')}: written whole, as their operators match them; parsers that read only letters, - and _ (Google's) read ${readings.map((one) => one.reads).join(', ')}`,
            ]
          : []),
      ],
    });
  }
  return specs;
}

const KEY = 'robotsTxt.sitemap';
function resolveOne(value: string, key: string, site: string | undefined, source: string | undefined): string {
  if (/^https?:\/\//i.test(value)) return new URL(value).href;
  if (site === undefined) {
    throw new RobotsError({
      code: 'robots-txt-sitemap-needs-site',
      ...(source === undefined ? {} : { source }),
      key,
      value,
      problem:
        'relative sitemap path, but robots.txt needs an absolute URL and the `site` option is not set to resolve it against, got',
      expected: "an absolute URL such as `https://example.com/sitemap.xml`, or `site` set to the site's URL",
      suggestion: `site: 'https://example.com'`,
    });
  }
  let base: URL;
  try {
    base = new URL(site);
  } catch {
    throw new RobotsError({
      code: 'invalid-site',
      ...(source === undefined ? {} : { source }),
      key: 'site',
      value: site,
      problem: '`site` is not an absolute URL, got',
      expected: "the site's URL, e.g. `https://example.com`",
    });
  }
  const resolved = new URL(value, base);
  // A relative sitemap stays on the site: a path the URL parser reads as another host is refused.
  if (resolved.origin !== base.origin) {
    throw new RobotsError({
      code: 'invalid-sitemap',
      ...(source === undefined ? {} : { source }),
      key,
      value,
      problem: 'relative sitemap path resolves to another host, got',
      expected: 'a path on the site starting with a single `/`, e.g. `/sitemap.xml`',
    });
  }
  return resolved.href;
}
/**
 * The sitemap URLs to write, absolute: `true` stands for
 * `context.defaultSitemap`, and paths are resolved against `context.site`.
 */
export function resolveSitemaps(sitemap: RobotsTxtOptions['sitemap'], context: RobotsTxtContext): string[] {
  if (sitemap === undefined) return [];
  if (sitemap === true) {
    if (context.defaultSitemap === undefined) {
      throw new RobotsError({
        code: 'robots-txt-no-default-sitemap',
        ...(context.source === undefined ? {} : { source: context.source }),
        key: KEY,
        value: true,
        problem: '`sitemap: true` asks for the default sitemap, but this build has none, got',
        expected: 'a sitemap URL or path',
        suggestion: '/sitemap-index.xml',
      });
    }
    return [resolveOne(context.defaultSitemap, KEY, context.site, context.source)];
  }
  const list = typeof sitemap === 'string' ? [sitemap] : sitemap;
  return list.map((value, index) =>
    resolveOne(value, typeof sitemap === 'string' ? KEY : `${KEY}[${index}]`, context.site, context.source),
  );
}

/** Validates the options and writes the robots.txt text (see `generateRobotsTxt`). */
export function buildRobotsTxt(options: RobotsTxtOptions, context: RobotsTxtContext): string {
  validateRobotsTxtOptions(options, context.source);
  if (!context.indexable) return NON_INDEXABLE_ROBOTS_TXT;
  const sitemaps = resolveSitemaps(options.sitemap, context);
  const document: RobotsDocument =
    context.existing === undefined
      ? { preamble: [], groups: [], sitemaps: new Map() }
      : documentFromExisting(context.existing, context.existingSource ?? 'robots.txt');
  for (const spec of groupSpecsFromOptions(options)) addGroupToDocument(document, spec, context.source);
  for (const url of sitemaps) {
    if (!document.sitemaps.has(url)) document.sitemaps.set(url, `Sitemap: ${url}`);
  }
  return formatDocument(document);
}

/**
 * Writes robots.txt from the options. Deterministic; groups are separated by
 * one blank line and the text ends with one newline.
 *
 * - `context.indexable === false` (a preview or staging build) writes
 *   `User-agent: *` / `Disallow: /` with a comment saying why, whatever else
 *   is configured.
 * - `context.existing` (e.g. the user's `public/robots.txt`) is merged: groups
 *   naming the same crawlers are merged, rules and sitemaps de-duplicated, and
 *   none of its lines dropped (only blank lines).
 *
 * Throws RobotsError for invalid options (see `validateRobotsTxtOptions`), a
 * relative sitemap with no `context.site`, or a record the options and the
 * existing file set differently. See `generateRobotsTxtReport` for warnings.
 */
export function generateRobotsTxt(options: RobotsTxtOptions, context: RobotsTxtContext): string {
  return buildRobotsTxt(options, context);
}

/** The generated robots.txt and what a build should warn about. */
export interface RobotsTxtReport {
  text: string;
  parsed: ParsedRobotsTxt;
  warnings: RobotsWarning[];
  /**
   * Facts worth knowing that need no fix, not logged by the adapters: product tokens with digits
   * (`AI2Bot`) and how parsers that follow Google's read them (`AI`).
   */
  notes: RobotsWarning[];
}
function aiBotWarnings(parsed: ParsedRobotsTxt, userAgents: readonly string[], source: string): RobotsWarning[] {
  return userAgents.flatMap((token) => {
    // `AI2Bot` is checked as Google's matcher reads its line (`AI`): the group it was written in.
    const match = explainMatch(parsed, isValidProductToken(token) ? token : extractProductToken(token), '/');
    if (!match.allowed) return [];
    const cause = match.rule
      ? ` because of \`${match.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${match.rule.value}\` on line ${match.rule.line}`
      : '';
    return [
      robotsWarning({
        code: 'ai-bot-not-blocked',
        source,
        key: 'robotsTxt.blockAiBots',
        value: token,
        problem: `blockAiBots did not block this AI bot at \`/\`${cause}:`,
      }),
    ];
  });
}
/** Notes on product tokens with digits in the file: how Google-style parsers read them. */
function tokenNotes(parsed: ParsedRobotsTxt, source: string): RobotsWarning[] {
  const seen = new Set<string>();
  return parsed.groups.flatMap((group) =>
    googleReadings(
      group.userAgents
        .filter((userAgent) => !userAgent.isGlobal && /^[A-Za-z_-][A-Za-z0-9_-]*$/.test(userAgent.value))
        .map((userAgent) => userAgent.value),
    ).flatMap(({ token, reads }) => {
      if (seen.has(token.toLowerCase())) return [];
      seen.add(token.toLowerCase());
      return [
        robotsWarning({
          code: 'robots-txt-token-with-digits',
          source,
          value: token,
          problem: `is written whole, as RFC 9309 crawlers that match their own whole token read it; parsers that follow Google's read only letters, \`-\` and \`_\`, so to them the line names \`${reads}\`, and the crawler falls back to the \`*\` group. The product token`,
        }),
      ];
    }),
  );
}
/** `Content-Signal` keys robots-kit does not know: written as given, for the crawlers that read them, and said once per build. */
function signalNotes(options: RobotsTxtOptions, source: string): RobotsWarning[] {
  const located: Array<[string, RobotsTxtOptions['contentSignal']]> = [
    ['robotsTxt.contentSignal', options.contentSignal],
    ...(options.groups ?? []).map((group, index): [string, RobotsTxtOptions['contentSignal']] => [
      `robotsTxt.groups[${index}].contentSignal`,
      group.contentSignal,
    ]),
  ];
  return located.flatMap(([key, signal]) =>
    unknownContentSignals(signal).map((name) =>
      robotsWarning({
        code: 'content-signal-passed-through',
        source,
        key: `${key}.${name}`,
        value: `${name}=${signal![name]}`,
        problem:
          'is not a signal robots-kit knows (`search`, `ai-input`, `ai-train`, `use`), so it is written as given for the crawlers that read it:',
      }),
    ),
  );
}
/**
 * Like `generateRobotsTxt`, and also checks the result as Google reads it:
 * crawler-specific groups that make their crawler skip the `*` group's
 * disallows, AI bots still allowed despite `blockAiBots`, lines crawlers
 * ignore (kept from the existing file) and a file over 500 KiB.
 */
export function generateRobotsTxtReport(options: RobotsTxtOptions, context: RobotsTxtContext): RobotsTxtReport {
  const text = buildRobotsTxt(options, context);
  const parsed = parseRobotsTxt(text, { maxBytes: Infinity });
  const source = context.existingSource ?? 'robots.txt';
  const warnings: RobotsWarning[] = [];
  for (const diagnostic of parsed.diagnostics) {
    if (diagnostic.severity !== 'error') continue;
    warnings.push(
      robotsWarning({
        code: `robots-txt-${diagnostic.code}`,
        source,
        value: diagnostic.text,
        problem: `line ${diagnostic.line} of the generated robots.txt is ignored by crawlers (${diagnostic.reason}):`,
      }),
    );
  }
  for (const trap of findGroupTraps(parsed)) {
    const dropped = trap.droppedDisallows.map((rule) => `\`${rule.value}\` (line ${rule.line})`).join(', ');
    // The name as written: Google's parser reads `AI2Bot` as `AI`, but the trap is the same for AI2Bot, which matches its whole token.
    const name = trap.written
      ? `${trap.written}\` (read as \`${trap.userAgent}\` by parsers that follow Google's)`
      : `${trap.userAgent}\``;
    const crawler = trap.written ?? trap.userAgent;
    warnings.push(
      robotsWarning({
        code: 'robots-txt-group-trap',
        source,
        problem: `the \`${name} group (line ${trap.lines.join(', ')}) makes ${crawler} ignore the \`User-agent: *\` group, so it may crawl ${dropped}`,
        expected: `those Disallow lines repeated in the \`${crawler}\` group`,
      }),
    );
  }
  if (context.indexable) warnings.push(...signalNotes(options, source));
  const ai = selectAiBots(options.blockAiBots);
  if (context.indexable && ai) {
    warnings.push(...aiBotWarnings(parsed, ai.userAgents, source));
    const age = aiBotsListAge(context.now);
    // New AI agents appear every month: a list this old misses some, and only an update of robots-kit brings them.
    if (age > AI_BOTS_MAX_AGE_DAYS) {
      warnings.push(
        robotsWarning({
          code: 'ai-bots-list-old',
          source,
          key: 'robotsTxt.blockAiBots',
          value: AI_BOTS_REVIEWED,
          problem: `the AI agent list blockAiBots writes is ${age} days old (more than ${AI_BOTS_MAX_AGE_DAYS}), so agents that appeared since are not blocked; update robots-kit, or name them in \`blockAiBots.extra\`. List reviewed:`,
        }),
      );
    }
  }
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_ROBOTS_TXT_BYTES) {
    warnings.push(
      robotsWarning({
        code: 'robots-txt-too-large',
        source,
        value: bytes,
        problem: `robots.txt is larger than Google reads (${MAX_ROBOTS_TXT_BYTES} bytes; the rest is ignored), size:`,
      }),
    );
  }
  return {
    text,
    parsed,
    warnings,
    notes: context.indexable ? tokenNotes(parsed, source) : [],
  };
}

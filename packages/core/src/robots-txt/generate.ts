/**
 * generateRobotsTxt and its report: groups, sitemaps, AI rules and content signals from the
 * options, merged with the site's own file.
 */
import { type RobotsRecord, type RobotsGroupSpec, type RobotsDocument, normalizeRecordValue, addGroupToDocument, documentFromExisting, formatDocument } from './document.js';
import { type RobotsTxtOptions, type RobotsTxtGroupOptions, type RobotsTxtContext, CONTENT_SIGNAL_KEYS, validateRobotsTxtOptions } from './options.js';
import { AI_BOTS, AI_BOTS_REVIEWED } from './ai-bots.js';
import { userAgentIdentity, parseRobotsTxt } from './parse.js';
import { RobotsError, robotsWarning, type RobotsWarning } from '../errors.js';
import { explainMatch, findGroupTraps } from './match.js';
import { MAX_ROBOTS_TXT_BYTES, type ParsedRobotsTxt } from './types.js';

/** The robots.txt of a build that must not be indexed: every crawler kept out, with the reason. */
export const NON_INDEXABLE_ROBOTS_TXT =
  '# This build is not meant to be indexed (a preview or staging build), so every crawler is asked to stay out.\n' +
  'User-agent: *\n' +
  'Disallow: /\n';

function record(key: string, label: string, pairs: [string, string][], origin: string): RobotsRecord | undefined {
  if (pairs.length === 0) return undefined;
  const value = pairs.map(([name, setting]) => `${name}=${setting}`).join(', ');
  return { key, line: `${label}: ${value}`, normalized: normalizeRecordValue(key, value), origin };
}
/**
 * The `Content-Signal` and `Content-Usage` lines for the `*` group. Both
 * belong inside a group: Cloudflare's Content Signals Policy places
 * `Content-Signal` under `User-agent: *`, and the IETF AI Preferences
 * attachment draft defines `Content-Usage` as a rule of a group, like
 * `Allow`. Google ignores both lines and they do not end a group.
 */
export function signalRecords(options: RobotsTxtOptions): RobotsRecord[] {
  const signal = options.contentSignal ?? {};
  const signalPairs = CONTENT_SIGNAL_KEYS.flatMap((name): [string, string][] => {
    const setting = signal[name];
    return setting === undefined ? [] : [[name, setting]];
  });
  const usagePairs = Object.entries(options.contentUsage ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    record('content-signal', 'Content-Signal', signalPairs, 'robotsTxt.contentSignal'),
    record('content-usage', 'Content-Usage', usagePairs, 'robotsTxt.contentUsage'),
  ].filter((entry): entry is RobotsRecord => entry !== undefined);
}

const DEFAULT_GROUPS: RobotsTxtGroupOptions[] = [{ userAgent: '*' }];
function specFromGroup(group: RobotsTxtGroupOptions, index: number): RobotsGroupSpec {
  const crawlDelay = group.crawlDelay;
  return {
    userAgents: typeof group.userAgent === 'string' ? [group.userAgent] : group.userAgent,
    allow: group.allow ?? [],
    disallow: group.disallow ?? [],
    records:
      crawlDelay === undefined
        ? []
        : [{ key: 'crawl-delay', line: `Crawl-delay: ${crawlDelay}`, normalized: String(crawlDelay), origin: `robotsTxt.groups[${index}].crawlDelay` }],
    comments: group.comment === undefined ? [] : typeof group.comment === 'string' ? [group.comment] : group.comment,
  };
}
/**
 * The groups the options ask for, in order: the configured groups (or the
 * default allow-all `*` group), the content signals in the first group that
 * is exactly `*` (or a new `*` group), then the AI bots group.
 */
export function groupSpecsFromOptions(options: RobotsTxtOptions): RobotsGroupSpec[] {
  const specs = (options.groups ?? DEFAULT_GROUPS).map(specFromGroup);
  const records = signalRecords(options);
  const globalSpec = specs.find((spec) => userAgentIdentity(spec.userAgents) === '*');
  if (globalSpec) globalSpec.records.unshift(...records);
  else if (records.length > 0) specs.push({ userAgents: ['*'], allow: [], disallow: [], records, comments: [] });
  if (options.blockAiBots === true) {
    specs.push({
      userAgents: AI_BOTS.map((bot) => bot.userAgent),
      allow: [],
      disallow: ['/'],
      records: [],
      comments: [`AI training, AI search and AI assistant agents (robots-kit blockAiBots, list reviewed ${AI_BOTS_REVIEWED})`],
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
      problem: 'relative sitemap path, but robots.txt needs an absolute URL and the `site` option is not set to resolve it against, got',
      expected: 'an absolute URL such as `https://example.com/sitemap.xml`, or `site` set to the site\'s URL',
      suggestion: `site: 'https://example.com'`,
    });
  }
  let base: URL;
  try {
    base = new URL(site);
  } catch {
    throw new RobotsError({ code: 'invalid-site', ...(source === undefined ? {} : { source }), key: 'site', value: site, problem: '`site` is not an absolute URL, got', expected: 'the site\'s URL, e.g. `https://example.com`' });
  }
  const resolved = new URL(value, base);
  // A relative sitemap stays on the site: a path the URL parser reads as another host is refused.
  if (resolved.origin !== base.origin) {
    throw new RobotsError({ code: 'invalid-sitemap', ...(source === undefined ? {} : { source }), key, value, problem: 'relative sitemap path resolves to another host, got', expected: 'a path on the site starting with a single `/`, e.g. `/sitemap.xml`' });
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
  return list.map((value, index) => resolveOne(value, typeof sitemap === 'string' ? KEY : `${KEY}[${index}]`, context.site, context.source));
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
}
function aiBotWarnings(parsed: ParsedRobotsTxt, source: string): RobotsWarning[] {
  return AI_BOTS.flatMap((bot) => {
    const match = explainMatch(parsed, bot.userAgent, '/');
    if (!match.allowed) return [];
    const cause = match.rule ? ` because of \`${match.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${match.rule.value}\` on line ${match.rule.line}` : '';
    return [robotsWarning({ code: 'ai-bot-not-blocked', source, key: 'robotsTxt.blockAiBots', value: bot.userAgent, problem: `blockAiBots did not block this AI bot at \`/\`${cause}:` })];
  });
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
    warnings.push(robotsWarning({ code: `robots-txt-${diagnostic.code}`, source, value: diagnostic.text, problem: `line ${diagnostic.line} of the generated robots.txt is ignored by crawlers (${diagnostic.reason}):` }));
  }
  for (const trap of findGroupTraps(parsed)) {
    const dropped = trap.droppedDisallows.map((rule) => `\`${rule.value}\` (line ${rule.line})`).join(', ');
    warnings.push(
      robotsWarning({
        code: 'robots-txt-group-trap',
        source,
        problem: `the \`${trap.userAgent}\` group (line ${trap.lines.join(', ')}) makes ${trap.userAgent} ignore the \`User-agent: *\` group, so it may crawl ${dropped}`,
        expected: `those Disallow lines repeated in the \`${trap.userAgent}\` group`,
      }),
    );
  }
  if (context.indexable && options.blockAiBots === true) warnings.push(...aiBotWarnings(parsed, source));
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_ROBOTS_TXT_BYTES) {
    warnings.push(robotsWarning({ code: 'robots-txt-too-large', source, value: bytes, problem: `robots.txt is larger than Google reads (${MAX_ROBOTS_TXT_BYTES} bytes; the rest is ignored), size:` }));
  }
  return { text, parsed, warnings };
}

/**
 * Validating the robotsTxt options: every value checked (paths, product tokens, AI purposes,
 * content signals, control characters), with the option path and a suggestion in every error.
 */
import { suggest } from '../errors.js';
import { isAbsoluteUrl } from './bytes.js';
import { extractProductToken } from './parse.js';
import { AI_BOTS, AI_BOT_PURPOSES } from './ai-bots.js';
import type { RobotsTxtOptions } from './options.js';
import { assertKnownKeys, assertPlainObject, assertSingleLine, robotsTxtOptionError } from './option-errors.js';
import { validateContentSignal, validateContentUsage } from './ai-preferences.js';

export {
  assertKnownKeys,
  assertPlainObject,
  assertSingleLine,
  robotsTxtOptionError,
  type RobotsTxtOptionProblem,
} from './option-errors.js';
export { validateContentSignal, validateContentUsage } from './ai-preferences.js';

/** Throws unless `value` is a positive, finite number of seconds. */
const MAX_CRAWL_DELAY = 86_400;
export function validateCrawlDelay(value: unknown, key: string, source?: string): asserts value is number {
  // Written as plain digits (`1e+21` or `1e-7` would not parse) and at most a day (issue 13 item 13).
  if (typeof value === 'number' && value > 0 && value <= MAX_CRAWL_DELAY && /^\d+(\.\d+)?$/.test(String(value))) return;
  const asNumber = typeof value === 'string' ? Number(value) : Number.NaN;
  throw robotsTxtOptionError(
    {
      key,
      value,
      problem:
        typeof value !== 'number'
          ? `crawl delay must be a number, got ${typeof value}`
          : Number.isFinite(value) && value > 0
            ? 'crawl delay is not a number of seconds up to a day written in plain digits, got'
            : 'crawl delay is not a positive, finite number of seconds, got',
      expected: `a number of seconds greater than 0 and at most ${MAX_CRAWL_DELAY}, e.g. \`5\``,
      suggestion: Number.isFinite(asNumber) && asNumber > 0 ? String(asNumber) : undefined,
    },
    source,
  );
}

const RULE_PATH_EXPECTED = 'a URL path starting with `/` (or `*`), e.g. `/private/`';
function pathOfUrl(value: string): string {
  const url = new URL(value);
  return url.pathname + url.search;
}
/** Throws unless `value` is a valid `Allow`/`Disallow` path. */
export function validateRulePath(
  value: unknown,
  key: string,
  type: 'allow' | 'disallow',
  source?: string,
): asserts value is string {
  assertSingleLine(value, key, source, RULE_PATH_EXPECTED);
  const fail = (problem: string, suggestion?: string): never => {
    throw robotsTxtOptionError({ key, value, problem, expected: RULE_PATH_EXPECTED, suggestion }, source);
  };
  if (value === '') {
    if (type === 'disallow') return;
    fail('empty `Allow:` allows nothing, got');
  }
  if (value === '*') {
    fail(
      `\`${type === 'allow' ? 'Allow' : 'Disallow'}: *\` is not valid robots.txt (\`/\` means the whole site), got`,
      '/',
    );
  }
  if (!value.startsWith('/') && !value.startsWith('*')) {
    if (isAbsoluteUrl(value)) fail('full URL where robots.txt rules hold only the path, got', pathOfUrl(value));
    fail('path does not start with `/` or `*`, got', '/' + value.replace(/^\.?\/*/, ''));
  }
  if (value.includes('#')) {
    fail(
      'path contains `#`, which starts a comment in robots.txt so crawlers would cut the rule there, got',
      value.replaceAll('#', '%23'),
    );
  }
  if (/\s/u.test(value)) {
    fail(
      'path contains whitespace, which never appears in a URL as sent, got',
      value.replace(/\s/gu, (space) => encodeURIComponent(space)),
    );
  }
}

const USER_AGENT_EXPECTED =
  'a product token (letters, digits, `-` and `_`, starting with a letter, e.g. `Googlebot` or `AI2Bot`) or `*`';
/**
 * Whether robots-kit writes `value` after `User-agent:`: a product token of RFC 9309 (letters,
 * `-`, `_`) or one with digits after its first character, as some operators publish (`AI2Bot`).
 * Crawlers that match their whole token read it whole; parsers that follow Google's read only up
 * to the first digit (`AI`), which is why the generator's report notes such tokens.
 */
export function isWritableProductToken(value: string): boolean {
  return /^[A-Za-z_-][A-Za-z0-9_-]*$/.test(value);
}
function suggestToken(value: string): string | undefined {
  const trimmed = value.trim();
  if (isWritableProductToken(trimmed)) return trimmed;
  const token = /^[A-Za-z0-9_-]*/.exec(trimmed)![0];
  // `Googlebot/2.1`: the version is not part of the product token.
  if (token !== '' && isWritableProductToken(token) && trimmed.charAt(token.length) === '/') return token;
  const dashed = trimmed.replace(/\s+/g, '-');
  return isWritableProductToken(dashed) ? dashed : undefined;
}
/** Throws unless `value` is `*` or a product token robots-kit writes (see {@link isWritableProductToken}). */
export function validateUserAgent(value: unknown, key: string, source?: string): asserts value is string {
  assertSingleLine(value, key, source, USER_AGENT_EXPECTED);
  if (value === '*' || isWritableProductToken(value)) return;
  const token = extractProductToken(value);
  const reading = token === '' ? 'no crawler would match it' : `Google would read it as \`${token}\``;
  throw robotsTxtOptionError(
    {
      key,
      value,
      problem: `not a robots.txt product token (${reading}), got`,
      expected: USER_AGENT_EXPECTED,
      suggestion: suggestToken(value),
    },
    source,
  );
}

const SITEMAP_EXPECTED = 'an absolute URL (`https://example.com/sitemap.xml`), a path starting with `/`, or `true`';
function validateSitemapEntry(value: unknown, key: string, source?: string): void {
  assertSingleLine(value, key, source, SITEMAP_EXPECTED);
  const fail = (problem: string, suggestion?: string): never => {
    throw robotsTxtOptionError({ key, value, problem, expected: SITEMAP_EXPECTED, suggestion }, source);
  };
  if (/\s/u.test(value))
    fail(
      'sitemap URL contains whitespace, got',
      value.replace(/\s/gu, (space) => encodeURIComponent(space)),
    );
  if (value.includes('#'))
    fail('sitemap URL contains `#`, which starts a comment in robots.txt, got', value.slice(0, value.indexOf('#')));
  // `//host/…` and `/\\host/…` are URLs on another host once resolved against `site` (issue 13 item 11).
  if (/^[/\\]{2}/.test(value))
    fail('sitemap path starting with `//` or `/\\` names another host, got', `/${value.replace(/^[/\\]+/, '')}`);
  const isHttp = /^https?:\/\//i.test(value);
  if (isAbsoluteUrl(value) && !isHttp) fail('sitemap URL is not http(s), got');
  if (!isHttp && !value.startsWith('/'))
    fail('sitemap is neither an absolute URL nor a path starting with `/`, got', '/' + value.replace(/^\.?\/*/, ''));
}
/** Throws unless the `sitemap` option is `true`, a URL or path, or a list of them. */
export function validateSitemapOption(value: unknown, key: string, source?: string): void {
  if (value === true) return;
  if (Array.isArray(value)) {
    value.forEach((entry, index) => validateSitemapEntry(entry, `${key}[${index}]`, source));
    return;
  }
  if (typeof value === 'string') {
    validateSitemapEntry(value, key, source);
    return;
  }
  throw robotsTxtOptionError(
    {
      key,
      value,
      problem: 'invalid sitemap option',
      expected: SITEMAP_EXPECTED,
      suggestion: value === false ? 'remove the option' : undefined,
    },
    source,
  );
}

const GROUP_KEYS = [
  'userAgent',
  'allow',
  'disallow',
  'crawlDelay',
  'comment',
  'contentSignal',
  'contentUsage',
  'contentUsagePaths',
] as const;
function asList(value: unknown, key: string, expected: string, source?: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw robotsTxtOptionError(
    {
      key,
      value,
      problem: 'must be an array, got',
      expected,
      suggestion: typeof value === 'string' ? `[${JSON.stringify(value)}]` : undefined,
    },
    source,
  );
}
function validateUserAgents(value: unknown, key: string, source?: string): void {
  if (typeof value === 'string') {
    validateUserAgent(value, key, source);
    return;
  }
  const list = asList(value, key, 'a product token or a list of them', source);
  if (list.length === 0) {
    throw robotsTxtOptionError(
      {
        key,
        value,
        problem: 'user-agent list names no crawler, got',
        expected: 'at least one product token, or `*`',
        suggestion: '*',
      },
      source,
    );
  }
  list.forEach((entry, index) => validateUserAgent(entry, `${key}[${index}]`, source));
}
/** Throws on the first invalid field of one `groups` entry. */
export function validateGroupOptions(group: unknown, key: string, source?: string): void {
  assertPlainObject(group, key, 'an object such as `{ userAgent: "*", disallow: ["/private/"] }`', source);
  assertKnownKeys(group, GROUP_KEYS, key, source);
  if (group.userAgent === undefined) {
    throw robotsTxtOptionError(
      {
        key: `${key}.userAgent`,
        problem: 'group has no `userAgent`',
        expected: 'a product token such as `Googlebot`, or `*`',
        suggestion: '*',
      },
      source,
    );
  }
  validateUserAgents(group.userAgent, `${key}.userAgent`, source);
  for (const type of ['allow', 'disallow'] as const) {
    if (group[type] === undefined) continue;
    const paths = asList(group[type], `${key}.${type}`, 'a list of paths starting with `/`', source);
    paths.forEach((path, index) => validateRulePath(path, `${key}.${type}[${index}]`, type, source));
  }
  if (group.crawlDelay !== undefined) validateCrawlDelay(group.crawlDelay, `${key}.crawlDelay`, source);
  if (group.contentSignal !== undefined) validateContentSignal(group.contentSignal, `${key}.contentSignal`, source);
  if (group.contentUsage !== undefined) validateContentUsage(group.contentUsage, `${key}.contentUsage`, source);
  if (group.contentUsagePaths !== undefined)
    validateContentUsagePaths(group.contentUsagePaths, `${key}.contentUsagePaths`, source);
  if (group.comment === undefined) return;
  const comments =
    typeof group.comment === 'string'
      ? [group.comment]
      : asList(group.comment, `${key}.comment`, 'a string or a list of strings', source);
  comments.forEach((comment, index) =>
    assertSingleLine(
      comment,
      typeof group.comment === 'string' ? `${key}.comment` : `${key}.comment[${index}]`,
      source,
      'comment text',
    ),
  );
}

/**
 * Throws unless every key is a path (as `Allow` takes it) and every value a `contentUsage`
 * object: the IETF AI Preferences attachment draft writes `Content-Usage: <path> <preferences>`.
 */
export function validateContentUsagePaths(value: unknown, key: string, source?: string): void {
  assertPlainObject(
    value,
    key,
    "an object of paths to preferences such as `{ '/gallery/': { 'train-ai': 'n' } }`",
    source,
  );
  for (const [path, usage] of Object.entries(value)) {
    validateRulePath(path, `${key}.${path}`, 'allow', source);
    validateContentUsage(usage, `${key}.${path}`, source);
  }
}

const PURPOSE_ALIASES = new Map([
  ['training', 'ai-training'],
  ['train', 'ai-training'],
  ['ai-train', 'ai-training'],
  ['search', 'ai-search'],
  ['user', 'ai-user'],
  ['assistant', 'ai-user'],
  ['control', 'ai-control'],
]);
const BLOCK_AI_BOTS_KEYS = ['purposes', 'except', 'extra', 'bing'] as const;
const BLOCK_AI_BOTS_EXPECTED =
  "`true`, `false` or an object such as `{ purposes: ['ai-training'], except: ['CCBot'] }`";
/** Throws unless `blockAiBots` is a boolean, or an object of known purposes, listed `except` tokens and valid `extra` tokens. */
export function validateBlockAiBots(value: unknown, key: string, source?: string): void {
  if (typeof value === 'boolean') return;
  assertPlainObject(value, key, BLOCK_AI_BOTS_EXPECTED, source);
  assertKnownKeys(value, BLOCK_AI_BOTS_KEYS, key, source);
  if (value.purposes !== undefined) {
    const purposes = asList(
      value.purposes,
      `${key}.purposes`,
      `a list of purposes: ${AI_BOT_PURPOSES.map((one) => `\`${one}\``).join(', ')}`,
      source,
    );
    if (purposes.length === 0) {
      throw robotsTxtOptionError(
        {
          key: `${key}.purposes`,
          value: purposes,
          problem: 'the list names no purpose, so nothing would be blocked, got',
          expected: 'at least one purpose, or `blockAiBots: false`',
        },
        source,
      );
    }
    purposes.forEach((purpose, index) => {
      if ((AI_BOT_PURPOSES as readonly unknown[]).includes(purpose)) return;
      const text = typeof purpose === 'string' ? purpose : '';
      throw robotsTxtOptionError(
        {
          key: `${key}.purposes[${index}]`,
          value: purpose,
          problem: 'unknown AI bot purpose',
          expected: AI_BOT_PURPOSES.map((one) => `\`${one}\``).join(', '),
          suggestion: PURPOSE_ALIASES.get(text.trim().toLowerCase()) ?? suggest(text, AI_BOT_PURPOSES),
        },
        source,
      );
    });
  }
  if (value.except !== undefined) {
    const listed = new Map(AI_BOTS.map((bot) => [bot.userAgent.toLowerCase(), bot.userAgent]));
    asList(
      value.except,
      `${key}.except`,
      "a list of tokens of the AI bot list, e.g. `['ChatGPT-User']`",
      source,
    ).forEach((token, index) => {
      assertSingleLine(token, `${key}.except[${index}]`, source, 'a token of the AI bot list');
      if (listed.has(token.toLowerCase())) return;
      throw robotsTxtOptionError(
        {
          key: `${key}.except[${index}]`,
          value: token,
          problem: 'not a token of the AI bot list (`AI_BOTS`), so there is nothing to leave out',
          expected: 'a listed token such as `ChatGPT-User` or `CCBot` (the README lists them all)',
          suggestion: suggest(token, [...listed.values()]),
        },
        source,
      );
    });
  }
  if (value.bing !== undefined && typeof value.bing !== 'boolean') {
    throw robotsTxtOptionError(
      {
        key: `${key}.bing`,
        value: value.bing,
        problem: 'must be `true` or `false`, got',
        expected: "`true` to give every page `bingbot: noarchive, nocache`, Bing's documented AI opt-out",
        suggestion:
          value.bing === 'true' || value.bing === 'noarchive' || value.bing === 'nocache' ? 'true' : undefined,
      },
      source,
    );
  }
  if (value.extra !== undefined) {
    asList(value.extra, `${key}.extra`, 'a list of product tokens', source).forEach((token, index) => {
      if (token === '*') {
        throw robotsTxtOptionError(
          {
            key: `${key}.extra[${index}]`,
            value: token,
            problem: '`*` is every crawler, not an AI bot, got',
            expected: 'a product token such as `NewAIBot`, or a `groups` entry for `*`',
          },
          source,
        );
      }
      validateUserAgent(token, `${key}.extra[${index}]`, source);
    });
  }
}

const OPTION_KEYS = ['groups', 'sitemap', 'blockAiBots', 'contentSignal', 'contentUsage', 'contentUsagePaths'] as const;
const PREFIX = 'robotsTxt';
/**
 * Checks the `robotsTxt` options and throws a RobotsError naming the option
 * path (e.g. `robotsTxt.groups[0].disallow[1]`), the bad value, what was
 * expected and a likely fix. Rejects anything that could inject a line:
 * a line break or control character in any value.
 *
 * @param source - where the options came from, for the message (e.g. `astro.config.mjs`)
 */
export function validateRobotsTxtOptions(options: unknown, source?: string): asserts options is RobotsTxtOptions {
  assertPlainObject(options, PREFIX, 'an object of robots.txt options', source);
  assertKnownKeys(options, OPTION_KEYS, PREFIX, source);
  if (options.groups !== undefined) {
    if (!Array.isArray(options.groups)) {
      throw robotsTxtOptionError(
        {
          key: `${PREFIX}.groups`,
          value: options.groups,
          problem: 'must be an array, got',
          expected: 'a list of groups',
        },
        source,
      );
    }
    options.groups.forEach((group, index) => validateGroupOptions(group, `${PREFIX}.groups[${index}]`, source));
  }
  if (options.sitemap !== undefined) validateSitemapOption(options.sitemap, `${PREFIX}.sitemap`, source);
  if (options.blockAiBots !== undefined) validateBlockAiBots(options.blockAiBots, `${PREFIX}.blockAiBots`, source);
  if (options.contentSignal !== undefined)
    validateContentSignal(options.contentSignal, `${PREFIX}.contentSignal`, source);
  if (options.contentUsage !== undefined) validateContentUsage(options.contentUsage, `${PREFIX}.contentUsage`, source);
  if (options.contentUsagePaths !== undefined)
    validateContentUsagePaths(options.contentUsagePaths, `${PREFIX}.contentUsagePaths`, source);
}

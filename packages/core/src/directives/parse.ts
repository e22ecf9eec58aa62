/**
 * parseRobots: every input form (string, array, boolean, object, the `googlebot: …` header form)
 * to parsed directives, with clear errors.
 */
import {
  RobotsError,
  type RobotsErrorDetails,
  robotsWarning,
  type RobotsWarning,
  suggest,
  editDistance,
} from '../errors.js';
import {
  type RobotsSource,
  type FlagDirective,
  type ImagePreview,
  type ParsedRobots,
  type RobotsInput,
  type MutableDirectives,
  emptyDirectives,
  mergeInto,
  IMAGE_PREVIEW_ORDER,
} from './types.js';
import {
  type ValueDirective,
  DIRECTIVE_NAMES,
  isFlagDirective,
  isValueDirective,
  ALL_CRAWLERS_META_NAME,
  KNOWN_CRAWLER_NAMES,
  isNonCrawlerMetaName,
} from './vocabulary.js';
import { formatDirectiveDate, parseDirectiveDate, readDate } from './dates.js';

/** Where parsing is, and what to do with problems. */
export interface ParseContext {
  source: RobotsSource;
  /** When false, unknown directives become warnings instead of errors. */
  strict: boolean;
  /** When true, a directive with a bad value is dropped with a warning, as crawlers drop it. */
  dropInvalid?: boolean;
  warnings: RobotsWarning[];
}
type Problem = Omit<RobotsErrorDetails, 'source' | 'key'> & { key?: string };
function locate(context: ParseContext, problem: Problem): RobotsErrorDetails {
  return { ...problem, source: context.source.file, key: problem.key ?? context.source.key };
}
/** A value that is plainly wrong: always an error. */
export function fail(context: ParseContext, problem: Problem): never {
  throw new RobotsError(locate(context, problem));
}
/** An unknown name: an error, or a warning with `strict: false`. */
export function reject(context: ParseContext, problem: Problem): void {
  if (context.strict) fail(context, problem);
  context.warnings.push(robotsWarning(locate(context, problem)));
}
export function warn(context: ParseContext, problem: Problem): void {
  context.warnings.push(robotsWarning(locate(context, problem)));
}

const DATE_WEEKDAY_ONLY = /^\s*unavailable_after\s*:\s*[a-z]+\s*$/i;
/**
 * Splits `"noindex, unavailable_after: Friday, 25-Jun-10 15:00:00 PST"` on commas
 * without cutting the RFC 850 / RFC 822 date, whose weekday is followed by a comma.
 */
export function splitDirectiveList(list: string): string[] {
  const pieces = list.split(',');
  const tokens: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    let piece = pieces[i]!;
    if (DATE_WEEKDAY_ONLY.test(piece) && i + 1 < pieces.length) piece += ',' + pieces[++i];
    piece = piece.trim();
    if (piece !== '') tokens.push(piece);
  }
  return tokens;
}

/** What a boolean key of the object form means when true and when false. */
export interface BooleanKey {
  whenTrue?: FlagDirective;
  whenFalse?: FlagDirective;
}
/** Boolean keys of the object form (the shape of Next.js `metadata.robots`), camelCase aliases included. */
export const BOOLEAN_KEYS: Readonly<Record<string, BooleanKey>> = {
  index: { whenTrue: 'index', whenFalse: 'noindex' },
  follow: { whenTrue: 'follow', whenFalse: 'nofollow' },
  all: { whenTrue: 'all' },
  noindex: { whenTrue: 'noindex' },
  noIndex: { whenTrue: 'noindex' },
  nofollow: { whenTrue: 'nofollow' },
  noFollow: { whenTrue: 'nofollow' },
  none: { whenTrue: 'none' },
  noarchive: { whenTrue: 'noarchive' },
  noArchive: { whenTrue: 'noarchive' },
  nocache: { whenTrue: 'nocache' },
  noCache: { whenTrue: 'nocache' },
  nosnippet: { whenTrue: 'nosnippet' },
  noSnippet: { whenTrue: 'nosnippet' },
  notranslate: { whenTrue: 'notranslate' },
  noTranslate: { whenTrue: 'notranslate' },
  noimageindex: { whenTrue: 'noimageindex' },
  noImageIndex: { whenTrue: 'noimageindex' },
  noai: { whenTrue: 'noai' },
  noAi: { whenTrue: 'noai' },
  noimageai: { whenTrue: 'noimageai' },
  noImageAi: { whenTrue: 'noimageai' },
  indexifembedded: { whenTrue: 'indexifembedded' },
  indexIfEmbedded: { whenTrue: 'indexifembedded' },
};
/** Valued keys of the object form, camelCase aliases included. */
export const VALUE_KEYS: Readonly<Record<string, ValueDirective>> = {
  'max-snippet': 'max-snippet',
  maxSnippet: 'max-snippet',
  'max-image-preview': 'max-image-preview',
  maxImagePreview: 'max-image-preview',
  'max-video-preview': 'max-video-preview',
  maxVideoPreview: 'max-video-preview',
  unavailable_after: 'unavailable_after',
  'unavailable-after': 'unavailable_after',
  unavailableAfter: 'unavailable_after',
};
export const OBJECT_KEYS: readonly string[] = [...Object.keys(BOOLEAN_KEYS), ...Object.keys(VALUE_KEYS)];

/**
 * The largest `max-snippet` / `max-video-preview` written: a 32-bit count, printed as plain
 * digits (`99999999999999999999999` would print as `1e+23`, which no crawler reads).
 */
export const MAX_LENGTH_VALUE = 2_147_483_647;
function parseLength(name: ValueDirective, value: unknown, context: ParseContext): number {
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < -1 || number > MAX_LENGTH_VALUE) {
    fail(context, {
      code: 'invalid-directive-value',
      problem:
        typeof number === 'number' && number > MAX_LENGTH_VALUE
          ? `\`${name}\` value too large`
          : `invalid \`${name}\` value`,
      value,
      expected: `a whole number from -1 (no limit) to ${MAX_LENGTH_VALUE}`,
    });
  }
  return number;
}
/** Records `max-snippet`, `max-image-preview`, `max-video-preview` or `unavailable_after`. */
export function applyValueDirective(
  directives: MutableDirectives,
  name: ValueDirective,
  value: unknown,
  context: ParseContext,
): void {
  switch (name) {
    case 'max-snippet':
      mergeInto(directives, { maxSnippet: parseLength(name, value, context) });
      return;
    case 'max-video-preview':
      mergeInto(directives, { maxVideoPreview: parseLength(name, value, context) });
      return;
    case 'max-image-preview': {
      const setting = typeof value === 'string' ? value.trim().toLowerCase() : value;
      if (!IMAGE_PREVIEW_ORDER.includes(setting as ImagePreview)) {
        fail(context, {
          code: 'invalid-directive-value',
          problem: 'invalid `max-image-preview` value',
          value,
          expected: '`none`, `standard` or `large`',
          suggestion: typeof setting === 'string' ? suggest(setting, IMAGE_PREVIEW_ORDER) : undefined,
        });
      }
      mergeInto(directives, { maxImagePreview: setting as ImagePreview });
      return;
    }
    case 'unavailable_after': {
      const date = parseDirectiveDate(value);
      if (!date) {
        fail(context, {
          code: 'invalid-date',
          problem: readDate(value)
            ? '`unavailable_after` date outside the years 0 to 9999, which ISO 8601 writes with four digits,'
            : 'invalid `unavailable_after` date',
          value,
          expected: 'an ISO 8601 (`2026-12-31`), RFC 822 or RFC 850 date',
        });
      }
      mergeInto(directives, { unavailableAfter: formatDirectiveDate(date) });
      return;
    }
  }
}

/**
 * Applies one directive token (`noindex`, `max-snippet:50`, `unavailable_after: 2026-12-31`).
 * Returns false when the token was rejected with `strict: false`.
 */
export function applyToken(directives: MutableDirectives, token: string, context: ParseContext): boolean {
  const colon = token.indexOf(':');
  const name = (colon < 0 ? token : token.slice(0, colon)).trim().toLowerCase();
  const value = colon < 0 ? undefined : token.slice(colon + 1).trim();

  if (isFlagDirective(name)) {
    if (value !== undefined) {
      fail(context, { code: 'unexpected-value', problem: `directive \`${name}\` takes no value, got`, value: token });
    }
    directives.flags.add(name);
    return true;
  }
  if (isValueDirective(name)) {
    if (value === undefined || value === '') {
      fail(context, {
        code: 'missing-value',
        problem: `directive \`${name}\` needs a value`,
        value: token,
        expected: name === 'unavailable_after' ? '`unavailable_after: 2026-12-31`' : `\`${name}:<value>\``,
      });
    }
    applyValueDirective(directives, name, value, context);
    return true;
  }
  // `noindex nofollow`, `noindex; nofollow`: known directives without commas. Always an error, even
  // with `strict: false`: dropped as unknown, the page would lose the noindex it asks for.
  const pieces = token.split(/[\s;]+/).filter(Boolean);
  if (pieces.length > 1 && pieces.every((piece) => isDirectiveName(piece.split(':')[0]!.trim()))) {
    fail(context, {
      code: 'missing-comma',
      problem: 'separate directives with commas, got',
      value: token,
      suggestion: pieces.join(', '),
    });
  }
  reject(context, {
    code: 'unknown-directive',
    problem: 'unknown directive',
    value: token,
    expected: 'a robots directive such as `noindex`, `nofollow` or `max-snippet:50`',
    suggestion: suggest(name, DIRECTIVE_NAMES),
  });
  return false;
}

/** `googlebot: nofollow` — the X-Robots-Tag form that scopes the rest of the list to one crawler. */
const CRAWLER_PREFIX = /^([^\s:,]+)\s*:\s*(.+)$/s;
function isDirectiveName(word: string): boolean {
  const name = word.toLowerCase();
  return isFlagDirective(name) || isValueDirective(name);
}
/**
 * Parses a comma-separated directive list into `target`; a `crawler:` prefix
 * (as in `X-Robots-Tag: googlebot: noindex, nofollow`) sends the rest to that crawler.
 */
export function parseDirectiveString(
  text: string,
  all: MutableDirectives,
  crawler: (name: string) => MutableDirectives,
  context: ParseContext,
): void {
  let target = all;
  for (const token of splitDirectiveList(text)) {
    try {
      const prefixed = CRAWLER_PREFIX.exec(token);
      if (prefixed && !isDirectiveName(prefixed[1]!) && isDirectiveName(prefixed[2]!.split(/[\s:]/)[0]!)) {
        target = crawler(checkCrawlerName(prefixed[1]!, context));
        applyToken(target, prefixed[2]!, context);
        continue;
      }
      applyToken(target, token, context);
    } catch (error) {
      if (!context.dropInvalid || !(error instanceof RobotsError)) throw error;
      context.warnings.push(robotsWarning(error.details));
    }
  }
}

export interface ParseRobotsOptions {
  /** Unknown directives throw when true; with false they become warnings. Default: `true`. */
  strict?: boolean;
  /**
   * Drop a directive with a bad value (`max-snippet:abc`, `viewport: noindex`) with a warning
   * instead of throwing, as crawlers ignore it: for tags read from pages (a theme's), not for the
   * user's own input. Default: `false`.
   */
  dropInvalid?: boolean;
}
const INPUT_FORMS =
  'a string (`"noindex, nofollow"`), an array of strings, a boolean or an object (`{ index: false }`)';
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
interface Target {
  all: MutableDirectives;
  crawler: (name: string) => MutableDirectives;
  /** Inside a crawler's own object, another crawler cannot nest. */
  nested: boolean;
}
function withKey(context: ParseContext, key: string): ParseContext {
  const base = context.source.key;
  return { ...context, source: { ...context.source, key: base ? `${base}.${key}` : key } };
}
function parseBoolean(key: string, value: unknown, directives: MutableDirectives, context: ParseContext): void {
  if (typeof value !== 'boolean') {
    // The string `'false'` is shown with its quotes: "got `false`" would read as the boolean.
    fail(context, {
      code: 'invalid-directive-value',
      problem: `\`${key}\` must be true or false, got`,
      value: typeof value === 'string' ? JSON.stringify(value) : value,
      ...(value === 'true' || value === 'false' ? { suggestion: `${key}: ${value}` } : {}),
    });
  }
  const meaning = BOOLEAN_KEYS[key]!;
  const flag = value ? meaning.whenTrue : meaning.whenFalse;
  if (flag) directives.flags.add(flag);
}
function parseObject(object: Record<string, unknown>, target: Target, context: ParseContext): void {
  for (const [key, value] of Object.entries(object)) {
    const keyContext = withKey(context, key);
    if (value === undefined || value === null) continue;
    if (Object.hasOwn(BOOLEAN_KEYS, key)) {
      parseBoolean(key, value, target.all, keyContext);
    } else if (Object.hasOwn(VALUE_KEYS, key)) {
      applyValueDirective(target.all, VALUE_KEYS[key]!, value, keyContext);
    } else {
      parseCrawlerEntry(key, value, target, keyContext);
    }
  }
}
/** A key that is not a directive names a crawler, unless it is a typo of a directive. */
function parseCrawlerEntry(key: string, value: unknown, target: Target, context: ParseContext): void {
  const lower = key.toLowerCase();
  const looksLikeCrawler = KNOWN_CRAWLER_NAMES.has(lower) || (typeof value !== 'boolean' && typeof value !== 'number');
  const suggestion = suggest(key, OBJECT_KEYS);
  if (target.nested || !looksLikeCrawler || (suggestion && !KNOWN_CRAWLER_NAMES.has(lower))) {
    fail(context, {
      code: 'unknown-directive',
      problem: target.nested ? 'unknown directive key in a crawler entry' : 'unknown directive key',
      value: key,
      expected: 'a directive such as `index`, `follow`, `maxSnippet`, or a crawler name such as `googlebot`',
      suggestion,
    });
  }
  const crawler = target.crawler(checkCrawlerName(key, context));
  parseInto(value, { all: crawler, crawler: target.crawler, nested: true }, context);
}
function parseInto(input: unknown, target: Target, context: ParseContext): void {
  if (input === undefined || input === null || input === true) return;
  if (input === false) {
    target.all.flags.add('noindex');
    target.all.flags.add('nofollow');
  } else if (typeof input === 'string') {
    const crawler = target.nested
      ? () =>
          fail(context, {
            code: 'unknown-directive',
            problem: 'a crawler entry cannot name another crawler',
            value: input,
          })
      : target.crawler;
    parseDirectiveString(input, target.all, crawler, context);
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => {
      if (typeof item !== 'string') {
        fail(withKey(context, String(index)), {
          code: 'invalid-input',
          problem: 'array items must be strings, got',
          value: item,
        });
      }
      parseInto(item, target, context);
    });
  } else if (isPlainObject(input)) {
    parseObject(input, target, context);
  } else {
    fail(context, {
      code: 'invalid-input',
      problem: 'invalid robots value',
      value: input instanceof Date ? input.toISOString() : input,
      expected: INPUT_FORMS,
    });
  }
}
/**
 * Parses robots directives from any accepted form: `"noindex, nofollow"`,
 * `['noindex', 'max-snippet:50']`, `false` (`noindex, nofollow`), `true` (no restriction),
 * or an object (`{ index: false, maxSnippet: 50, googlebot: 'noimageindex' }`).
 * Throws `RobotsError` naming the source, the key and the bad value.
 */
export function parseRobots(
  input: RobotsInput | unknown,
  source: RobotsSource | string = {},
  options: ParseRobotsOptions = {},
): ParsedRobots {
  const context: ParseContext = {
    source: typeof source === 'string' ? { file: source } : source,
    strict: options.strict ?? true,
    dropInvalid: options.dropInvalid ?? false,
    warnings: [],
  };
  const all = emptyDirectives();
  const crawlers = new Map<string, MutableDirectives>();
  const crawler = (name: string): MutableDirectives => {
    if (name === ALL_CRAWLERS_META_NAME) return all;
    let directives = crawlers.get(name);
    if (!directives) crawlers.set(name, (directives = emptyDirectives()));
    return directives;
  };
  parseInto(input, { all, crawler, nested: false }, context);
  return { all, crawlers, warnings: context.warnings };
}

/** Product tokens as crawlers use them in `<meta name>` and robots.txt. */
const CRAWLER_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/** A product token that is not a meta name with a meaning of its own (`viewport`, `description`, …). */
export function isCrawlerName(name: string): boolean {
  return CRAWLER_NAME.test(name) && !isNonCrawlerMetaName(name);
}

/**
 * The lowercase crawler name, or an error for a name with spaces, colons or other characters,
 * and for a meta name of its own: `viewport: noindex` would replace the page's viewport tag.
 */
export function checkCrawlerName(name: string, context: ParseContext): string {
  if (CRAWLER_NAME.test(name) && isNonCrawlerMetaName(name)) {
    fail(context, {
      code: 'not-a-crawler',
      problem: `not a crawler but a meta name of its own (robots-kit would replace the page's \`<meta name="${name.toLowerCase()}">\`), got`,
      value: name,
      expected:
        'a crawler product token such as `googlebot` or `bingbot` before the colon, or directives only (`noindex, nosnippet`)',
    });
  }
  if (!isCrawlerName(name)) {
    fail(context, {
      code: 'invalid-crawler-name',
      problem: 'invalid crawler name',
      value: name,
      expected: 'a product token of letters, digits, `-`, `_` or `.` (e.g. `googlebot-news`)',
    });
  }
  const lower = name.toLowerCase();
  if (!KNOWN_CRAWLER_NAMES.has(lower)) warnIfMisspelt(lower, context);
  return lower;
}
/**
 * Any product token may name a crawler, so an unknown one is accepted; but one a letter or two away
 * from a crawler robots-kit knows (`goglebot`) is almost surely a typo that no crawler would read,
 * and saying nothing would leave the page open to the crawler the user meant.
 */
function warnIfMisspelt(lower: string, context: ParseContext): void {
  const meant = suggest(lower, KNOWN_CRAWLER_NAMES);
  if (meant === undefined || editDistance(lower, meant) > 2) return;
  warn(context, {
    code: 'unknown-crawler',
    problem: 'an unknown crawler name, one or two letters from a known one, got',
    value: lower,
    expected: 'a crawler product token such as `googlebot`; a name of your own is kept as written',
    suggestion: meant,
  });
}

import { applyValueDirective } from './apply-value-directive.js';
import { checkCrawlerName } from './crawler-name.js';
import { ALL_CRAWLERS_META_NAME, KNOWN_CRAWLER_NAMES } from './known-crawlers.js';
import { emptyDirectives, type MutableDirectives } from './mutable-directives.js';
import { BOOLEAN_KEYS, OBJECT_KEYS, VALUE_KEYS } from './object-keys.js';
import { fail, type ParseContext } from './parse-context.js';
import { parseDirectiveString } from './parse-directive-string.js';
import { suggest } from './suggest.js';
import type { ParsedRobots, RobotsInput, RobotsSource } from './types.js';

export interface ParseRobotsOptions {
  /** Unknown directives throw when true; with false they become warnings. Default: `true`. */
  strict?: boolean;
}

const INPUT_FORMS = 'a string (`"noindex, nofollow"`), an array of strings, a boolean or an object (`{ index: false }`)';

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
    fail(context, { code: 'invalid-directive-value', problem: `\`${key}\` must be true or false, got`, value });
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
    const crawler = target.nested ? () => fail(context, {
      code: 'unknown-directive',
      problem: 'a crawler entry cannot name another crawler',
      value: input,
    }) : target.crawler;
    parseDirectiveString(input, target.all, crawler, context);
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => {
      if (typeof item !== 'string') {
        fail(withKey(context, String(index)), { code: 'invalid-input', problem: 'array items must be strings, got', value: item });
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
export function parseRobots(input: RobotsInput | unknown, source: RobotsSource | string = {}, options: ParseRobotsOptions = {}): ParsedRobots {
  const context: ParseContext = {
    source: typeof source === 'string' ? { file: source } : source,
    strict: options.strict ?? true,
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

/**
 * The options' shape checked without zod: plain code that accepts what `robotsOptionsSchema`
 * (with `googlebotSchema` and `auditOptionSchema`) accepts and returns what zod's parse returns
 * (new arrays, locales and `audit.html` trimmed, other values as given). It answers only for the
 * forms it knows for sure; for anything else (a wrong type, an unknown key, a class instance, an
 * explicit `undefined` where zod's answer depends on it) it returns `undefined` and
 * `normalizeOptions` asks zod, whose answer and error message are the reference.
 * Why: zod and its schemas cost about 90 ms of CPU and 15 MB to load, paid on every Eleventy build
 * and `--serve` start for options that are almost always valid (issue 21). A differential test
 * (`test/options/shape.test.ts`) holds this check to the schema on generated options.
 */
import type { ParsedRobotsOptions } from './schema.js';
import type { HeadersOptions } from '../headers/options.js';

/** Thrown inside this module when the plain check cannot vouch for a value; never leaves it. */
class AskZod {}
const ASK_ZOD = new AskZod();
function unknown(): never {
  throw ASK_ZOD;
}

/** Plain objects only (zod also takes class instances such as `Date` or `Map`, which are left to it). */
function plainObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return unknown();
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return unknown();
  return value as Record<string, unknown>;
}
/** The object's own enumerable keys, each one of `known` (zod's strict objects read no others). */
function strictKeys(value: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  for (const key of Object.keys(value)) if (!known.has(key)) unknown();
  return value;
}
function string(value: unknown, minLength = 0): string {
  if (typeof value !== 'string' || value.length < minLength) return unknown();
  return value;
}
/** `z.string().trim().min(1)`: the trimmed string. */
function trimmed(value: unknown): string {
  const text = string(value).trim();
  return text === '' ? unknown() : text;
}
/** A dense array (zod refuses holes) of items each read by `item`, as a new array. */
function array<T>(value: unknown, item: (entry: unknown) => T, minLength = 0): T[] {
  if (!Array.isArray(value) || value.length < minLength) return unknown();
  const out: T[] = [];
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) unknown();
    out.push(item(value[i]));
  }
  return out;
}
function boolean(value: unknown): boolean {
  return typeof value === 'boolean' ? value : unknown();
}
/** What `robotsInput` (a `z.custom`) lets through: the directive parser checks the rest. */
function robotsInput(value: unknown): unknown {
  if (
    value === undefined ||
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    typeof value === 'object'
  )
    return value;
  return unknown();
}
/** A `noindex.data` value: string, finite number, boolean or null (zod's `z.number()` refuses NaN and ±Infinity). */
function dataValue(value: unknown): string | number | boolean | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  return typeof value === 'number' && Number.isFinite(value) ? value : unknown();
}
/** `z.record(z.string().min(1), dataValue | dataValue[] (non-empty))`. */
function dataConditions(
  value: unknown,
): Record<string, string | number | boolean | null | Array<string | number | boolean | null>> {
  const record = plainObject(value);
  const out: Record<string, string | number | boolean | null | Array<string | number | boolean | null>> = {};
  for (const key of Object.keys(record)) {
    // `__proto__` as an own key (from JSON) is left to zod, which copies records its own way.
    if (key === '' || key === '__proto__') unknown();
    const entry = record[key];
    out[key] = Array.isArray(entry) ? array(entry, dataValue, 1) : dataValue(entry);
  }
  return out;
}
/** Reads an optional key: absent or `undefined` is `undefined`, anything else goes through `read`. */
function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

const NOINDEX_KEYS = new Set(['collections', 'paths', 'data', 'locales']);
const RULE_KEYS = new Set(['path', 'locales', 'robots']);
const GOOGLEBOT_KEYS = new Set(['maxSnippet', 'maxImagePreview', 'maxVideoPreview']);
const IMAGE_PREVIEWS = new Set(['none', 'standard', 'large']);
const OPTION_KEYS = new Set([
  'defaults',
  'noindex',
  'rules',
  'frontMatterKey',
  'errorPages',
  'googlebot',
  'indexable',
  'strict',
  'site',
  'robotsTxt',
  'headers',
  'audit',
  'links',
  'nosnippet',
]);

function noindex(value: unknown): NonNullable<ParsedRobotsOptions['noindex']> {
  const input = strictKeys(plainObject(value), NOINDEX_KEYS);
  const out: NonNullable<ParsedRobotsOptions['noindex']> = {};
  const collections = optional(input.collections, (list) => array(list, (name) => string(name, 1)));
  const paths = optional(input.paths, (list) => array(list, (glob) => string(glob)));
  const data = optional(input.data, dataConditions);
  const locales = optional(input.locales, (list) => array(list, trimmed));
  if (collections) out.collections = collections;
  if (paths) out.paths = paths;
  if (data) out.data = data;
  if (locales) out.locales = locales;
  return out;
}
function rule(value: unknown): NonNullable<ParsedRobotsOptions['rules']>[number] {
  const input = strictKeys(plainObject(value), RULE_KEYS);
  // `robots` is required; an explicit `undefined` passes zod's custom check, so zod decides that case.
  if (input.robots === undefined) unknown();
  const out: NonNullable<ParsedRobotsOptions['rules']>[number] = {
    robots: robotsInput(input.robots) as NonNullable<ParsedRobotsOptions['rules']>[number]['robots'],
  };
  const path = optional(input.path, (paths) =>
    typeof paths === 'string' ? paths : array(paths, (glob) => string(glob)),
  );
  const locales = optional(input.locales, (list) => array(list, trimmed, 1));
  if (path !== undefined) out.path = path;
  if (locales) out.locales = locales;
  return out;
}
/** A whole number of at least -1 (`z.number().int().min(-1)`: safe integers only). */
function length(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= -1 ? value : unknown();
}
/** `false`, or the object form checked as `googlebotSchema` checks it. Keys given as `undefined` are left to zod, which keeps them. */
function googlebot(value: unknown): NonNullable<ParsedRobotsOptions['googlebot']> {
  if (value === false) return false;
  const input = strictKeys(plainObject(value), GOOGLEBOT_KEYS);
  const out: Exclude<NonNullable<ParsedRobotsOptions['googlebot']>, false> = {};
  if ('maxSnippet' in input) out.maxSnippet = length(input.maxSnippet);
  if ('maxVideoPreview' in input) out.maxVideoPreview = length(input.maxVideoPreview);
  if ('maxImagePreview' in input) {
    const preview = input.maxImagePreview;
    out.maxImagePreview =
      typeof preview === 'string' && IMAGE_PREVIEWS.has(preview)
        ? (preview as 'none' | 'standard' | 'large')
        : unknown();
  }
  return out;
}
/** `true`/`false`, or `{ html }` checked as `auditOptionSchema` checks it (a file name trimmed). */
function audit(value: unknown): NonNullable<ParsedRobotsOptions['audit']> {
  if (typeof value === 'boolean') return value;
  const input = strictKeys(plainObject(value), new Set(['html']));
  const html = input.html;
  if (html === undefined) return {};
  return { html: typeof html === 'boolean' ? html : trimmed(html) };
}
/**
 * `site` as `z.url()` reads it: a string the URL parser accepts. zod trims it and deletes tabs
 * and newlines first, so a value with either is left to zod; other schemes pass here and are
 * refused by normalization's own check, as after zod's.
 */
function site(value: unknown): string {
  const url = string(value);
  return url.trim() === url && !/[\t\n\r]/.test(url) && URL.canParse(url) ? url : unknown();
}
/** `robotsTxt`, `links` and `nosnippet` are `z.custom` objects, checked in detail by their own validators. */
function objectOption(value: unknown, allowFalse: boolean, allowArray: boolean): unknown {
  if (allowFalse && value === false) return value;
  if (typeof value !== 'object' || value === null || (!allowArray && Array.isArray(value))) return unknown();
  return value;
}

/**
 * The options as `robotsOptionsSchema.safeParse` returns them, or `undefined` when this check
 * cannot vouch for them (zod must then decide, and word the error). `googlebot`, `audit` and
 * `headers` are also checked against their object schemas (`headers` by `readHeaders`, the
 * plain check of `headers/options.ts`, given by callers that have loaded it: without it the
 * answer is `undefined` for options with `headers`).
 */
export function readOptionsShape(
  userOptions: unknown,
  readHeaders?: (headers: unknown) => HeadersOptions | undefined,
): ParsedRobotsOptions | undefined {
  try {
    const input = strictKeys(plainObject(userOptions), OPTION_KEYS);
    const out: ParsedRobotsOptions = {};
    if (input.defaults !== undefined) out.defaults = robotsInput(input.defaults) as ParsedRobotsOptions['defaults'];
    if (input.noindex !== undefined) out.noindex = noindex(input.noindex);
    if (input.rules !== undefined) out.rules = array(input.rules, rule);
    if (input.frontMatterKey !== undefined) out.frontMatterKey = string(input.frontMatterKey, 1);
    if (input.errorPages !== undefined) out.errorPages = array(input.errorPages, (glob) => string(glob));
    if (input.googlebot !== undefined) out.googlebot = googlebot(input.googlebot);
    if (input.indexable !== undefined) out.indexable = boolean(input.indexable);
    if (input.strict !== undefined) out.strict = boolean(input.strict);
    if (input.site !== undefined) out.site = site(input.site);
    if (input.robotsTxt !== undefined)
      out.robotsTxt = objectOption(input.robotsTxt, true, false) as ParsedRobotsOptions['robotsTxt'];
    // Vouched for by the headers module's own plain check; the value stays as given, as zod's `z.custom` keeps it.
    if (input.headers !== undefined)
      out.headers =
        readHeaders?.(input.headers) === undefined ? unknown() : (input.headers as ParsedRobotsOptions['headers']);
    if (input.audit !== undefined) out.audit = audit(input.audit);
    if (input.links !== undefined) out.links = objectOption(input.links, false, true) as ParsedRobotsOptions['links'];
    if (input.nosnippet !== undefined)
      out.nosnippet = objectOption(input.nosnippet, false, true) as ParsedRobotsOptions['nosnippet'];
    return out;
  } catch (error) {
    if (error === ASK_ZOD) return undefined;
    throw error;
  }
}

/**
 * Vercel headers: the vercel.json entries robots-kit writes, reading them back and matching
 * `source` patterns (on the linear-time matcher), and the same entries as routes of the Build
 * Output API (`.vercel/output/config.json`, written by `@astrojs/vercel` and by `vercel build`),
 * which put them into the deployment the build makes.
 */
import { globToPathRegex, globToVercelSource, printRegex } from '../glob/translate.js';
import type { PlannedEntry } from './plan.js';
import { type HeaderValues, valueList } from './options.js';
import { CONTENT_USAGE } from '../directives/vocabulary.js';
import { RobotsError } from '../errors.js';
import { linearRegex, type LinearRegex, type RegexProblem } from '../glob/linear-regex.js';

/**
 * How our entries are found again in a `vercel.json`: Vercel's schema allows no extra
 * keys, so each carries a condition that always holds (no request sends this header).
 */
export const VERCEL_MARKER = { type: 'header', key: 'x-robots-kit-generated' } as const;
export interface VercelHeaderEntry {
  source: string;
  headers: Array<{ key: string; value: string }>;
  missing: Array<{ type: string; key: string }>;
}
function vercelEntry(source: string, values: HeaderValues): VercelHeaderEntry {
  const list = valueList(values);
  // Vercel keeps one value per header key: the values are joined, every crawler's first.
  const headers = list.length === 0 ? [] : [{ key: 'X-Robots-Tag', value: list.join(', ') }];
  if (values.contentUsage !== undefined) headers.push({ key: CONTENT_USAGE, value: values.contentUsage });
  return { source, headers, missing: [{ ...VERCEL_MARKER }] };
}
/** Vercel applies every matching entry and a later one replaces the header: the most specific comes last. */
export function vercelEntries(planned: readonly PlannedEntry[]): VercelHeaderEntry[] {
  return [...planned]
    .reverse()
    .filter((entry) => valueList(entry.values).length > 0 || entry.values.contentUsage !== undefined)
    .map((entry) => vercelEntry(globToVercelSource(entry.glob), entry.values));
}

type Token = { kind: 'char' | 'escaped' | 'name' | 'pattern' | 'modifier' | 'open' | 'close'; value: string };
type Part = string | { prefix: string; suffix: string; pattern: string; modifier: string };
const DEFAULT_PATTERN = '[^\\/]+?';
const escapeString = (text: string): string => text.replace(/([.+*?=^!:${}()[\]|/\\])/g, '\\$1');
function readGroup(source: string, start: number): { value: string; end: number } {
  let depth = 1;
  let value = '';
  let i = start + 1;
  if (source[i] === '?') throw new TypeError('pattern cannot start with "?"');
  while (i < source.length) {
    if (source[i] === '\\') {
      value += source[i++]! + (source[i++] ?? '');
      continue;
    }
    if (source[i] === ')' && --depth === 0) return { value, end: i + 1 };
    if (source[i] === '(') {
      depth++;
      if (source[i + 1] !== '?') throw new TypeError('capturing groups are not allowed');
    }
    value += source[i++];
  }
  throw new TypeError('unbalanced pattern');
}
function lex(source: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < source.length; ) {
    const char = source[i]!;
    if ('*+?'.includes(char)) tokens.push({ kind: 'modifier', value: source[i++]! });
    else if (char === '\\') tokens.push({ kind: 'escaped', value: source[(i += 2) - 1] ?? '' });
    else if (char === '{') tokens.push({ kind: 'open', value: source[i++]! });
    else if (char === '}') tokens.push({ kind: 'close', value: source[i++]! });
    else if (char === ':') {
      const name = /^\w+/.exec(source.slice(i + 1))?.[0];
      if (!name) throw new TypeError('missing parameter name');
      tokens.push({ kind: 'name', value: name });
      i += name.length + 1;
    } else if (char === '(') {
      const { value, end } = readGroup(source, i);
      if (value === '') throw new TypeError('missing pattern');
      tokens.push({ kind: 'pattern', value });
      i = end;
    } else tokens.push({ kind: 'char', value: source[i++]! });
  }
  return tokens;
}
function parse(tokens: Token[]): Part[] {
  const parts: Part[] = [];
  let path = '';
  let i = 0;
  const take = (kind: Token['kind']) => (tokens[i]?.kind === kind ? tokens[i++]!.value : undefined);
  const text = () => {
    let value = '';
    for (let next = take('char') ?? take('escaped'); next !== undefined; next = take('char') ?? take('escaped'))
      value += next;
    return value;
  };
  while (i < tokens.length) {
    const char = take('char');
    const name = take('name');
    const pattern = take('pattern');
    if (name !== undefined || pattern !== undefined) {
      let prefix = char ?? '';
      if (!'./'.includes(prefix) || prefix === '') {
        path += prefix;
        prefix = '';
      }
      if (path) parts.push(path);
      path = '';
      parts.push({ prefix, suffix: '', pattern: pattern ?? DEFAULT_PATTERN, modifier: take('modifier') ?? '' });
      continue;
    }
    const value = char ?? take('escaped');
    if (value !== undefined) {
      path += value;
      continue;
    }
    if (path) parts.push(path);
    path = '';
    if (take('open') === undefined) throw new TypeError(`unexpected ${tokens[i]!.kind}`);
    const prefix = text();
    const groupName = take('name');
    const groupPattern = take('pattern');
    const suffix = text();
    if (take('close') === undefined) throw new TypeError('expected }');
    parts.push({
      prefix,
      suffix,
      pattern: groupName !== undefined && groupPattern === undefined ? DEFAULT_PATTERN : (groupPattern ?? ''),
      modifier: take('modifier') ?? '',
    });
  }
  if (path) parts.push(path);
  return parts;
}
/**
 * The regex source Vercel matches a `source` with: path-to-regexp 6 with `strict`, `sensitive`
 * and `/` as delimiter, as `@vercel/routing-utils` compiles it. Throws `TypeError` for a
 * source path-to-regexp refuses.
 */
export function vercelSourcePattern(source: string): string {
  let route = '^';
  for (const part of parse(lex(source))) {
    if (typeof part === 'string') {
      route += escapeString(part);
      continue;
    }
    const prefix = escapeString(part.prefix);
    const suffix = escapeString(part.suffix);
    if (!part.pattern) route += `(?:${prefix}${suffix})${part.modifier}`;
    else if (!prefix && !suffix) route += `(${part.pattern})${part.modifier}`;
    else if (part.modifier === '+' || part.modifier === '*') {
      route += `(?:${prefix}((?:${part.pattern})(?:${suffix}${prefix}(?:${part.pattern}))*)${suffix})${part.modifier === '*' ? '?' : ''}`;
    } else route += `(?:${prefix}(${part.pattern})${suffix})${part.modifier}`;
  }
  return route + '$';
}
/**
 * A `source` compiled for the linear-time matcher (its groups are the user's own regexes:
 * `/:p((?:a|a)+b)` must not backtrack), or why it cannot be.
 */
export function vercelSourceMatcher(source: string): LinearRegex | RegexProblem {
  let pattern: string;
  try {
    pattern = vercelSourcePattern(source);
  } catch (error) {
    return { kind: 'invalid', reason: (error as Error).message };
  }
  return linearRegex(pattern);
}

export interface VercelHeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
  /** Whether robots-kit wrote the entry (it carries robots-kit's marker condition). */
  generated: boolean;
}
/** The `headers` entries of a `vercel.json` (or `vercel-headers.json`), in order. */
export function readVercelHeaders(json: string, file = 'vercel.json'): VercelHeaderRule[] {
  let config: unknown;
  try {
    config = JSON.parse(json);
  } catch (error) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      problem: 'invalid JSON',
      value: (error as Error).message,
      expected: 'a valid `vercel.json`',
    });
  }
  const headers = (config as { headers?: unknown } | null)?.headers;
  if (!Array.isArray(headers)) return [];
  return headers
    .filter(
      (entry): entry is Record<string, unknown> =>
        typeof entry === 'object' && entry !== null && typeof (entry as { source?: unknown }).source === 'string',
    )
    .map((entry) => ({
      source: entry.source as string,
      headers: (Array.isArray(entry.headers) ? entry.headers : [])
        .filter(
          (header): header is { key: string; value: string } =>
            typeof header?.key === 'string' && typeof header?.value === 'string',
        )
        .map(({ key, value }) => ({ key, value })),
      generated:
        Array.isArray(entry.missing) &&
        entry.missing.some((item: unknown) => (item as { key?: unknown } | null)?.key === VERCEL_MARKER.key),
    }));
}
/** Whether a Vercel `source` applies to a URL path; a source Vercel would reject matches nothing. */
export function matchVercelSource(source: string, urlPath: string): boolean {
  const matcher = vercelSourceMatcher(source);
  return 'test' in matcher && matcher.test(urlPath);
}

/** Where the Build Output API's routing lives, relative to the project root. */
export const VERCEL_OUTPUT_CONFIG = '.vercel/output/config.json';

/** One header route: `continue` lets routing go on, so it changes no response but its headers. */
export interface VercelHeaderRoute {
  src: string;
  headers: Record<string, string>;
  continue: true;
  missing: Array<{ type: string; key: string }>;
}
/**
 * The routes of the planned entries, most specific last (Vercel applies every matching route with
 * `continue`, a later one replacing the same header). `src` is a regex on the whole path, with or
 * without a trailing `/`; Vercel keeps one value per header, so the values are joined, every
 * crawler's first. Each route carries the marker condition of `vercel.json` entries, which no
 * request meets the other way round (no request sends the header), to be found again.
 */
export function vercelHeaderRoutes(planned: readonly PlannedEntry[]): VercelHeaderRoute[] {
  return [...planned]
    .reverse()
    .filter((entry) => valueList(entry.values).length > 0)
    .map((entry) => ({
      src: entry.glob.segments.length === 0 ? '^/$' : `^/${printRegex(globToPathRegex(entry.glob))}/?$`,
      headers: { 'X-Robots-Tag': valueList(entry.values).join(', ') },
      continue: true,
      missing: [{ ...VERCEL_MARKER }],
    }));
}
function isOurs(route: unknown): boolean {
  const missing = (route as { missing?: unknown } | null)?.missing;
  return (
    Array.isArray(missing) && missing.some((item) => (item as { key?: unknown } | null)?.key === VERCEL_MARKER.key)
  );
}
/**
 * The config with robots-kit's routes first, replacing those of an earlier build and those
 * `vercel build` carried over from robots-kit's entries in `vercel.json` (the previous build's):
 * header routes with `continue` come before `{ handle: 'filesystem' }`, where Vercel applies them
 * to static files and functions alike. The other routes and keys are kept in their order.
 */
export function mergeVercelOutputConfig(existing: string, routes: readonly VercelHeaderRoute[], file: string): string {
  let config: unknown;
  try {
    config = JSON.parse(existing);
  } catch (error) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      value: (error as Error).message,
      problem: 'invalid JSON in the Build Output API config',
      expected: 'the `config.json` your Vercel adapter or `vercel build` wrote: build again',
    });
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      value: typeof config,
      problem: 'the Build Output API config is not a JSON object',
      expected: 'an object with `version: 3` and `routes`',
    });
  }
  const record = config as Record<string, unknown>;
  const current = Array.isArray(record.routes) ? (record.routes as unknown[]) : [];
  const merged = { ...record, routes: [...routes, ...current.filter((route) => !isOurs(route))] };
  const newline = /\r\n/.test(existing) ? '\r\n' : '\n';
  const indent = /^[{[]\r?\n(\s+)/.exec(existing)?.[1] ?? (existing.includes('\n') ? '  ' : undefined);
  const text = JSON.stringify(merged, null, indent);
  return (indent === undefined ? text : text.replace(/\n/g, newline)) + (/\n$/.test(existing) ? newline : '');
}

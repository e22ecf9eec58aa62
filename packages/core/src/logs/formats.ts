/**
 * Access log formats: Common and Combined (Apache and nginx defaults), Apache `LogFormat` and nginx
 * `log_format` strings, and JSON lines with a field mapping (Netlify, Vercel and Cloudflare presets).
 * Every parser reads a line left to right once: no regular expression runs on log content.
 */
import { RobotsError, suggest } from '../errors.js';
import type { JsonFieldMap, LogFormat, LogRecord } from './types.js';

/** Reads one line; undefined when the line does not have the format's shape. */
export type LineParser = (line: string) => LogRecord | undefined;

type FieldKind = 'ip' | 'time-clf' | 'time-iso' | 'time-sec' | 'time-msec' | 'request' | 'method' | 'path' | 'query' | 'status' | 'ua' | 'skip';
type Token = { literal: string } | { field: FieldKind };

/**
 * The named formats. Combined and Common are Apache's and nginx's defaults (httpd.apache.org
 * docs/current/logs.html, nginx.org ngx_http_log_module). The JSON presets follow each host's
 * documented drain fields: Vercel https://vercel.com/docs/drains/reference/logs (`proxy.*`),
 * Cloudflare https://developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/, and
 * Netlify https://docs.netlify.com/manage/monitoring/log-drains/ (traffic logs; `client_ip` and
 * `user_agent` are named there, the other keys are those of its traffic log records: override
 * them with a `{ json }` format if your drain differs).
 */
export const LOG_FORMAT_PRESETS = {
  combined: { apache: '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"' },
  common: { apache: '%h %l %u %t "%r" %>s %b' },
  vercel: { json: { ip: 'proxy.clientIp', time: 'proxy.timestamp', method: 'proxy.method', path: 'proxy.path', status: 'proxy.statusCode', userAgent: 'proxy.userAgent' } },
  cloudflare: {
    json: { ip: 'ClientIP', time: 'EdgeStartTimestamp', method: 'ClientRequestMethod', path: 'ClientRequestURI', status: 'EdgeResponseStatus', userAgent: 'ClientRequestUserAgent' },
  },
  netlify: { json: { ip: 'client_ip', time: 'timestamp', method: 'method', path: 'url', status: 'status_code', userAgent: 'user_agent' } },
} as const satisfies Record<string, { apache: string } | { json: JsonFieldMap }>;
export type LogFormatPreset = keyof typeof LOG_FORMAT_PRESETS;
const PRESET_NAMES = Object.keys(LOG_FORMAT_PRESETS) as LogFormatPreset[];

function formatError(problem: string, value: string, expected: string, suggestion?: string): RobotsError {
  return new RobotsError({ code: 'invalid-log-format', source: 'robots-kit logs', key: 'format', value, problem, expected, ...(suggestion ? { suggestion } : {}) });
}

const APACHE_FIELDS: Readonly<Record<string, FieldKind>> = { h: 'ip', a: 'ip', t: 'time-clf', r: 'request', m: 'method', U: 'path', q: 'query', s: 'status' };
const NGINX_FIELDS: Readonly<Record<string, FieldKind>> = {
  remote_addr: 'ip',
  time_local: 'time-clf',
  time_iso8601: 'time-iso',
  msec: 'time-sec',
  request: 'request',
  request_method: 'method',
  request_uri: 'path',
  uri: 'path',
  args: 'query',
  status: 'status',
  http_user_agent: 'ua',
};
function isNameChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}
/** An Apache `LogFormat` string as literals and fields (`%{User-Agent}i`, `%>s`, `%{msec}t`, `%%`). */
function apacheTokens(format: string): Token[] {
  const tokens: Token[] = [];
  let literal = '';
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!;
    if (char !== '%') {
      literal += char;
      continue;
    }
    if (format[i + 1] === '%') {
      literal += '%';
      i++;
      continue;
    }
    let j = i + 1;
    // Modifiers: `%>s`, `%<s`, `%400,501{User-Agent}i`, `%!200a`.
    while (j < format.length && '<>!,0123456789'.includes(format[j]!)) j++;
    let argument = '';
    if (format[j] === '{') {
      const close = format.indexOf('}', j);
      if (close < 0) throw formatError('unclosed `%{` in the Apache format', format, 'a `}` after the header or time name');
      argument = format.slice(j + 1, close).toLowerCase();
      j = close + 1;
    }
    const letter = format[j];
    if (letter === undefined) throw formatError('the Apache format ends inside a directive', format, 'a directive letter after `%`, e.g. `%h`');
    let kind: FieldKind = APACHE_FIELDS[letter] ?? 'skip';
    if (letter === 'i') kind = argument === 'user-agent' ? 'ua' : 'skip';
    if (letter === 't') kind = argument === '' ? 'time-clf' : argument === 'sec' ? 'time-sec' : argument === 'msec' ? 'time-msec' : 'skip';
    if (literal) tokens.push({ literal });
    literal = '';
    tokens.push({ field: kind });
    i = j;
  }
  if (literal) tokens.push({ literal });
  return tokens;
}
/** An nginx `log_format` string as literals and fields (`$remote_addr`, `${status}`). */
function nginxTokens(format: string): Token[] {
  const tokens: Token[] = [];
  let literal = '';
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '$') {
      literal += format[i];
      continue;
    }
    const braced = format[i + 1] === '{';
    let j = braced ? i + 2 : i + 1;
    const start = j;
    while (j < format.length && isNameChar(format.charCodeAt(j))) j++;
    if (j === start || (braced && format[j] !== '}')) throw formatError('a `$` without a variable name in the nginx format', format, 'variables such as `$remote_addr`');
    const name = format.slice(start, j);
    if (literal) tokens.push({ literal });
    literal = '';
    tokens.push({ field: NGINX_FIELDS[name] ?? 'skip' });
    i = braced ? j : j - 1;
  }
  if (literal) tokens.push({ literal });
  return tokens;
}

/** Fields with nothing between them cannot be split, except a path followed by its query (`%U%q`). */
function checkTokens(tokens: Token[], format: string): Token[] {
  const merged: Token[] = [];
  for (const token of tokens) {
    const previous = merged.at(-1);
    if (previous && 'field' in previous && 'field' in token) {
      if (previous.field === 'path' && token.field === 'query') continue;
      throw formatError('two fields with nothing between them', format, 'a separator such as a space between every two fields');
    }
    merged.push(token);
  }
  const kinds = new Set(merged.flatMap((token) => ('field' in token ? [token.field] : [])));
  // Without a user agent (Common Log Format) lines still count, but no crawler can be named.
  if (!kinds.has('ip') || !(kinds.has('request') || kinds.has('path'))) {
    throw formatError('the format lacks the client address or the request', format, 'a format that logs `%h`/`$remote_addr` and `%r`/`$request`');
  }
  return merged;
}

const MONTHS: Readonly<Record<string, number>> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return NaN;
    value = value * 10 + code;
  }
  return value;
}
let lastClf = '';
let lastClfTime = NaN;
/** `10/Oct/2000:13:55:36 -0700` to milliseconds (consecutive lines share a second, so the last one is kept). */
export function parseClfTime(text: string): number {
  if (text === lastClf) return lastClfTime;
  // Apache's `%t` writes the brackets itself; nginx formats put them around `$time_local`.
  if (text.startsWith('[')) return parseClfTime(text.slice(1, text.endsWith(']') ? -1 : undefined));
  const month = MONTHS[text.slice(3, 6)];
  if (text.length < 26 || month === undefined) return NaN;
  const offset = (digits(text, 22, 24) * 60 + digits(text, 24, 26)) * (text[21] === '-' ? -1 : 1);
  const time = Date.UTC(digits(text, 7, 11), month, digits(text, 0, 2), digits(text, 12, 14), digits(text, 15, 17), digits(text, 18, 20)) - offset * 60_000;
  lastClf = text;
  lastClfTime = time;
  return time;
}
/** A JSON or numeric time: seconds, milliseconds, microseconds or nanoseconds by magnitude, or an ISO 8601 string. */
export function parseAnyTime(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : NaN;
  if (!Number.isNaN(number)) return number > 1e17 ? number / 1e6 : number > 1e14 ? number / 1e3 : number > 1e11 ? number : number * 1000;
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

/** Where `literal` starts at or after `from`, skipping quotes escaped with a backslash when the field is quoted. */
function findLiteral(line: string, literal: string, from: number, quoted: boolean): number {
  let at = line.indexOf(literal, from);
  while (quoted && at > 0) {
    let backslashes = 0;
    for (let i = at - 1; i >= from && line.charCodeAt(i) === 92; i--) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = line.indexOf(literal, at + 1);
  }
  return at;
}
function splitRequest(record: LogRecord, request: string): void {
  const first = request.indexOf(' ');
  if (first < 0) return;
  const last = request.lastIndexOf(' ');
  record.method = request.slice(0, first);
  record.target = last > first ? request.slice(first + 1, last) : request.slice(first + 1);
}
function tokenParser(tokens: Token[]): LineParser {
  const count = tokens.length;
  return (line) => {
    const record: LogRecord = { ip: '', time: NaN, method: '', target: '', status: 0, userAgent: '' };
    let pos = 0;
    for (let i = 0; i < count; i++) {
      const token = tokens[i]!;
      if ('literal' in token) {
        if (!line.startsWith(token.literal, pos)) return undefined;
        pos += token.literal.length;
        continue;
      }
      const next = tokens[i + 1] as { literal: string } | undefined;
      let end = line.length;
      if (next) {
        const previous = tokens[i - 1] as { literal: string } | undefined;
        end = findLiteral(line, next.literal, pos, previous?.literal.endsWith('"') === true && next.literal.startsWith('"'));
        if (end < 0) return undefined;
      } else if (line.charCodeAt(end - 1) === 13) end--;
      const kind = token.field;
      if (kind !== 'skip') {
        const value = line.slice(pos, end);
        if (kind === 'ip') record.ip = value;
        else if (kind === 'ua') record.userAgent = value === '-' ? '' : value;
        else if (kind === 'request') splitRequest(record, value);
        else if (kind === 'status') record.status = digits(value, 0, value.length) || 0;
        else if (kind === 'time-clf') record.time = parseClfTime(value);
        else if (kind === 'time-iso') record.time = Date.parse(value);
        else if (kind === 'time-sec') record.time = Number(value) * 1000;
        else if (kind === 'time-msec') record.time = Number(value);
        else if (kind === 'method') record.method = value;
        else if (kind === 'path') record.target = value;
        else if (kind === 'query' && value !== '' && value !== '-') record.target += value.startsWith('?') ? value : `?${value}`;
      }
      pos = end;
    }
    return record.ip === '' ? undefined : record;
  };
}

function fieldAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
function text(value: unknown): string {
  if (Array.isArray(value)) return text(value[0]);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
function jsonParser(fields: JsonFieldMap): LineParser {
  // Keys with dots are looked up whole first (`trace.id` style), then as paths.
  const paths = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value).split('.')])) as Record<keyof JsonFieldMap, string[]>;
  const get = (object: Record<string, unknown>, key: keyof JsonFieldMap): unknown =>
    fields[key] === undefined ? undefined : (object[fields[key]] ?? fieldAt(object, paths[key]));
  return (line) => {
    let object: unknown;
    try {
      object = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (object === null || typeof object !== 'object' || Array.isArray(object)) return undefined;
    const entry = object as Record<string, unknown>;
    const ip = text(get(entry, 'ip'));
    if (ip === '') return undefined;
    return {
      ip,
      time: parseAnyTime(get(entry, 'time')),
      method: text(get(entry, 'method')),
      target: text(get(entry, 'path')),
      status: Number(get(entry, 'status')) || 0,
      userAgent: text(get(entry, 'userAgent')),
    };
  };
}

/** A parser for a format other than `auto`; throws `RobotsError` for a bad format string or preset name. */
export function compileLogFormat(format: Exclude<LogFormat, 'auto'>): LineParser {
  if (typeof format === 'string') {
    const preset = LOG_FORMAT_PRESETS[format] as { apache: string } | { json: JsonFieldMap } | undefined;
    if (!preset) throw formatError('unknown log format', format, ['auto', ...PRESET_NAMES].map((name) => `\`${name}\``).join(', '), suggest(format, PRESET_NAMES));
    return compileLogFormat(preset);
  }
  if ('apache' in format) return tokenParser(checkTokens(apacheTokens(format.apache), format.apache));
  if ('nginx' in format) return tokenParser(checkTokens(nginxTokens(format.nginx), format.nginx));
  for (const key of ['ip', 'time', 'path', 'userAgent'] as const) {
    if (typeof format.json[key] !== 'string' || format.json[key] === '') throw formatError(`the JSON field map has no \`${key}\``, JSON.stringify(format.json), 'field paths for ip, time, path and userAgent');
  }
  return jsonParser(format.json);
}

/** The format of a log from its first non-empty line, or undefined when none fits. */
export function detectLogFormat(firstLine: string): LogFormatPreset | undefined {
  const trimmed = firstLine.trimStart();
  if (trimmed.startsWith('{')) {
    let object: unknown;
    try {
      object = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
    if (object === null || typeof object !== 'object') return undefined;
    if ('proxy' in object) return 'vercel';
    if ('ClientIP' in object) return 'cloudflare';
    if ('client_ip' in object) return 'netlify';
    return undefined;
  }
  if (compileLogFormat('combined')(firstLine)) return 'combined';
  return compileLogFormat('common')(firstLine) ? 'common' : undefined;
}

/** A format as the report names it: the preset name, or `apache: …`, `nginx: …`, `json`. */
export function describeLogFormat(format: LogFormat): string {
  if (typeof format === 'string') return format;
  return 'apache' in format ? `apache: ${format.apache}` : 'nginx' in format ? `nginx: ${format.nginx}` : 'json';
}

/**
 * Access log formats: Common and Combined (Apache and nginx defaults), Apache `LogFormat` and nginx
 * `log_format` strings, and JSON lines with a field mapping (Netlify, Vercel and Cloudflare presets).
 * Every parser reads a line left to right once: no regular expression runs on log content.
 */
import { RobotsError } from '@robots-kit/core';
import { suggest } from '@robots-kit/core/internal/adapter';
import { LOGS_PACKAGE, type JsonFieldMap, type LogFormat, type LogRecord } from './types.js';

/** Reads one line; undefined when the line does not have the format's shape. */
export type LineParser = (line: string) => LogRecord | undefined;

type FieldKind =
  | 'ip'
  | 'time-clf'
  | 'time-iso'
  | 'time-sec'
  | 'time-msec'
  | 'request'
  | 'method'
  | 'path'
  | 'query'
  | 'status'
  | 'ua'
  | 'skip';
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
  vercel: {
    json: {
      ip: 'proxy.clientIp',
      time: 'proxy.timestamp',
      method: 'proxy.method',
      path: 'proxy.path',
      status: 'proxy.statusCode',
      userAgent: 'proxy.userAgent',
    },
  },
  cloudflare: {
    json: {
      ip: 'ClientIP',
      time: 'EdgeStartTimestamp',
      method: 'ClientRequestMethod',
      path: 'ClientRequestURI',
      status: 'EdgeResponseStatus',
      userAgent: 'ClientRequestUserAgent',
    },
  },
  netlify: {
    json: {
      ip: 'client_ip',
      time: 'timestamp',
      method: 'method',
      path: 'url',
      status: 'status_code',
      userAgent: 'user_agent',
    },
  },
} as const satisfies Record<string, { apache: string } | { json: JsonFieldMap }>;
export type LogFormatPreset = keyof typeof LOG_FORMAT_PRESETS;
const PRESET_NAMES = Object.keys(LOG_FORMAT_PRESETS) as LogFormatPreset[];

function formatError(problem: string, value: string, expected: string, suggestion?: string): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-log-format',
    source: 'robots-kit logs',
    key: 'format',
    value,
    problem,
    expected,
    ...(suggestion ? { suggestion } : {}),
  });
}

const APACHE_FIELDS: Readonly<Record<string, FieldKind>> = {
  h: 'ip',
  a: 'ip',
  t: 'time-clf',
  r: 'request',
  m: 'method',
  U: 'path',
  q: 'query',
  s: 'status',
};
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
      if (close < 0)
        throw formatError('unclosed `%{` in the Apache format', format, 'a `}` after the header or time name');
      argument = format.slice(j + 1, close).toLowerCase();
      j = close + 1;
    }
    const letter = format[j];
    if (letter === undefined)
      throw formatError('the Apache format ends inside a directive', format, 'a directive letter after `%`, e.g. `%h`');
    let kind: FieldKind = APACHE_FIELDS[letter] ?? 'skip';
    if (letter === 'i') kind = argument === 'user-agent' ? 'ua' : 'skip';
    if (letter === 't')
      kind =
        argument === '' ? 'time-clf' : argument === 'sec' ? 'time-sec' : argument === 'msec' ? 'time-msec' : 'skip';
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
    if (j === start || (braced && format[j] !== '}'))
      throw formatError(
        'a `$` without a variable name in the nginx format',
        format,
        'variables such as `$remote_addr`',
      );
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
      throw formatError(
        'two fields with nothing between them',
        format,
        'a separator such as a space between every two fields',
      );
    }
    merged.push(token);
  }
  const kinds = new Set(merged.flatMap((token) => ('field' in token ? [token.field] : [])));
  // Without a user agent (Common Log Format) lines still count, but no crawler can be named.
  if (!kinds.has('ip') || !(kinds.has('request') || kinds.has('path'))) {
    throw formatError(
      'the format lacks the client address or the request',
      format,
      'a format that logs `%h`/`$remote_addr` and `%r`/`$request`',
    );
  }
  return merged;
}

/** `Jan` … `Dec` as three character codes in one number (see {@link monthKey}), in month order. */
const MONTH_KEYS: readonly number[] = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
].map((name) => monthKey(name, 0));
function monthKey(text: string, at: number): number {
  const first = text.charCodeAt(at);
  const second = text.charCodeAt(at + 1);
  const third = text.charCodeAt(at + 2);
  // Only ASCII can spell a month; anything else must not alias one.
  return (first | second | third) > 127 ? -1 : (first << 16) | (second << 8) | third;
}
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return NaN;
    value = value * 10 + code;
  }
  return value;
}
// Consecutive lines share a day and a zone: the day's start in UTC is kept, keyed by the day,
// month, year and offset read as numbers, so a line costs a few digits and no string or date
// object (the time of day is added as milliseconds, as `Date.UTC` adds it).
let lastDay = NaN;
let lastMonth = NaN;
let lastYear = NaN;
let lastOffset = NaN;
let lastDayStart = NaN;
/** `10/Oct/2000:13:55:36 -0700` (brackets allowed) at `text[start, end)` to milliseconds, or NaN. */
export function parseClfTime(text: string, start = 0, end = text.length): number {
  // Apache's `%t` writes the brackets itself; nginx formats put them around `$time_local`.
  if (text.charCodeAt(start) === 91) start++;
  if (text.charCodeAt(end - 1) === 93) end--;
  if (end - start !== 26) return NaN;
  const day = digits(text, start, start + 2);
  const month = monthKey(text, start + 3);
  const year = digits(text, start + 7, start + 11);
  const offset =
    (digits(text, start + 22, start + 24) * 60 + digits(text, start + 24, start + 26)) *
    (text.charCodeAt(start + 21) === 45 ? -1 : 1);
  if (day !== lastDay || month !== lastMonth || year !== lastYear || offset !== lastOffset) {
    const index = MONTH_KEYS.indexOf(month);
    if (index < 0) return NaN;
    const dayStart = Date.UTC(year, index, day) - offset * 60_000;
    if (Number.isNaN(dayStart)) return NaN;
    lastDay = day;
    lastMonth = month;
    lastYear = year;
    lastOffset = offset;
    lastDayStart = dayStart;
  }
  return (
    lastDayStart +
    digits(text, start + 12, start + 14) * 3_600_000 +
    digits(text, start + 15, start + 17) * 60_000 +
    digits(text, start + 18, start + 20) * 1000
  );
}
/** A JSON or numeric time: seconds, milliseconds, microseconds or nanoseconds by magnitude, or an ISO 8601 string. */
export function parseAnyTime(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))
        ? Number(value)
        : NaN;
  if (!Number.isNaN(number))
    return number > 1e17 ? number / 1e6 : number > 1e14 ? number / 1e3 : number > 1e11 ? number : number * 1000;
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
/** `GET /path HTTP/1.1` at `line[start, end)`: the method and the target between the first and last spaces. */
function splitRequest(record: LogRecord, line: string, start: number, end: number): void {
  const first = line.indexOf(' ', start);
  if (first < 0 || first >= end) return;
  // The protocol is a few characters before `end`: scanning back is cheaper than `lastIndexOf`,
  // which engines run outside their fast string paths.
  let last = end - 1;
  while (last > first && line.charCodeAt(last) !== 32) last--;
  record.method = line.slice(start, first);
  record.target = last > first ? line.slice(first + 1, last) : line.slice(first + 1, end);
}
const FIELD_CODES: readonly FieldKind[] = [
  'skip',
  'ip',
  'time-clf',
  'time-iso',
  'time-sec',
  'time-msec',
  'request',
  'method',
  'path',
  'query',
  'status',
  'ua',
];
function tokenParser(tokens: Token[]): LineParser {
  // Flattened once: per token, the literal to match (or '' for a field), the field code, and
  // whether a field sits between quotes (so `\"` inside it does not end it).
  const count = tokens.length;
  const literals = tokens.map((token) => ('literal' in token ? token.literal : ''));
  const fields = Int8Array.from(tokens.map((token) => ('field' in token ? FIELD_CODES.indexOf(token.field) : -1)));
  const quoted = tokens.map((_, i) => (literals[i - 1] ?? '').endsWith('"') && (literals[i + 1] ?? '').startsWith('"'));
  // Most literals are one character (a space, a quote): compared by code, not as a string.
  const single = Int32Array.from(literals, (literal) => (literal.length === 1 ? literal.charCodeAt(0) : -1));
  return (line) => {
    const record: LogRecord = { ip: '', time: NaN, method: '', target: '', status: 0, userAgent: '' };
    let pos = 0;
    for (let i = 0; i < count; i++) {
      const field = fields[i]!;
      if (field < 0) {
        const code = single[i]!;
        if (code >= 0) {
          if (line.charCodeAt(pos) !== code) return undefined;
          pos++;
          continue;
        }
        const literal = literals[i]!;
        if (!line.startsWith(literal, pos)) return undefined;
        pos += literal.length;
        continue;
      }
      let end = line.length;
      if (i + 1 < count) {
        end = findLiteral(line, literals[i + 1]!, pos, quoted[i]!);
        if (end < 0) return undefined;
      } else if (line.charCodeAt(end - 1) === 13) end--;
      switch (field) {
        case 1:
          record.ip = line.slice(pos, end);
          break;
        case 2:
          record.time = parseClfTime(line, pos, end);
          break;
        case 3:
          record.time = Date.parse(line.slice(pos, end));
          break;
        case 4:
          record.time = Number(line.slice(pos, end)) * 1000;
          break;
        case 5:
          record.time = Number(line.slice(pos, end));
          break;
        case 6:
          splitRequest(record, line, pos, end);
          break;
        case 7:
          record.method = line.slice(pos, end);
          break;
        case 8:
          record.target = line.slice(pos, end);
          break;
        case 9:
          if (end > pos && !(end === pos + 1 && line.charCodeAt(pos) === 45))
            record.target += line.charCodeAt(pos) === 63 ? line.slice(pos, end) : `?${line.slice(pos, end)}`;
          break;
        case 10:
          record.status = digits(line, pos, end) || 0;
          break;
        case 11:
          record.userAgent = end === pos + 1 && line.charCodeAt(pos) === 45 ? '' : line.slice(pos, end);
          break;
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
/** A field's value as text: strings and numbers only (the first of an array of them); nothing is recursed into. */
function text(value: unknown): string {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : typeof first === 'number' ? String(first) : '';
}
function scalar(value: unknown): unknown {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
function jsonParser(fields: JsonFieldMap): LineParser {
  // Keys with dots are looked up whole first (`trace.id` style), then as paths.
  const paths = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, String(value).split('.')]),
  ) as Record<keyof JsonFieldMap, string[]>;
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
      time: parseAnyTime(scalar(get(entry, 'time'))),
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
    if (!preset)
      throw formatError(
        'unknown log format',
        format,
        ['auto', ...PRESET_NAMES].map((name) => `\`${name}\``).join(', '),
        suggest(format, PRESET_NAMES),
      );
    return compileLogFormat(preset);
  }
  if ('apache' in format) return tokenParser(checkTokens(apacheTokens(format.apache), format.apache));
  if ('nginx' in format) return tokenParser(checkTokens(nginxTokens(format.nginx), format.nginx));
  for (const key of ['ip', 'time', 'path', 'userAgent'] as const) {
    if (typeof format.json[key] !== 'string' || format.json[key] === '')
      throw formatError(
        `the JSON field map has no \`${key}\``,
        JSON.stringify(format.json),
        'field paths for ip, time, path and userAgent',
      );
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

/**
 * parseRobotsTxt: a port of Google's parser (typos it accepts, product tokens, groups), linear
 * time, no RegExp on user patterns. Diagnostics are worked out only when someone reads them.
 */
import {
  binaryStringToText,
  classifyOtherKey,
  escapePattern,
  asciiLowerCase,
  isAbsoluteUrl,
  isAsciiWhitespace,
  readLines,
  toBinaryString,
  type RobotsLine,
  type RobotsOtherKeyClass,
} from './bytes.js';
import {
  MAX_ROBOTS_TXT_BYTES,
  type RobotsKeyType,
  type RobotsTxtDiagnostic,
  type RobotsTxtDiagnosticCode,
  type ParsedRobotsGroup,
  type ParsedRobotsTxt,
  type ParseRobotsTxtOptions,
} from './types.js';
import { suggest } from '../errors.js';

/** A line of a robots.txt and Google's reading of it. */
export interface RobotsTxtToken {
  /** 1-based line number. */
  line: number;
  /** The whole line as written, decoded as UTF-8, without its line ending. */
  text: string;
  /** Nothing but whitespace and a comment (or nothing at all). */
  isBlankOrComment: boolean;
  /** The group the line belongs to, as Google groups lines; -1 before the first `User-agent`. */
  group: number;
  /** Google's key/value reading; undefined when Google ignores the line. */
  directive?: RobotsTxtDirective;
}
/** A key/value line. */
export interface RobotsTxtDirective extends RobotsOtherKeyClass {
  type: RobotsKeyType;
  /** The key as written. */
  key: string;
  /** The value as written, decoded as UTF-8. */
  value: string;
}
/** The key and value of a line, decoded for display and messages. */
function readDirective(binary: string, line: RobotsLine): RobotsTxtDirective | undefined {
  if (line.type === undefined) return undefined;
  const key = binaryStringToText(binary.slice(line.keyStart, line.keyEnd));
  const value = binaryStringToText(binary.slice(line.valueStart, line.valueEnd));
  return { type: line.type, key, value, ...(line.type === 'unknown' ? classifyOtherKey(key) : {}) };
}
/**
 * Reads a body line by line as Google's parser does, keeping each line's text
 * (for the document that merges a site's robots.txt with ours).
 *
 * @param binary - the body as a binary string
 */
export function tokenize(binary: string): RobotsTxtToken[] {
  const tokens: RobotsTxtToken[] = [];
  readLines(binary, binary.length, (line) => {
    const directive = readDirective(binary, line);
    const text = binaryStringToText(binary.slice(line.start, line.end));
    tokens.push({
      line: line.number,
      text,
      isBlankOrComment: line.blank,
      group: line.group,
      ...(directive ? { directive } : {}),
    });
  });
  return tokens;
}

/**
 * Google's `ExtractUserAgent`: the leading run of `[A-Za-z_-]`, which is what
 * Google compares with a crawler's name (`Googlebot/2.1` → `Googlebot`).
 */
export function extractProductToken(userAgent: string): string {
  let end = 0;
  while (end < userAgent.length && isProductTokenChar(userAgent.charCodeAt(end))) end++;
  return userAgent.slice(0, end);
}
/** `[A-Za-z_-]`, the characters of a product token. */
export function isProductTokenChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x2d || code === 0x5f;
}
/**
 * Google's `IsValidUserAgentToObey` (and RFC 9309's product token): non-empty
 * and made only of letters, `-` and `_`.
 */
export function isValidProductToken(userAgent: string): boolean {
  return userAgent !== '' && extractProductToken(userAgent) === userAgent;
}
/** Google reads `*`, and `*` followed by whitespace and anything, as the global group. */
export function isGlobalUserAgent(value: string): boolean {
  return value.charCodeAt(0) === 0x2a && (value.length === 1 || isAsciiWhitespace(value.charCodeAt(1)));
}

/**
 * Which crawlers a set of `User-agent` values names, as one comparable string, for merging groups.
 * Tokens are compared with their digits (`AI2Bot` and `AI3Bot` are two crawlers that match their
 * whole token), although Google's matcher reads both as `AI`.
 */
export function userAgentIdentity(values: readonly string[]): string {
  const names = values.map((value) => {
    if (isGlobalUserAgent(value)) return '*';
    const token = /^[A-Za-z_-][A-Za-z0-9_-]*/.exec(value)?.[0] ?? '';
    return token === '' ? 'raw:' + value : asciiLowerCase(token);
  });
  return [...new Set(names)].sort().join('\n');
}

/** A `Crawl-delay` value in seconds: a non-negative decimal number, else undefined. */
export function parseCrawlDelay(value: string): number | undefined {
  return /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : undefined;
}

const MAX_TEXT = 200;
/** What the parser found wrong with a line; turned into a diagnostic only when diagnostics are read. */
type Problem = [code: RobotsTxtDiagnosticCode, severity: RobotsTxtDiagnostic['severity'], reason: string];
const CANONICAL_KEYS = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
} as const;
const KNOWN_KEYS = [...Object.values(CANONICAL_KEYS), 'Crawl-delay', 'Content-Signal', 'Content-Usage', 'License'];
// suggest costs about a millisecond per key of normal length and grows with the key's length
// times the candidates': keys longer than any candidate by far cannot be close to one, and a
// hostile file may hold thousands of distinct unknown keys.
const MAX_SUGGESTED_KEY_LENGTH = 64;
const MAX_SUGGESTED_KEYS = 64;
/**
 * The did-you-mean for unknown keys of one file: each distinct key looked up once, keys longer
 * than 64 characters and keys after the 64th distinct one get none.
 */
function suggester(): (key: string) => string | undefined {
  const suggestions = new Map<string, string | undefined>();
  return (key) => {
    if (suggestions.has(key)) return suggestions.get(key);
    if (key.length > MAX_SUGGESTED_KEY_LENGTH || suggestions.size >= MAX_SUGGESTED_KEYS) return undefined;
    const suggestion = suggest(key, KNOWN_KEYS);
    suggestions.set(key, suggestion);
    return suggestion;
  };
}
function unknownKeyProblem(
  directive: RobotsTxtDirective,
  suggestKey: (key: string) => string | undefined,
): Problem | undefined {
  if (directive.other) return undefined;
  if (directive.unsupported) {
    return [
      'unsupported-directive',
      'error',
      `Google stopped reading \`${directive.key}\` in robots.txt in 2019; use a robots meta tag or an X-Robots-Tag header instead`,
    ];
  }
  const suggestion = suggestKey(directive.key);
  return [
    'unknown-directive',
    'error',
    `unknown key \`${directive.key}\`; crawlers ignore the line` +
      (suggestion ? ` (did you mean \`${suggestion}\`?)` : ''),
  ];
}
/** What is wrong with a key/value line on its own (its place in the file is checked by the parser). */
function directiveProblem(
  line: RobotsLine,
  directive: RobotsTxtDirective,
  suggestKey: (key: string) => string | undefined,
): Problem | undefined {
  const { type, key, value } = directive;
  if (type === 'unknown') return unknownKeyProblem(directive, suggestKey);
  if (line.typo)
    return [
      'accepted-typo',
      'warning',
      `Google accepts \`${key}\` as \`${CANONICAL_KEYS[type]}\`, other crawlers may not`,
    ];
  if (line.missingColon)
    return ['missing-colon', 'warning', 'Google accepts a missing `:` after the key, other crawlers may not'];
  if (type === 'user-agent' && !isGlobalUserAgent(value)) {
    const productToken = extractProductToken(value);
    if (productToken === '')
      return [
        'invalid-user-agent',
        'error',
        'the user-agent does not start with a product token (letters, `-`, `_`), so no crawler matches it',
      ];
    if (productToken !== value)
      return [
        'user-agent-truncated',
        'warning',
        `Google reads this user-agent as \`${productToken}\` (a product token is letters, \`-\` and \`_\` only)`,
      ];
  }
  if (type === 'sitemap' && !isAbsoluteUrl(value))
    return ['relative-sitemap', 'error', 'a sitemap must be a full URL (`https://…`); crawlers ignore a relative one'];
  return undefined;
}
/** The diagnostic for a line, quoting it (cut to 200 characters). */
function diagnosticAt(
  binary: string,
  line: Pick<RobotsLine, 'number' | 'start' | 'end'>,
  [code, severity, reason]: Problem,
): RobotsTxtDiagnostic {
  // Decode at most what is quoted (4 bytes per character), however long the line.
  const text = binaryStringToText(binary.slice(line.start, Math.min(line.end, line.start + 4 * MAX_TEXT + 4)));
  return {
    code,
    severity,
    line: line.number,
    reason,
    text: text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) + '…' : text,
  };
}

function groupAt(parsed: ParsedRobotsTxt, index: number, line: number): ParsedRobotsGroup {
  let group = parsed.groups[index];
  if (!group) {
    group = { index, userAgents: [], rules: [], startLine: line, endLine: line };
    parsed.groups.push(group);
  }
  group.endLine = line;
  return group;
}
function readCrawlDelay(group: ParsedRobotsGroup, line: number, value: string): Problem | undefined {
  const seconds = parseCrawlDelay(value);
  if (seconds === undefined) return ['invalid-crawl-delay', 'error', `\`${value}\` is not a number of seconds`];
  if (group.crawlDelay !== undefined) {
    return [
      'duplicate-crawl-delay',
      'error',
      `ignored: this group already has a Crawl-delay on line ${group.crawlDelayLine} (Google reads User-agent lines with no Allow or Disallow between them as one group)`,
    ];
  }
  group.crawlDelay = seconds;
  group.crawlDelayLine = line;
  return undefined;
}
/** Files a line of a known key in the parse result; returns what was wrong with its place, if anything. */
function fileLine(parsed: ParsedRobotsTxt, binary: string, line: RobotsLine): Problem | undefined {
  const { number, group, type } = line;
  const value = binary.slice(line.valueStart, line.valueEnd);
  if (type === 'sitemap') {
    parsed.sitemaps.push({ url: binaryStringToText(value), line: number });
  } else if (type === 'user-agent') {
    const isGlobal = isGlobalUserAgent(value);
    groupAt(parsed, group, number).userAgents.push({
      value: binaryStringToText(value),
      productToken: isGlobal ? '' : extractProductToken(value),
      isGlobal,
      line: number,
    });
  } else if (type === 'allow' || type === 'disallow') {
    if (group === -1)
      return [
        'rule-outside-group',
        'error',
        'a rule before any User-agent line belongs to no group; crawlers ignore it',
      ];
    groupAt(parsed, group, number).rules.push({
      type,
      value: binaryStringToText(value),
      pattern: escapePattern(value),
      line: number,
    });
  } else {
    const rawKey = binaryStringToText(binary.slice(line.keyStart, line.keyEnd));
    const { other } = classifyOtherKey(rawKey);
    if (other === 'crawl-delay') {
      if (group === -1)
        return [
          'record-outside-group',
          'error',
          'a Crawl-delay before any User-agent line belongs to no group; crawlers ignore it',
        ];
      return readCrawlDelay(groupAt(parsed, group, number), number, binaryStringToText(value));
    }
    if (!other) return undefined;
    if (group !== -1) groupAt(parsed, group, number);
    parsed.otherLines.push({
      key: other,
      rawKey,
      value: binaryStringToText(value),
      line: number,
      ...(group === -1 ? {} : { groupIndex: group }),
    });
  }
  return undefined;
}
/** What is wrong with a line, in the order an audit reports it: its place, the line itself, its length. */
function lineProblem(
  binary: string,
  line: RobotsLine,
  placeProblem: Problem | undefined,
  suggestKey: (key: string) => string | undefined,
): Problem | undefined {
  const directive = readDirective(binary, line);
  let problem = placeProblem;
  if (!problem && directive) problem = directiveProblem(line, directive, suggestKey);
  if (!problem && !directive && !line.blank)
    problem = ['invalid-syntax', 'error', 'not a `key: value` line; crawlers ignore it'];
  if (!problem && line.tooLong)
    problem = ['line-too-long', 'warning', 'Google reads only the first 16,663 bytes of a line'];
  return problem;
}
/**
 * Reads a binary body into groups, sitemaps and other lines; with
 * `diagnostics`, also what crawlers cannot use, one diagnostic per line.
 */
function readBody(binary: string, maxBytes: number, diagnostics?: RobotsTxtDiagnostic[]): ParsedRobotsTxt {
  const length = Math.min(binary.length, maxBytes);
  const parsed: ParsedRobotsTxt = {
    groups: [],
    sitemaps: [],
    otherLines: [],
    diagnostics: diagnostics ?? [],
    lineCount: 0,
    byteLength: binary.length,
    truncated: binary.length > length,
  };
  const last = { number: 0, start: 0, end: 0 };
  const suggestKey = suggester();
  parsed.lineCount = readLines(binary, length, (line) => {
    const placeProblem = line.type === undefined ? undefined : fileLine(parsed, binary, line);
    if (!diagnostics) return;
    const problem = line.blank && !line.tooLong ? undefined : lineProblem(binary, line, placeProblem, suggestKey);
    if (problem) diagnostics.push(diagnosticAt(binary, line, problem));
    last.number = line.number;
    last.start = line.start;
    last.end = line.end;
  });
  if (diagnostics && parsed.truncated) {
    diagnostics.push(
      diagnosticAt(binary, last, [
        'file-too-large',
        'error',
        `the file is ${binary.length} bytes; Google ignores everything after the first ${maxBytes}`,
      ]),
    );
  }
  return parsed;
}

/**
 * Parses a robots.txt exactly as Google's open-source parser reads it
 * (google/robotstxt): LF/CR/CRLF lines, a leading byte order mark skipped,
 * `#` comments, keys matched by prefix ignoring case with Google's accepted
 * typos, a missing `:` accepted on two-word lines, rule values percent-encoded
 * as Google does, lines cut after 16,663 bytes and the body after 500 KiB.
 *
 * Every line crawlers cannot use (fully) gets one diagnostic. They are worked
 * out (did-you-mean suggestions included) the first time `diagnostics` is
 * read, by reading the body again, so a parse for matching costs nothing for them.
 */
export function parseRobotsTxt(text: string | Uint8Array, options: ParseRobotsTxtOptions = {}): ParsedRobotsTxt {
  const binary = toBinaryString(text);
  const maxBytes = options.maxBytes ?? MAX_ROBOTS_TXT_BYTES;
  const parsed = readBody(binary, maxBytes);
  let computed: RobotsTxtDiagnostic[] | undefined;
  // Once read, a plain data property again (a frozen result keeps the getter and its answer).
  const settle = (diagnostics: RobotsTxtDiagnostic[]): void => {
    computed = diagnostics;
    if (Object.isExtensible(parsed))
      Object.defineProperty(parsed, 'diagnostics', {
        value: diagnostics,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  };
  Object.defineProperty(parsed, 'diagnostics', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!computed) {
        const diagnostics: RobotsTxtDiagnostic[] = [];
        readBody(binary, maxBytes, diagnostics);
        settle(diagnostics);
      }
      return computed;
    },
    set: settle,
  });
  return parsed;
}

/** Parses a body, or passes a parse result through. */
export function ensureParsed(robotsTxt: string | Uint8Array | ParsedRobotsTxt): ParsedRobotsTxt {
  return typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array ? parseRobotsTxt(robotsTxt) : robotsTxt;
}

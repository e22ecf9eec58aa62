/**
 * parseRobotsTxt: a port of Google's parser (typos it accepts, product tokens, groups), linear
 * time, no RegExp on user patterns.
 */
import { binaryStringToText, bytesToBinaryString, classifyKey, type RobotsKeyClass, escapePattern, splitKeyValue, splitLines, stripAsciiWhitespace, asciiLowerCase, isAbsoluteUrl, toBytes } from './bytes.js';
import { MAX_LINE_BYTES, MAX_ROBOTS_TXT_BYTES, type RobotsTxtDiagnostic, type RobotsTxtDiagnosticCode, type ParsedRobotsGroup, type ParsedRobotsTxt, type ParseRobotsTxtOptions } from './types.js';
import { suggest } from '../errors.js';

/** A line of a robots.txt and Google's reading of it. */
export interface RobotsTxtToken {
  /** 1-based line number. */
  line: number;
  /** The whole line as written, decoded as UTF-8, without its line ending. */
  text: string;
  /** Longer than Google reads; only its start was used. */
  tooLong: boolean;
  /** Nothing but whitespace and a comment (or nothing at all). */
  isBlankOrComment: boolean;
  /** Google's key/value reading; undefined when Google ignores the line. */
  directive?: RobotsTxtDirective;
}
/** A key/value line. */
export interface RobotsTxtDirective extends RobotsKeyClass {
  /** The key as written. */
  key: string;
  /** The value as written, decoded as UTF-8. */
  value: string;
  /** For `allow` and `disallow`: the pattern Google matches. */
  pattern: string;
  /** Google accepted whitespace in place of the missing `:`. */
  missingColon: boolean;
}
/** The lines of a body and whether its end was cut off. */
export interface RobotsTxtTokens {
  tokens: RobotsTxtToken[];
  byteLength: number;
  truncated: boolean;
}
function readDirective(binaryLine: string): RobotsTxtDirective | undefined {
  const keyValue = splitKeyValue(binaryLine);
  if (!keyValue) return undefined;
  const keyClass = classifyKey(keyValue.key);
  const isRule = keyClass.type === 'allow' || keyClass.type === 'disallow';
  return {
    ...keyClass,
    key: binaryStringToText(keyValue.key),
    value: binaryStringToText(keyValue.value),
    pattern: isRule ? escapePattern(keyValue.value) : '',
    missingColon: keyValue.missingColon,
  };
}
/**
 * Reads a body line by line as Google's parser does.
 *
 * @param maxBytes - bytes read before the rest is ignored
 */
export function tokenize(bytes: Uint8Array, maxBytes: number): RobotsTxtTokens {
  const length = Math.min(bytes.length, maxBytes);
  const decoder = new TextDecoder();
  const tokens = splitLines(bytes, length).map((span): RobotsTxtToken => {
    const lineBytes = bytes.subarray(span.start, span.end);
    const readBytes = lineBytes.subarray(0, MAX_LINE_BYTES);
    // Google handles each line as a C string: a NUL byte ends it.
    const nul = readBytes.indexOf(0);
    const binaryLine = bytesToBinaryString(nul === -1 ? readBytes : readBytes.subarray(0, nul));
    const directive = readDirective(binaryLine);
    const commentStart = binaryLine.indexOf('#');
    const beforeComment = commentStart === -1 ? binaryLine : binaryLine.slice(0, commentStart);
    return {
      line: span.line,
      text: decoder.decode(lineBytes),
      tooLong: span.tooLong,
      isBlankOrComment: stripAsciiWhitespace(beforeComment) === '',
      ...(directive ? { directive } : {}),
    };
  });
  return { tokens, byteLength: bytes.length, truncated: bytes.length > length };
}

/**
 * Google's `ExtractUserAgent`: the leading run of `[A-Za-z_-]`, which is what
 * Google compares with a crawler's name (`Googlebot/2.1` → `Googlebot`).
 */
export function extractProductToken(userAgent: string): string {
  return /^[A-Za-z_-]*/.exec(userAgent)?.[0] ?? '';
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
  return /^\*(?:$|[ \t\n\v\f\r])/.test(value);
}

/** Which crawlers a set of `User-agent` values names, as one comparable string. */
export function userAgentIdentity(values: readonly string[]): string {
  const names = values.map((value) => {
    if (isGlobalUserAgent(value)) return '*';
    const token = extractProductToken(value);
    return token === '' ? 'raw:' + value : asciiLowerCase(token);
  });
  return [...new Set(names)].sort().join('\n');
}

/** A `Crawl-delay` value in seconds: a non-negative decimal number, else undefined. */
export function parseCrawlDelay(value: string): number | undefined {
  return /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : undefined;
}

/**
 * Google's grouping, which does not depend on the crawler asking: a
 * `User-agent` line starts a new group only after a rule (`Allow` or
 * `Disallow`) of the current one; any other line (blank, comment, sitemap,
 * unknown) keeps the group open, so consecutive `User-agent` lines share it.
 *
 * @returns for each token, the index of its group, or -1 before the first group
 */
export function groupTokens(tokens: readonly RobotsTxtToken[]): number[] {
  let groupIndex = -1;
  let groupHasRule = false;
  return tokens.map((token) => {
    const type = token.directive?.type;
    if (type === 'user-agent' && (groupIndex === -1 || groupHasRule)) {
      groupIndex++;
      groupHasRule = false;
    }
    if ((type === 'allow' || type === 'disallow') && groupIndex !== -1) groupHasRule = true;
    return groupIndex;
  });
}

const MAX_TEXT = 200;
/** A diagnostic about one line, quoting it (cut to 200 characters). */
export function makeDiagnostic(
  code: RobotsTxtDiagnosticCode,
  severity: RobotsTxtDiagnostic['severity'],
  token: RobotsTxtToken,
  reason: string,
): RobotsTxtDiagnostic {
  const text = token.text.length > MAX_TEXT ? token.text.slice(0, MAX_TEXT) + '…' : token.text;
  return { code, severity, line: token.line, reason, text };
}

const CANONICAL_KEYS = { 'user-agent': 'User-agent', allow: 'Allow', disallow: 'Disallow', sitemap: 'Sitemap' } as const;
const KNOWN_KEYS = [...Object.values(CANONICAL_KEYS), 'Crawl-delay', 'Content-Signal', 'Content-Usage'];
function unknownKeyProblem(token: RobotsTxtToken, directive: RobotsTxtDirective): RobotsTxtDiagnostic {
  if (directive.unsupported) {
    return makeDiagnostic(
      'unsupported-directive',
      'error',
      token,
      `Google stopped reading \`${directive.key}\` in robots.txt in 2019; use a robots meta tag or an X-Robots-Tag header instead`,
    );
  }
  const suggestion = suggest(directive.key, KNOWN_KEYS);
  return makeDiagnostic(
    'unknown-directive',
    'error',
    token,
    `unknown key \`${directive.key}\`; crawlers ignore the line` + (suggestion ? ` (did you mean \`${suggestion}\`?)` : ''),
  );
}
/**
 * What is wrong with a key/value line on its own (its place in the file is
 * checked by the parser); undefined when nothing is.
 */
export function readDirectiveProblem(
  token: RobotsTxtToken,
  directive: RobotsTxtDirective,
): RobotsTxtDiagnostic | undefined {
  if (directive.type === 'unknown') return directive.other ? undefined : unknownKeyProblem(token, directive);
  if (directive.typo) {
    const canonical = CANONICAL_KEYS[directive.type];
    return makeDiagnostic('accepted-typo', 'warning', token, `Google accepts \`${directive.key}\` as \`${canonical}\`, other crawlers may not`);
  }
  if (directive.missingColon) {
    return makeDiagnostic('missing-colon', 'warning', token, 'Google accepts a missing `:` after the key, other crawlers may not');
  }
  if (directive.type === 'user-agent' && !isGlobalUserAgent(directive.value)) {
    const productToken = extractProductToken(directive.value);
    if (productToken === '') {
      return makeDiagnostic('invalid-user-agent', 'error', token, 'the user-agent does not start with a product token (letters, `-`, `_`), so no crawler matches it');
    }
    if (productToken !== directive.value) {
      return makeDiagnostic('user-agent-truncated', 'warning', token, `Google reads this user-agent as \`${productToken}\` (a product token is letters, \`-\` and \`_\` only)`);
    }
  }
  if (directive.type === 'sitemap' && !isAbsoluteUrl(directive.value)) {
    return makeDiagnostic('relative-sitemap', 'error', token, 'a sitemap must be a full URL (`https://…`); crawlers ignore a relative one');
  }
  return undefined;
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
function readCrawlDelay(group: ParsedRobotsGroup, token: RobotsTxtToken, value: string): RobotsTxtDiagnostic | undefined {
  const seconds = parseCrawlDelay(value);
  if (seconds === undefined) {
    return makeDiagnostic('invalid-crawl-delay', 'error', token, `\`${value}\` is not a number of seconds`);
  }
  if (group.crawlDelay !== undefined) {
    return makeDiagnostic(
      'duplicate-crawl-delay',
      'error',
      token,
      `ignored: this group already has a Crawl-delay on line ${group.crawlDelayLine} (Google reads User-agent lines with no Allow or Disallow between them as one group)`,
    );
  }
  group.crawlDelay = seconds;
  group.crawlDelayLine = token.line;
  return undefined;
}
/** Files the line in the parse result; returns what was wrong with its place, if anything. */
function readLine(
  parsed: ParsedRobotsTxt,
  token: RobotsTxtToken,
  directive: RobotsTxtDirective,
  groupIndex: number,
): RobotsTxtDiagnostic | undefined {
  const { line } = token;
  const { type, value } = directive;
  if (type === 'sitemap') {
    parsed.sitemaps.push({ url: value, line });
  } else if (type === 'user-agent') {
    const isGlobal = isGlobalUserAgent(value);
    groupAt(parsed, groupIndex, line).userAgents.push({ value, productToken: isGlobal ? '' : extractProductToken(value), isGlobal, line });
  } else if (type === 'allow' || type === 'disallow') {
    if (groupIndex === -1) {
      return makeDiagnostic('rule-outside-group', 'error', token, 'a rule before any User-agent line belongs to no group; crawlers ignore it');
    }
    groupAt(parsed, groupIndex, line).rules.push({ type, value, pattern: directive.pattern, line });
  } else if (directive.other === 'crawl-delay') {
    if (groupIndex === -1) {
      return makeDiagnostic('record-outside-group', 'error', token, 'a Crawl-delay before any User-agent line belongs to no group; crawlers ignore it');
    }
    return readCrawlDelay(groupAt(parsed, groupIndex, line), token, value);
  } else if (directive.other) {
    if (groupIndex !== -1) groupAt(parsed, groupIndex, line);
    parsed.otherLines.push({ key: directive.other, rawKey: directive.key, value, line, ...(groupIndex === -1 ? {} : { groupIndex }) });
  }
  return undefined;
}
/**
 * Parses a robots.txt exactly as Google's open-source parser reads it
 * (google/robotstxt): LF/CR/CRLF lines, a leading byte order mark skipped,
 * `#` comments, keys matched by prefix ignoring case with Google's accepted
 * typos, a missing `:` accepted on two-word lines, rule values percent-encoded
 * as Google does, lines cut after 16,663 bytes and the body after 500 KiB.
 * Every line crawlers cannot use (fully) gets one diagnostic.
 */
export function parseRobotsTxt(text: string | Uint8Array, options: ParseRobotsTxtOptions = {}): ParsedRobotsTxt {
  const { tokens, byteLength, truncated } = tokenize(toBytes(text), options.maxBytes ?? MAX_ROBOTS_TXT_BYTES);
  const groupIndexes = groupTokens(tokens);
  const parsed: ParsedRobotsTxt = { groups: [], sitemaps: [], otherLines: [], diagnostics: [], lineCount: tokens.length, byteLength, truncated };
  tokens.forEach((token, index) => {
    const { directive } = token;
    let problem: RobotsTxtDiagnostic | undefined;
    if (directive) {
      problem = readLine(parsed, token, directive, groupIndexes[index] ?? -1) ?? readDirectiveProblem(token, directive);
    } else if (!token.isBlankOrComment) {
      problem = makeDiagnostic('invalid-syntax', 'error', token, 'not a `key: value` line; crawlers ignore it');
    }
    if (!problem && token.tooLong) {
      problem = makeDiagnostic('line-too-long', 'warning', token, 'Google reads only the first 16,663 bytes of a line');
    }
    if (problem) parsed.diagnostics.push(problem);
  });
  const lastToken = tokens[tokens.length - 1];
  if (truncated && lastToken) {
    parsed.diagnostics.push(
      makeDiagnostic('file-too-large', 'error', lastToken, `the file is ${byteLength} bytes; Google ignores everything after the first ${options.maxBytes ?? MAX_ROBOTS_TXT_BYTES}`),
    );
  }
  return parsed;
}

/** Parses a body, or passes a parse result through, so callers checking many URLs parse once. */
export function ensureParsed(robotsTxt: string | Uint8Array | ParsedRobotsTxt): ParsedRobotsTxt {
  return typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array ? parseRobotsTxt(robotsTxt) : robotsTxt;
}

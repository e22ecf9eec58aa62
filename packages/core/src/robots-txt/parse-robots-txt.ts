import { groupTokens } from './group-tokens.js';
import { MAX_ROBOTS_TXT_BYTES } from './limits.js';
import { makeDiagnostic } from './make-diagnostic.js';
import { parseCrawlDelay } from './parse-crawl-delay.js';
import { extractProductToken, isGlobalUserAgent } from './product-token.js';
import { readDirectiveProblem } from './read-directive-problem.js';
import { toBytes } from './to-bytes.js';
import { tokenize, type RobotsTxtDirective, type RobotsTxtToken } from './tokenize.js';
import type { ParsedRobotsGroup, ParsedRobotsTxt, ParseRobotsTxtOptions, RobotsTxtDiagnostic } from './types.js';

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

/** Types of a parsed robots.txt (groups, rules, diagnostics) and the size limits Google applies. */
/** The kinds of line Google's robots.txt parser recognises (`unknown` is everything else). */
export type RobotsKeyType = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';
/** Non-Google records that robots-kit recognises and keeps (Google ignores them). */
export type RobotsOtherKey =
  | 'crawl-delay'
  | 'content-signal'
  | 'content-usage'
  | 'host'
  | 'clean-param'
  | 'license'
  | 'request-rate'
  | 'visit-time';
/** One `User-agent` line of a group. */
export interface ParsedRobotsUserAgent {
  /** The value as written (comment and surrounding whitespace removed). */
  value: string;
  /**
   * What Google compares with a crawler's name: the value cut at the first
   * character outside `[A-Za-z_-]` (`Googlebot/2.1` reads as `Googlebot`).
   * Empty for `*`.
   */
  productToken: string;
  /** True for `*` (also `* anything`, which Google still reads as `*`). */
  isGlobal: boolean;
  /** 1-based line number. */
  line: number;
}
/** One `Allow` or `Disallow` line. */
export interface ParsedRobotsRule {
  type: 'allow' | 'disallow';
  /** The value as written (comment and surrounding whitespace removed). */
  value: string;
  /**
   * The pattern Google matches: non-ASCII bytes percent-encoded and `%xx`
   * escapes upper-cased. Its length is the rule's priority.
   */
  pattern: string;
  /** 1-based line number. */
  line: number;
}
/**
 * A group as Google reads it: one or more `User-agent` lines followed by the
 * rules up to the next `User-agent` line that comes after a rule. Consecutive
 * `User-agent` lines (even with blank, comment, sitemap or unknown lines
 * between them) belong to the same group.
 */
export interface ParsedRobotsGroup {
  /** Position in {@link ParsedRobotsTxt.groups}. */
  index: number;
  userAgents: ParsedRobotsUserAgent[];
  rules: ParsedRobotsRule[];
  /** The first valid `Crawl-delay` in the group, in seconds (Google ignores it; Bing and Yandex read it). */
  crawlDelay?: number;
  /** Line of {@link crawlDelay}. */
  crawlDelayLine?: number;
  /** Line of the group's first `User-agent`. */
  startLine: number;
  /** Line of the group's last `User-agent`, rule or recognised record. */
  endLine: number;
}
/** A `Sitemap` line (it belongs to no group). */
export interface ParsedRobotsSitemap {
  url: string;
  line: number;
}
/** A recognised record that is not part of Google's grammar, e.g. `Content-Signal`. */
export interface ParsedRobotsOtherLine {
  /** Lower-cased key, e.g. `content-signal`. */
  key: RobotsOtherKey;
  /** The key as written. */
  rawKey: string;
  value: string;
  line: number;
  /** The group the line sits in, if any. */
  groupIndex?: number;
}
/** Stable codes of {@link RobotsTxtDiagnostic}. */
export type RobotsTxtDiagnosticCode =
  | 'invalid-syntax'
  | 'rule-outside-group'
  | 'unknown-directive'
  | 'unsupported-directive'
  | 'invalid-crawl-delay'
  | 'duplicate-crawl-delay'
  | 'record-outside-group'
  | 'invalid-user-agent'
  | 'user-agent-truncated'
  | 'relative-sitemap'
  | 'accepted-typo'
  | 'missing-colon'
  | 'line-too-long'
  | 'file-too-large';
/** A line the parser could not use (fully), for an audit to report. */
export interface RobotsTxtDiagnostic {
  code: RobotsTxtDiagnosticCode;
  /** `error`: crawlers ignore the line. `warning`: they use it, but not as written. */
  severity: 'error' | 'warning';
  /** 1-based line number. */
  line: number;
  /** Why, in a sentence. */
  reason: string;
  /** The line as written (cut to 200 characters). */
  text: string;
}
/** A robots.txt as Google's parser reads it, plus what Google ignores. */
export interface ParsedRobotsTxt {
  groups: ParsedRobotsGroup[];
  sitemaps: ParsedRobotsSitemap[];
  otherLines: ParsedRobotsOtherLine[];
  diagnostics: RobotsTxtDiagnostic[];
  /** Number of lines read (after the size limit). */
  lineCount: number;
  /** Size of the body in bytes, before any limit. */
  byteLength: number;
  /** True when the body was larger than the size limit and its end was ignored. */
  truncated: boolean;
}
/** Options of {@link parseRobotsTxt}. */
export interface ParseRobotsTxtOptions {
  /**
   * Bytes read before the rest is ignored, as Google does.
   * Default: `512000` (500 KiB, Google's documented limit).
   */
  maxBytes?: number;
}
/** The rule that decided a match. */
export interface RobotsDecidingRule extends ParsedRobotsRule {
  /** The group the rule belongs to. */
  groupIndex: number;
  /**
   * The pattern that matched, when it differs from {@link ParsedRobotsRule.pattern}:
   * Google reads `Allow: /dir/index.html` as also allowing `/dir/` (`/dir/$`).
   */
  effectivePattern: string;
}
/** Why a URL is allowed or disallowed, in Google's terms. */
export interface RobotsMatchExplanation {
  allowed: boolean;
  /** The path, parameters and query Google matched (the URL without scheme, host and fragment). */
  path: string;
  /**
   * Which groups applied: `specific` (groups naming the crawler), `global`
   * (the `*` groups, used only when no group names the crawler) or `none`.
   */
  groupKind: 'specific' | 'global' | 'none';
  /** Indexes of the groups that applied. */
  groupIndexes: number[];
  /** The longest matching rule; undefined when no non-empty rule matched (then the URL is allowed). */
  rule?: RobotsDecidingRule;
}
/** A crawler-specific group that makes its crawler skip the `*` group's disallows. */
export interface RobotsGroupTrap {
  /** The crawler's product token as first written, as Google's parser reads it (`AI` for `AI2Bot`). */
  userAgent: string;
  /**
   * The token as written when it has digits Google's parser does not read (`AI2Bot`): the crawler
   * that publishes it matches it whole, and falls into the same trap. Unset otherwise.
   */
  written?: string;
  /** Groups naming the crawler. */
  groupIndexes: number[];
  /** Lines of the `User-agent` lines naming it. */
  lines: number[];
  /** `*`-group disallows that block something this crawler may now fetch. */
  droppedDisallows: ParsedRobotsRule[];
}

/**
 * Google keeps at most this many bytes of a line (`2083 * 8 - 1`: eight
 * maximum-length URLs, less the terminating NUL) and ignores the rest.
 */
export const MAX_LINE_BYTES = 2083 * 8 - 1;
/** Google reads the first 500 KiB of a robots.txt and ignores the rest. */
export const MAX_ROBOTS_TXT_BYTES = 500 * 1024;

/**
 * An editable robots.txt document: reading an existing file into groups, adding ours, and printing
 * it back.
 */
import { parseCrawlDelay, userAgentIdentity, tokenize, type RobotsTxtToken } from './parse.js';
import { escapePattern, readLines, stripAsciiWhitespace, stripAsciiWhitespaceEnd, toBinaryString } from './bytes.js';
import { RobotsError } from '../errors.js';

/** A record robots-kit writes in a group besides rules, compared by {@link RobotsRecord.normalized}. */
export interface RobotsRecord {
  /** Lower-case key, e.g. `crawl-delay`, `content-signal`. */
  key: string;
  /** The line to write, e.g. `Crawl-delay: 5`. */
  line: string;
  /** The value compared when merging (case and spaces ignored). */
  normalized: string;
  /** Where it came from, for conflict messages: an option path or the existing file. */
  origin: string;
}
/** A group of the document being written. */
export interface RobotsDocumentGroup {
  /** The crawlers it names, for merging: sorted lower-case product tokens (`*` for all). */
  identity: string;
  /** Comment lines written above the group. */
  leadingComments: string[];
  /** The group's lines in order, starting with its `User-agent` lines. */
  lines: string[];
  /** Where new lines go: after the last non-comment line. */
  insertAt: number;
  /** `allow` or `disallow` + NUL + Google pattern, for de-duplication. */
  ruleKeys: Set<string>;
  /** Records by key (first one wins), to spot conflicts. */
  records: Map<string, RobotsRecord>;
}
/** A robots.txt being written. */
export interface RobotsDocument {
  /** Lines before the first group, kept as they were. */
  preamble: string[];
  groups: RobotsDocumentGroup[];
  /** `Sitemap` lines by URL, in order. */
  sitemaps: Map<string, string>;
}
/** One group to add, from the options. */
export interface RobotsGroupSpec {
  userAgents: string[];
  allow: string[];
  disallow: string[];
  records: RobotsRecord[];
  comments: string[];
}

/**
 * A record value in a form two equivalent values share: crawl delays as
 * numbers (`10.0` = `10`), comma-separated lists (`Content-Signal`,
 * `Content-Usage`) sorted, case and whitespace ignored.
 */
export function normalizeRecordValue(key: string, value: string): string {
  if (key === 'crawl-delay') {
    const seconds = parseCrawlDelay(value);
    if (seconds !== undefined) return String(seconds);
  }
  return value
    .split(',')
    .map((part) => part.replace(/\s+/g, '').toLowerCase())
    .filter((part) => part !== '')
    .sort()
    .join(',');
}

/**
 * What a record line sets, for conflicts: its key, and for `Content-Usage: /path/ train-ai=n`
 * (the IETF attachment draft's path form) the key and the path, since each path has its own
 * preferences. Returns the key and the value without the path.
 */
export function recordKey(key: string, value: string): { key: string; value: string } {
  const path = key === 'content-usage' ? /^([/*]\S*)\s+(.*)$/s.exec(value.trim()) : null;
  return path ? { key: `${key} ${path[1]}`, value: path[2]! } : { key, value };
}

/**
 * What identifies a rule for de-duplication: its type and the pattern Google
 * matches, so `/ツ` and `/%E3%83%84` count as the same rule.
 */
export function ruleKey(type: 'allow' | 'disallow', value: string): string {
  return type + '\u0000' + escapePattern(toBinaryString(value));
}

/**
 * Two lines set the same record (`Crawl-delay`, `Content-Signal`…) differently
 * for the same crawlers; writing both would leave crawlers to pick one.
 *
 * @param key - option path of the new line, e.g. `robotsTxt.groups[0].crawlDelay`
 */
export function mergeConflictError(key: string, line: string, present: RobotsRecord, source?: string): RobotsError {
  return new RobotsError({
    code: 'robots-txt-merge-conflict',
    ...(source === undefined ? {} : { source }),
    key,
    value: line,
    problem: `line conflicts with \`${present.line}\` (from ${present.origin}) for the same user-agents, got`,
    expected: 'the same value in both places, or the line in only one of them',
    suggestion: present.line,
  });
}

function insertLine(group: RobotsDocumentGroup, line: string): void {
  group.lines.splice(group.insertAt, 0, line);
  group.insertAt++;
}
function findOrCreateGroup(document: RobotsDocument, spec: RobotsGroupSpec): RobotsDocumentGroup {
  const identity = userAgentIdentity(spec.userAgents);
  const existing = document.groups.find((group) => group.identity === identity);
  if (existing) return existing;
  const userAgentLines = [...new Set(spec.userAgents)].map((userAgent) => `User-agent: ${userAgent}`);
  const group: RobotsDocumentGroup = {
    identity,
    leadingComments: [],
    lines: userAgentLines,
    insertAt: userAgentLines.length,
    ruleKeys: new Set(),
    records: new Map(),
  };
  document.groups.push(group);
  return group;
}
/**
 * Adds a group from the options. A group naming exactly the same crawlers
 * as one already in the document (from an existing robots.txt or an earlier
 * option) is merged into it: rules already there are not repeated, and a
 * record (`Crawl-delay`, `Content-Signal`…) with a different value throws
 * rather than silently dropping either line.
 *
 * @param source - where the options came from, for conflict messages
 */
export function addGroupToDocument(document: RobotsDocument, spec: RobotsGroupSpec, source?: string): void {
  const group = findOrCreateGroup(document, spec);
  for (const comment of spec.comments) {
    const line = comment === '' ? '#' : `# ${comment}`;
    if (!group.leadingComments.includes(line)) group.leadingComments.push(line);
  }
  for (const record of spec.records) {
    const present = group.records.get(record.key);
    if (present && present.normalized !== record.normalized) {
      throw mergeConflictError(record.origin, record.line, present, source);
    }
    if (present) continue;
    group.records.set(record.key, record);
    insertLine(group, record.line);
  }
  for (const [type, label, paths] of [
    ['allow', 'Allow', spec.allow],
    ['disallow', 'Disallow', spec.disallow],
  ] as const) {
    for (const path of paths) {
      const key = ruleKey(type, path);
      if (group.ruleKeys.has(key)) continue;
      group.ruleKeys.add(key);
      insertLine(group, path === '' ? `${label}:` : `${label}: ${path}`);
    }
  }
}

function emptyGroup(leadingComments: string[]): RobotsDocumentGroup {
  return { identity: '', leadingComments, lines: [], insertAt: 0, ruleKeys: new Set(), records: new Map() };
}
function recordLine(group: RobotsDocumentGroup, token: RobotsTxtToken, text: string, source: string): void {
  const directive = token.directive;
  if (directive?.type === 'allow' || directive?.type === 'disallow')
    group.ruleKeys.add(ruleKey(directive.type, directive.value));
  if (directive?.other) {
    const { key, value } = recordKey(directive.other, directive.value);
    if (!group.records.has(key))
      group.records.set(key, {
        key,
        line: text,
        normalized: normalizeRecordValue(key, value),
        origin: `${source} line ${token.line}`,
      });
  }
  group.lines.push(text);
  group.insertAt = group.lines.length;
}
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function isUtf8(binary: string): boolean {
  try {
    utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    return true;
  } catch {
    return false;
  }
}
/** A line with each byte that is not part of a UTF-8 character written by `escape` (e.g. `%E9`). */
function escapeInvalidBytes(binary: string, escape: (byte: string) => string): string {
  let text = '';
  for (let index = 0; index < binary.length; ) {
    const lead = binary.charCodeAt(index);
    const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    const sequence = binary.slice(index, index + length);
    if (length > 1 && isUtf8(sequence)) {
      text += utf8.decode(Uint8Array.from(sequence, (char) => char.charCodeAt(0)));
      index += length;
    } else {
      text += lead < 0x80 ? binary.charAt(index) : escape(lead.toString(16).toUpperCase().padStart(2, '0'));
      index++;
    }
  }
  return text;
}
/**
 * robots-kit writes robots.txt as UTF-8, so a site's file in another encoding
 * (a Latin-1 `Disallow: /caf\xE9/`) would be published with other bytes, that
 * is other rules (`/caf%E9/` to Google becomes `/caf%EF%BF%BD/`). Such a file
 * is refused, naming its first such line and the same line in ASCII, which
 * crawlers read exactly as the original bytes.
 */
function refuseNonUtf8(binary: string, source: string): void {
  if (isUtf8(binary)) return;
  readLines(binary, binary.length, (line) => {
    const text = binary.slice(line.start, line.end);
    if (isUtf8(text)) return;
    const key =
      line.type === undefined
        ? undefined
        : stripAsciiWhitespace(escapeInvalidBytes(binary.slice(line.keyStart, line.keyEnd), (hex) => `\\x${hex}`));
    throw new RobotsError({
      code: 'robots-txt-not-utf8',
      source: `${source} line ${line.number}`,
      ...(key === undefined ? {} : { key }),
      value: escapeInvalidBytes(text, (hex) => `\\x${hex}`),
      problem:
        "the site's robots.txt is not UTF-8; robots-kit writes robots.txt as UTF-8, so this line would be published with other bytes, which crawlers read as another rule, got",
      expected:
        'the file saved as UTF-8, with each byte outside UTF-8 written as a `%XX` escape, which crawlers read as that same byte',
      suggestion: escapeInvalidBytes(text, (hex) => `%${hex}`),
    });
  });
}
/**
 * Reads an existing robots.txt into a document that keeps every line: groups
 * as Google reads them, lines in their order, comments attached to the group
 * they precede, `Sitemap` lines gathered at the end. Only blank lines go.
 * Bytes that are not UTF-8 are refused with a RobotsError naming the line.
 *
 * @param body - the file as read (bytes, so that an encoding problem can be seen), or as text
 * @param source - where the text came from, for messages
 */
export function documentFromExisting(body: string | Uint8Array, source: string): RobotsDocument {
  const binary = toBinaryString(body);
  refuseNonUtf8(binary, source);
  const document: RobotsDocument = { preamble: [], groups: [], sitemaps: new Map() };
  const userAgents: string[][] = [];
  let pendingComments: string[] = [];
  tokenize(binary).forEach((token) => {
    const line = stripAsciiWhitespaceEnd(token.text);
    const groupIndex = token.group;
    if (line === '') return;
    if (token.directive?.type === 'sitemap') {
      if (!document.sitemaps.has(token.directive.value)) document.sitemaps.set(token.directive.value, line);
      return;
    }
    if (groupIndex === -1) {
      document.preamble.push(line);
      return;
    }
    if (token.isBlankOrComment) {
      pendingComments.push(line);
      return;
    }
    let group = document.groups[groupIndex];
    if (!group) {
      group = emptyGroup(pendingComments);
      document.groups.push(group);
      userAgents.push([]);
    } else {
      group.lines.push(...pendingComments);
    }
    pendingComments = [];
    if (token.directive?.type === 'user-agent') userAgents[groupIndex]?.push(token.directive.value);
    recordLine(group, token, line, source);
  });
  document.groups.at(-1)?.lines.push(...pendingComments);
  document.groups.forEach((group, index) => (group.identity = userAgentIdentity(userAgents[index] ?? [])));
  return document;
}

/**
 * The document as text: preamble, groups and sitemaps as blocks separated
 * by exactly one blank line, ending with one newline. A group with no
 * `Allow` or `Disallow` gets an empty `Disallow:`, because Google would
 * otherwise merge its `User-agent` lines into the next group.
 */
export function formatDocument(document: RobotsDocument): string {
  const blocks: string[][] = [];
  if (document.preamble.length > 0) blocks.push(document.preamble);
  for (const group of document.groups) {
    const lines = [...group.lines];
    if (group.ruleKeys.size === 0) lines.splice(group.insertAt, 0, 'Disallow:');
    blocks.push([...group.leadingComments, ...lines]);
  }
  if (document.sitemaps.size > 0) blocks.push([...document.sitemaps.values()]);
  return blocks.map((block) => block.join('\n')).join('\n\n') + '\n';
}

import type { RobotsDocument, RobotsDocumentGroup } from './document-types.js';
import { groupTokens } from './group-tokens.js';
import { normalizeRecordValue } from './normalize-record-value.js';
import { ruleKey } from './rule-key.js';
import { toBytes } from './to-bytes.js';
import { tokenize, type RobotsTxtToken } from './tokenize.js';
import { userAgentIdentity } from './user-agent-identity.js';

function emptyGroup(leadingComments: string[]): RobotsDocumentGroup {
  return { identity: '', leadingComments, lines: [], insertAt: 0, ruleKeys: new Set(), records: new Map() };
}

function recordLine(group: RobotsDocumentGroup, token: RobotsTxtToken, text: string, source: string): void {
  const directive = token.directive;
  if (directive?.type === 'allow' || directive?.type === 'disallow') group.ruleKeys.add(ruleKey(directive.type, directive.value));
  if (directive?.other && !group.records.has(directive.other)) {
    group.records.set(directive.other, {
      key: directive.other,
      line: text,
      normalized: normalizeRecordValue(directive.other, directive.value),
      origin: `${source} line ${token.line}`,
    });
  }
  group.lines.push(text);
  group.insertAt = group.lines.length;
}

/**
 * Reads an existing robots.txt into a document that keeps every line: groups
 * as Google reads them, lines in their order, comments attached to the group
 * they precede, `Sitemap` lines gathered at the end. Only blank lines go.
 *
 * @param source - where the text came from, for messages
 */
export function documentFromExisting(text: string, source: string): RobotsDocument {
  const { tokens } = tokenize(toBytes(text), Infinity);
  const groupIndexes = groupTokens(tokens);
  const document: RobotsDocument = { preamble: [], groups: [], sitemaps: new Map() };
  const userAgents: string[][] = [];
  let pendingComments: string[] = [];
  tokens.forEach((token, index) => {
    const line = token.text.replace(/[ \t\n\v\f\r]+$/, '');
    const groupIndex = groupIndexes[index] ?? -1;
    if (line.trim() === '') return;
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

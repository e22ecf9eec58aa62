import type { RobotsDocument, RobotsDocumentGroup, RobotsGroupSpec } from './document-types.js';
import { mergeConflictError } from './merge-conflict-error.js';
import { ruleKey } from './rule-key.js';
import { userAgentIdentity } from './user-agent-identity.js';

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
  for (const [type, label, paths] of [['allow', 'Allow', spec.allow], ['disallow', 'Disallow', spec.disallow]] as const) {
    for (const path of paths) {
      const key = ruleKey(type, path);
      if (group.ruleKeys.has(key)) continue;
      group.ruleKeys.add(key);
      insertLine(group, path === '' ? `${label}:` : `${label}: ${path}`);
    }
  }
}

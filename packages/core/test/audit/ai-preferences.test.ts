/**
 * Issue 40: the audit and AI preferences in robots.txt: RSL's `License:`, `Clean-param` and `Host`
 * are known lines, an unknown key is a warning (never an error that fails CI), and a
 * `Content-Signal`/`Content-Usage` line that contradicts a per-agent group is a finding.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import type { AuditReport } from '../../src/audit/types.js';
import { generateRobotsTxt } from '../../src/index.js';
import { PAGE, tempSite } from './temp-site.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
async function auditRobotsTxt(robotsTxt: string): Promise<AuditReport> {
  const made = tempSite({ 'robots.txt': robotsTxt, 'index.html': PAGE });
  cleanups.push(made.cleanup);
  return auditSite(made.root, { site: 'https://example.com' });
}
const of = (report: AuditReport, id: string) => report.findings.filter((finding) => finding.id === id);

describe('robots.txt lines of other conventions', () => {
  it('knows RSL `License:`, `Clean-param` and `Host`: no finding', async () => {
    const report = await auditRobotsTxt(
      'License: https://example.com/license.xml\nUser-agent: *\nDisallow: /private/\nClean-param: ref /articles/\nHost: example.com\n',
    );
    expect(of(report, 'robots-txt-syntax')).toEqual([]);
  });

  it('reports an unknown key as a warning, never an error, with a did-you-mean', async () => {
    const report = await auditRobotsTxt(
      'User-agent: *\nDisallow:\nLicence: https://example.com/license.xml\nFoo: bar\n',
    );
    expect(of(report, 'robots-txt-syntax').map((finding) => [finding.source?.line, finding.severity])).toEqual([
      [3, 'warning'],
      [4, 'warning'],
    ]);
    expect(of(report, 'robots-txt-syntax')[0]!.message).toContain('did you mean `License`?');
  });
});

describe('ai-preference-contradiction', () => {
  it('reports a signal that allows search beside a group that blocks a search agent', async () => {
    const report = await auditRobotsTxt(
      'User-agent: *\nContent-Signal: ai-train=no, search=yes\nDisallow:\n\nUser-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nDisallow: /\n',
    );
    const [finding, ...rest] = of(report, 'ai-preference-contradiction');
    expect(rest).toEqual([]);
    expect(finding!.severity).toBe('warning');
    expect(finding!.source).toEqual({ file: 'robots.txt', line: 2 });
    expect(finding!.crawlers).toEqual(['OAI-SearchBot', 'PerplexityBot']);
    expect(finding!.message).toContain('(`Content-Signal: search=yes`) allows AI search');
  });

  it('reports a signal that refuses training beside a group that lets a training crawler in', async () => {
    const report = await auditRobotsTxt(
      'User-agent: *\nContent-Usage: train-ai=n\nDisallow:\n\nUser-agent: GPTBot\nAllow: /\n',
    );
    const findings = of(report, 'ai-preference-contradiction');
    expect(findings.map((finding) => [finding.crawlers, finding.source?.line])).toEqual([[['GPTBot'], 2]]);
    expect(findings[0]!.message).toContain('refuses AI training');
  });

  it("reads an agent's own group's line before the `*` group's", async () => {
    const report = await auditRobotsTxt(
      'User-agent: *\nContent-Signal: search=yes\nDisallow:\n\nUser-agent: OAI-SearchBot\nContent-Signal: search=no\nDisallow: /\n',
    );
    expect(of(report, 'ai-preference-contradiction')).toEqual([]);
  });

  it('reports nothing when the lines agree with the groups, or for a path-scoped line', async () => {
    const agreeing = generateRobotsTxt(
      { contentSignal: { search: 'yes', 'ai-train': 'no' }, blockAiBots: { purposes: ['ai-training'] } },
      { indexable: true, now: new Date('2026-11-28T12:00:00Z') },
    );
    expect(of(await auditRobotsTxt(agreeing), 'ai-preference-contradiction')).toEqual([]);
    const path = 'User-agent: *\nContent-Usage: /gallery/ train-ai=n\nDisallow:\n\nUser-agent: GPTBot\nAllow: /\n';
    expect(of(await auditRobotsTxt(path), 'ai-preference-contradiction')).toEqual([]);
  });

  it('catches blockAiBots: true beside search=yes, the mix users write most', async () => {
    const text = generateRobotsTxt(
      { contentSignal: { search: 'yes', 'ai-train': 'no' }, blockAiBots: true },
      { indexable: true, now: new Date('2026-11-28T12:00:00Z') },
    );
    const findings = of(await auditRobotsTxt(text), 'ai-preference-contradiction');
    expect(findings).toHaveLength(1);
    expect(findings[0]!.crawlers).toContain('OAI-SearchBot');
    expect(findings[0]!.crawlers).not.toContain('GPTBot');
  });
});

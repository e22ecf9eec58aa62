/**
 * Issue 18, item 1 (the server side of the Astro dev toolbar app): inspectPage answers "what did
 * robots-kit decide for this URL and why" for one served page: per crawler its verdict, the
 * robots.txt line, the X-Robots-Tag the `headers` option gives it, which options decided each
 * restriction, and the findings `robots-kit check` would report for the page.
 */
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { inspectPage } from '../../src/audit/inspect-page.js';
import { injectRobots, normalizeOptions, resolvePage } from '../../src/index.js';
import { tempSite } from './temp-site.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const ROBOTS_TXT = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n';
const options = normalizeOptions(
  {
    defaults: 'max-snippet:50',
    noindex: { collections: ['drafts'] },
    rules: [{ path: '/private/**', robots: 'nofollow' }],
    headers: { rules: [{ path: '/private/**', robots: 'noarchive' }], targets: ['netlify'] },
  },
  { env: {} },
);
/** A page served as the middleware serves it: its tags resolved and injected. */
function served(url: string, extra: { collections?: string[]; data?: Record<string, unknown>; body?: string } = {}) {
  const page = {
    url,
    source: `src/pages${url}index.md`,
    ...(extra.collections ? { collections: extra.collections } : {}),
    ...(extra.data ? { data: extra.data } : {}),
  };
  const html = injectRobots(
    `<!DOCTYPE html><html><head><title>t</title></head><body>${extra.body ?? '<p>x</p>'}</body></html>`,
    () => resolvePage(page, options),
  ).html;
  return { page, html };
}

describe('issue 18: inspectPage', () => {
  it('gives each crawler its verdict, the robots.txt line and the options behind each restriction', () => {
    const { page, html } = served('/private/draft/', { collections: ['drafts'] });
    const result = inspectPage({ url: page.url, html, page, options, robotsTxt: ROBOTS_TXT, now: NOW });
    // The header rule's `noarchive` is the page's too (issue 41): its meta tags carry it.
    expect(result.tags.robots).toBe('noindex, nofollow, noarchive, max-snippet:50');
    expect(result.explanation!.origins.find((origin) => origin.kind === 'header-rule')).toMatchObject({
      key: 'headers.rules[0].robots',
      matched: ['/private/**'],
      directives: { robots: 'noarchive' },
    });
    const all = result.crawlers.find((row) => row.crawler === '*')!;
    expect(all.verdict).toMatchObject({ crawlable: false, indexable: false, followLinks: false, maxSnippet: 50 });
    expect(all.robotsTxt).toEqual({ allowed: false, group: 'User-agent: *', rule: 'Disallow: /private/', line: 2 });
    const labels = (indexes: number[] | undefined) =>
      (indexes ?? []).map((index) => result.explanation!.origins[index]!.kind);
    expect(labels(all.origins.index)).toEqual(['noindex']);
    expect(labels(all.origins.follow)).toEqual(['rule']);
    expect(labels(all.origins.snippet)).toEqual(['defaults']);
    expect(result.header).toEqual({
      values: ['noarchive'],
      origins: [{ pattern: '/private/**', keys: ['headers.rules[0].path'] }],
    });
    expect(all.verdict.directives).toContain('noarchive');
  });

  it('groups the AI crawlers told the same, and names the group that applies', () => {
    const { page, html } = served('/');
    const result = inspectPage({ url: '/', html, page, options, robotsTxt: ROBOTS_TXT, now: NOW });
    expect(result.crawlers.slice(0, 3).map((row) => row.crawler)).toEqual(['*', 'googlebot', 'bingbot']);
    const blocked = result.crawlers.find((row) => row.members.includes('GPTBot'))!;
    // In AI_BOTS order (by purpose, then token).
    expect(blocked.members).toEqual(['CCBot', 'GPTBot']);
    expect(blocked.robotsTxt).toMatchObject({
      allowed: false,
      group: 'User-agent: GPTBot, User-agent: CCBot',
      rule: 'Disallow: /',
      line: 6,
    });
    const others = result.crawlers.find((row) => row.members.includes('ClaudeBot'))!;
    expect(others.robotsTxt).toEqual({ allowed: true, group: 'User-agent: *' });
    expect(result.crawlers.slice(3).flatMap((row) => row.members)).toHaveLength(
      result.crawlers.slice(3).reduce((n, row) => n + row.members.length, 0),
    );
  });

  it('flags what the audit flags for the page: noindex behind Disallow, a tag in the body, an expired date', () => {
    const { page, html } = served('/private/old/', {
      data: { robots: 'noindex, unavailable_after: 2001-01-01' },
      body: '<p>x</p><meta name="bingbot" content="nosnippet">',
    });
    const result = inspectPage({ url: page.url, html, page, options, robotsTxt: ROBOTS_TXT, now: NOW });
    expect(result.findings.map((finding) => finding.id).sort()).toEqual([
      'conflicting-tags',
      'expired',
      'noindex-disallowed',
      'robots-tag-in-body',
    ]);
  });

  it('finds for a page what auditSite finds for the same page built (the same checks, one page)', async () => {
    const { page, html } = served('/private/old/', {
      data: { robots: 'noindex, unavailable_after: 2001-01-01' },
      body: '<p>x</p><meta name="robots" content="nosnippet">',
    });
    const site = tempSite({ 'robots.txt': ROBOTS_TXT, 'private/old/index.html': html });
    try {
      const report = await auditSite(site.root, { now: NOW });
      const pageIds = new Set([
        'noindex-disallowed',
        'expired',
        'conflicting-tags',
        'robots-on-error-page',
        'robots-tag-in-body',
        'invalid-robots-directive',
      ]);
      const fromAudit = report.findings
        .filter((finding) => pageIds.has(finding.id))
        .map((finding) => finding.id)
        .sort();
      // Without header files in the folder the audit sees no X-Robots-Tag, so compare without the `headers` option.
      const { headers: _headers, ...withoutHeaders } = options;
      const result = inspectPage({
        url: page.url,
        html,
        options: normalizeOptions(withoutHeaders, { env: {} }),
        robotsTxt: ROBOTS_TXT,
        now: NOW,
      });
      expect(result.findings.map((finding) => finding.id).sort()).toEqual(fromAudit);
      expect(fromAudit.length).toBeGreaterThan(1);
    } finally {
      site.cleanup();
    }
  });

  it('treats a 404 as an error page with no robots.txt and no origins to show', () => {
    const result = inspectPage({
      url: '/404',
      html: '<html><head><meta name="robots" content="noindex"></head></html>',
      status: 404,
      options,
      now: NOW,
    });
    expect(result.errorPage).toBe(true);
    expect(result.robotsTxtFound).toBe(false);
    expect(result.explanation).toBeUndefined();
    expect(result.crawlers[0]!.verdict.indexable).toBe(false);
    expect(result.findings.map((finding) => finding.id)).toEqual(['robots-on-error-page']);
  });
});

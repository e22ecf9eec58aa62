/**
 * `robots-kit check` gives a verdict for every file the site serves, not only pages (issue 37
 * item 9): a PDF or an image is restricted by header rules and robots.txt alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { generateHeaderFiles } from '../../src/index.js';
import { auditReportSchema, formatAuditJson } from '../../src/report/json.js';
import { formatAuditTable } from '../../src/report/table.js';
import { PAGE, tempSite } from './temp-site.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function audit(extra: Record<string, string>) {
  const [headers] = generateHeaderFiles(
    { targets: ['netlify'], rules: [{ path: '/files/**', robots: 'noindex' }] },
    { indexable: true, readExisting: () => undefined },
  );
  const site = tempSite({
    'index.html': PAGE,
    'files/guide.pdf': '%PDF-1.4',
    'img/photo.png': 'png',
    'feed.xml': '<rss/>',
    _headers: headers!.content,
    'robots.txt': 'User-agent: *\nDisallow: /img/\n',
    ...extra,
  });
  cleanup = site.cleanup;
  return auditSite(site.root, { crawlers: ['googlebot'] });
}

describe('verdicts for the files a site serves beside its pages', () => {
  it('a PDF under a header rule is not indexable, an image behind Disallow is not crawlable, others are free', async () => {
    const report = await audit({});
    const byUrl = Object.fromEntries(report.files.map((file) => [file.url, file.crawlers.googlebot!]));
    expect(Object.keys(byUrl)).toEqual(['/feed.xml', '/files/guide.pdf', '/img/photo.png', '/robots.txt']);
    expect(byUrl['/files/guide.pdf']).toMatchObject({ crawlable: true, indexable: false, directives: ['noindex'] });
    expect(byUrl['/img/photo.png']).toMatchObject({ crawlable: false });
    expect(byUrl['/feed.xml']).toMatchObject({ crawlable: true, indexable: true });
    // The hosts' own configuration files are not files the site serves.
    expect(report.files.some((file) => file.file === '_headers')).toBe(false);
    expect(auditReportSchema.safeParse(JSON.parse(formatAuditJson(report))).success).toBe(true);
    const table = formatAuditTable(report);
    expect(table).toMatch(/Files with restrictions \(2 of 4\)/);
    expect(table).toMatch(/\/files\/guide\.pdf/);
  });
});

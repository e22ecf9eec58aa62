/**
 * Issue 18, item 2: the HTML audit report. What the page is made of (one file, no request, data
 * as inert JSON), robots.txt groups' reach against the matcher, and `robots-kit check --html`.
 * The page in a real browser is html-browser.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import type { AuditPage, AuditReport, CrawlerVerdict } from '../../src/audit/types.js';
import { runCli } from '../../src/cli/run-cli.js';
import { explainMatch } from '../../src/robots-txt/match.js';
import { parseRobotsTxt } from '../../src/robots-txt/parse.js';
import { REPORT_SCRIPT } from '../../src/report/html-script.js';
import { formatAuditHtml, robotsTxtReach, writeAuditHtml } from '../../src/report/html.js';
import { captureIo } from '../audit/capture.js';
import { HOSTILE, reportSite } from './html-site.js';

interface Embedded {
  report: AuditReport;
  pages: Array<[string, string, number, string | null, number[]]>;
  verdicts: Array<CrawlerVerdict & { because: Record<string, Array<{ file: string | null }>> }>;
  robotsTxt?: { groups: Array<{ blocked: number; rules: Array<{ line: number; pages: number }> }> };
}
/** The JSON the page embeds, with its pages expanded back into the report's form, as the page's script reads them. */
function embedded(html: string): Embedded {
  const match = /<script type="application\/json" id="robots-kit-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the embedded data element').not.toBeNull();
  const data = JSON.parse(match![1]!) as Embedded;
  const pages = data.pages.map(([url, file, flags, canonical, indexes]): AuditPage => {
    const crawlers = Object.fromEntries(
      data.report.crawlers.map((crawler, c) => {
        const verdict = data.verdicts[indexes[c]!]!;
        const because = Object.fromEntries(
          Object.entries(verdict.because).map(([kind, sources]) => [
            kind,
            sources.map((source) => ({ ...source, file: source.file ?? file })),
          ]),
        );
        return [crawler, { ...verdict, because }];
      }),
    );
    return {
      url,
      file,
      errorPage: (flags & 1) !== 0,
      inSitemap: (flags & 2) !== 0,
      ...(canonical === null ? {} : { canonical }),
      crawlers,
    } as AuditPage;
  });
  return { ...data, report: { ...data.report, pages } };
}

describe('issue 18: the HTML audit report', () => {
  let site: ReturnType<typeof reportSite>;
  let report: AuditReport;
  beforeAll(async () => {
    site = reportSite();
    report = await auditSite(site.root, {
      crawlers: ['googlebot', 'gptbot', '*'],
      now: new Date('2026-01-01T00:00:00Z'),
    });
  });
  afterAll(() => site.cleanup());

  it('is one page that can request nothing: a CSP with default-src none, no src or href to load', () => {
    const html = formatAuditHtml(report);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    const tags =
      html
        .replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')
        .match(/<(?:script|link|img|iframe)\b[^>]*>/g) ?? [];
    expect(tags.filter((tag) => /\b(?:src|href)=/.test(tag))).toEqual([]);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('embeds the report as JSON no URL or tag can break out of, and reads back equal (each distinct verdict once)', () => {
    const html = formatAuditHtml(report);
    expect(JSON.stringify(report)).toContain('</script>');
    // Only the two closing tags of the page's own script elements.
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain(HOSTILE);
    const data = embedded(html);
    expect(data.report).toEqual(report);
    expect(new Set(data.verdicts.map((verdict) => JSON.stringify(verdict))).size).toBe(data.verdicts.length);
  });

  it('keeps data out of the markup for any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const html = formatAuditHtml(
          { ...report, directory: text, findings: [{ ...report.findings[0]!, message: text }] },
          { title: 'report' },
        );
        const data = embedded(html);
        expect(data.report.directory).toBe(text);
        expect(data.report.findings[0]!.message).toBe(text);
        expect(html.match(/<\/script/gi)).toHaveLength(2);
      }),
      { numRuns: 300 },
    );
  });

  it("the page's own script holds no `</script`", () => {
    expect(REPORT_SCRIPT.toLowerCase()).not.toContain('</script');
  });

  it("counts each robots.txt rule's reach as the matcher decides it", () => {
    const text = readFileSync(path.join(site.root, 'robots.txt'), 'utf8');
    const reach = robotsTxtReach(
      parseRobotsTxt(text),
      report.pages.map((page) => page.url),
      report.crawlers,
    );
    expect(reach.map((group) => group.crawlers)).toEqual([['googlebot', '*'], ['gptbot']]);
    const urls = report.pages.map((page) => page.url);
    expect(reach[0]!.blocked).toBe(urls.filter((url) => !explainMatch(text, '*', url).allowed).length);
    expect(reach[0]!.blocked).toBe(1);
    expect(reach[0]!.rules.map((rule) => [rule.line, rule.pages])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(reach[1]!.blocked).toBe(urls.length);
  });

  it('counts reach exactly for random rules and URLs (property, against explainMatch)', () => {
    const segment = fc.constantFrom('a', 'b', 'c', 'a.html', '');
    const pathArb = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), pathArb, fc.boolean()), { maxLength: 6 }),
        fc.array(pathArb, { maxLength: 20 }),
        (rules, urls) => {
          const text = `User-agent: *\n${rules.map(([allow, value, star]) => `${allow ? 'Allow' : 'Disallow'}: ${value}${star ? '*' : ''}`).join('\n')}\n`;
          const parsed = parseRobotsTxt(text);
          const [group] = robotsTxtReach(parsed, urls, ['*']);
          expect(group!.blocked).toBe(urls.filter((url) => !explainMatch(parsed, '*', url).allowed).length);
          for (const rule of group!.rules) {
            expect(rule.pages).toBe(
              urls.filter((url) => explainMatch(parsed, '*', url).rule?.line === rule.line).length,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes the page with the folder’s robots.txt and its groups', async () => {
    const file = path.join(site.root, '..', `${path.basename(site.root)}-report.html`);
    const written = await writeAuditHtml(report, file);
    const data = embedded(readFileSync(written, 'utf8'));
    expect(data.robotsTxt?.groups.map((group) => group.blocked)).toEqual([1, report.pages.length]);
  });
});

describe('issue 18: robots-kit check --html', () => {
  let site: ReturnType<typeof reportSite>;
  beforeAll(() => {
    site = reportSite();
  });
  afterAll(() => site.cleanup());

  it('writes the report besides the table, says where, and keeps the exit code of the findings', async () => {
    const io = { ...captureIo(), cwd: site.root };
    const code = await runCli(['check', site.root, '--html', 'out/report.html', '--fail-on', 'none'], io);
    expect(code).toBe(0);
    expect(io.stdout.text()).toContain('errors,');
    expect(io.stderr.text()).toContain(`HTML report written to ${path.join(site.root, 'out', 'report.html')}`);
    const data = embedded(readFileSync(path.join(site.root, 'out', 'report.html'), 'utf8'));
    expect(data.report.pages.length).toBeGreaterThan(5);
  });

  it.each([
    [['--html', ''], 'key `--html`: invalid value'],
    [['--html', 'reports/'], 'a file to write'],
    [['--html'], 'option --html needs a value'],
  ])('refuses %j before auditing', async (flags, message) => {
    const io = captureIo();
    expect(await runCli(['check', site.root, ...flags], io)).toBe(2);
    expect(io.stderr.text()).toContain(message);
  });

  it('exits 2 naming the file when it cannot write it', async () => {
    const io = { ...captureIo(), cwd: site.root };
    // A file where the folder should be.
    expect(await runCli(['check', site.root, '--html', 'index.html/report.html'], io)).toBe(2);
    expect(io.stderr.text()).toMatch(/cannot write the HTML report `.*index\.html\/report\.html` \(E[A-Z]+\)/);
  });
});

/**
 * Issue 18, item 2, in a real browser: the HTML audit report loaded from disk in headless
 * Chromium (driven over the DevTools protocol), filtered by clicking, a finding's link followed,
 * and a screenshot left in .cache/screenshots. Skipped, saying so, where Chromium is not installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { writeAuditHtml } from '../../src/report/html.js';
import { normalizeOptions } from '../../src/options/normalize.js';
import { explainPageSources } from '../../src/resolve/explain-page.js';
import {
  findChromium,
  launchChromium,
  NO_CHROMIUM,
  SCREENSHOT_DIR,
  type CdpPage,
  type ChromiumBrowser,
} from '../helpers/chromium.js';
import { HOSTILE, reportSite } from './html-site.js';

const chromium = findChromium();
if (!chromium) console.warn(`html-browser.test.ts: ${NO_CHROMIUM}`);

/** The URLs of the rows the tree shows, and the status line. */
const shownRows = `[...document.querySelectorAll('#tree .row')].map((row) => row.dataset.url)`;
const status = `document.getElementById('status').textContent`;

describe.skipIf(!chromium)('issue 18: the HTML audit report in Chromium', () => {
  let site: ReturnType<typeof reportSite>;
  let outDir: string;
  let browser: ChromiumBrowser;
  let page: CdpPage;
  let url: string;
  const requests: string[] = [];

  beforeAll(async () => {
    site = reportSite();
    outDir = mkdtempSync(path.join(tmpdir(), 'robots-kit-report-'));
    const report = await auditSite(site.root, {
      crawlers: ['googlebot', 'gptbot', '*'],
      now: new Date('2026-01-01T00:00:00Z'),
    });
    // What an adapter knows of one page: where its directives came from in the options.
    const { explanation } = explainPageSources(
      { url: '/private/team/', data: { robots: 'noindex' }, source: 'src/team.md' },
      normalizeOptions({}, { env: {} }),
    );
    const file = await writeAuditHtml(report, path.join(outDir, 'report.html'), {
      explanations: new Map([['/private/team/', explanation]]),
    });
    browser = await launchChromium(chromium);
    page = await browser.newPage({ width: 1280, height: 1100 });
    await page.send('Network.enable');
    page.on('Network.requestWillBeSent', (params) => requests.push(String((params.request as { url: string }).url)));
    url = pathToFileURL(file).href;
  });
  // Each test starts from the page as it opens.
  beforeEach(async () => {
    requests.length = 0;
    await page.navigate(url);
    await page.waitFor(`document.documentElement.dataset.ready === 'true'`, { what: 'the report to be drawn' });
  });
  afterAll(async () => {
    await browser?.close();
    site?.cleanup();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('draws every page in the tree, coloured for the first crawler, and requests nothing but itself', async () => {
    expect(await page.evaluate<string>(status)).toBe('Showing 10 of 10 pages');
    const rows = await page.evaluate<string[]>(shownRows);
    expect(rows).toContain('/blog/first/');
    expect(rows).toContain('/404');
    expect(await page.evaluate<string>(`document.querySelector('[data-url="/private/team/"]').className`)).toContain(
      'c-blocked',
    );
    expect(await page.evaluate<string>(`document.querySelector('[data-url="/drafts/wip/"]').className`)).toContain(
      'c-noindex',
    );
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('shows hostile text as text: no element or script came out of a tag or URL', async () => {
    expect(await page.evaluate<boolean>(`'__pwned' in window`)).toBe(false);
    expect(await page.evaluate<number>(`document.querySelectorAll('img').length`)).toBe(0);
    expect(page.console.filter((line) => line.startsWith('exception'))).toEqual([]);
  });

  it('filters by verdict: clicking "indexable" off leaves the noindex, blocked and error pages', async () => {
    await page.evaluate(`document.querySelector('[data-verdict="indexable"]').click()`);
    const rows = await page.evaluate<string[]>(shownRows);
    expect(rows.sort()).toEqual(['/404', '/drafts/wip/', '/events/old/', '/private/team/'].sort());
    expect(await page.evaluate<string>(status)).toBe('Showing 4 of 10 pages');
  });

  it('filters by crawler: for gptbot, whose group disallows everything, every fetchable page is blocked', async () => {
    await page.evaluate(`document.querySelector('[data-crawler="gptbot"]').click()`);
    await page.evaluate(`document.querySelector('[data-verdict="blocked"]').click()`);
    expect(await page.evaluate<string[]>(shownRows)).toEqual(['/404']);
  });

  it('filters by finding: the tag in the body', async () => {
    await page.evaluate(
      `(() => { const select = document.getElementById('finding-filter'); select.value = 'robots-tag-in-body'; select.dispatchEvent(new Event('change')); })()`,
    );
    expect(await page.evaluate<string[]>(shownRows)).toEqual(['/blog/second/']);
  });

  it("follows a finding's link to its page, expanded to where its verdict came from", async () => {
    await page.evaluate(
      `document.querySelector('#findings [data-finding="noindex-disallowed"] a[href="#/private/team/"]').click()`,
    );
    const details = await page.waitFor<string>(
      `document.querySelector('[data-details="/private/team/"]')?.textContent`,
      { what: 'the details of /private/team/' },
    );
    expect(details).toContain('Disallow: /private/');
    expect(details).toContain('robots.txt line 2');
    expect(details).toContain('<meta name="robots" content="noindex">');
    expect(details).toContain('private/team/index.html line 1');
    // The adapter's part: the option or file behind the tag.
    expect(details).toContain("Set bythe page's own setting: robots in src/team.md → robots: noindex");
    expect(
      await page.evaluate<string>(`document.querySelector('[data-details="/private/team/"] h3 + ul code').textContent`),
    ).toBe('robots');
    expect(await page.evaluate<string>(`document.activeElement.dataset.url`)).toBe('/private/team/');
    await page.screenshot(path.join(SCREENSHOT_DIR, 'audit-report.png'));
  });

  it('shows robots.txt with each group and the pages its rules decide', async () => {
    const robots = await page.evaluate<string>(`document.getElementById('robots').textContent`);
    expect(robots).toContain('read by googlebot, * · blocks 1 of 10 pages');
    expect(robots).toContain('Disallow: /private/ (line 2) decides 1 page');
    expect(robots).toContain('read by gptbot · blocks 10 of 10 pages');
  });
});

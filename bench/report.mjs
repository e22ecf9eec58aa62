// The HTML audit report (`robots-kit check --html`) of the 5,000-page bench site in headless
// Chromium: how long it takes to open (navigation start to the `load` event, the report drawn by
// then) and to filter (a click to the next frame), against a floor in the same run: the same
// bytes as a page with no script, which is what the browser needs just to read the file.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { auditSite } from '@robots-kit/core';
import { writeAuditHtml } from '@robots-kit/core/internal/adapter';
import { median, root, runNode, work } from './lib.mjs';
import { eleventySite } from './sites.mjs';

/** Milliseconds from a click to the frame after it, measured inside the page. */
const timeClick = (selector) => `(async () => {
  const t = performance.now();
  document.querySelector(${JSON.stringify(selector)}).click();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return performance.now() - t;
})()`;
const loadMs = `performance.getEntriesByType('navigation')[0].loadEventEnd`;

/** The Eleventy bench site built with the full options, as the Eleventy section leaves it; built here when that section did not run. */
function builtSite(pages) {
  const site = eleventySite(pages);
  const output = join(site, '_site-full');
  if (!existsSync(join(output, 'index.html'))) runNode(join(root, 'bench', 'eleventy-build.mjs'), [site, 'full']);
  return output;
}

export async function benchReport({ dir, pages = 5000, runs }) {
  dir ??= builtSite(pages);
  // A TypeScript test helper, loaded through Node's type stripping.
  const { findChromium, launchChromium, NO_CHROMIUM } = await import('../packages/core/test/helpers/chromium.ts');
  const chromium = findChromium();
  if (!chromium) return { skipped: NO_CHROMIUM };
  const report = await auditSite(dir, {
    site: 'https://example.com',
    crawlers: ['googlebot', 'bingbot', 'gptbot', '*'],
  });
  const file = await writeAuditHtml(report, join(work, 'report.html'));
  const html = (await import('node:fs')).readFileSync(file, 'utf8');
  // The floor: the same file with its script made inert.
  const floorFile = join(work, 'report-floor.html');
  writeFileSync(floorFile, html.replace(/<script>[\s\S]*?<\/script>/, '<script type="text/plain"></script>'));

  const browser = await launchChromium(chromium);
  const samples = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ width: 1280, height: 900 });
      await page.navigate(pathToFileURL(floorFile).href);
      const floorMs = await page.evaluate(loadMs);
      await page.navigate(pathToFileURL(file).href);
      await page.waitFor(`document.documentElement.dataset.ready === 'true'`, { what: 'the report to be drawn' });
      const openMs = await page.evaluate(loadMs);
      const filters = [
        await page.evaluate(timeClick('[data-verdict="indexable"]')),
        await page.evaluate(timeClick('[data-crawler="gptbot"]')),
        await page.evaluate(timeClick('[data-verdict="indexable"]')),
      ];
      const shown = await page.evaluate(`document.getElementById('status').textContent`);
      samples.push({ floorMs, openMs, filterMs: Math.max(...filters), shown });
    }
  } finally {
    await browser.close();
  }
  const openMs = median(samples.map((s) => s.openMs));
  const filterMs = median(samples.map((s) => s.filterMs));
  return {
    pages: report.pages.length,
    crawlers: report.crawlers.length,
    bytes: html.length,
    runs,
    openMs,
    floorMs: median(samples.map((s) => s.floorMs)),
    openVsFloor: openMs / median(samples.map((s) => s.floorMs)),
    filterMs,
    // The budget: opened and filtered once within 2 s.
    withinBudget: openMs + filterMs < 2000,
    shown: samples[0].shown,
  };
}

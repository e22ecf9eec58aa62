/**
 * Issue 18, item 1: the robots-kit app of Astro's dev toolbar, in a real browser. The real
 * `astro dev` (a child process on a loopback port) serves a small site; headless Chromium, driven
 * over the DevTools protocol, opens a page, opens the app from the toolbar and reads the panel:
 * per crawler what robots-kit decided and where each directive came from, the findings the audit
 * would report, and the panel following an edit and a navigation. Screenshot in .cache/screenshots.
 * Skipped, saying so, where Chromium is not installed.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findChromium,
  launchChromium,
  NO_CHROMIUM,
  SCREENSHOT_DIR,
  type CdpPage,
  type ChromiumBrowser,
} from '../../core/test/helpers/chromium.js';
import { fixtureRoot } from './helpers/build-fixture.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';

const chromium = findChromium();
if (!chromium) console.warn(`toolbar.test.ts: ${NO_CHROMIUM}`);

/** Temporary copies live inside the package, so `@robots-kit/astro` resolves as it does for the fixtures. */
const TMP = new URL('./.tmp/', import.meta.url);
const toolbar = `document.querySelector('astro-dev-toolbar')?.shadowRoot`;
const canvas = `${toolbar}?.querySelector('astro-dev-toolbar-app-canvas[data-app-id="robots-kit"]')?.shadowRoot`;
const panel = `${canvas}?.querySelector('#robots-kit-panel')`;

/** Opens `url` and waits for the panel to show an answer about it (it reopens by itself after a reload). */
async function openPanel(page: CdpPage, url: string, { click = true } = {}): Promise<string> {
  await page.navigate(url);
  await page.waitFor(`${toolbar}?.querySelector('[data-app-id="robots-kit"]')`, {
    what: 'the robots-kit button in the toolbar',
  });
  if (click) {
    // The toolbar initialises its apps when the browser is idle; the button works once ours is ready.
    await page.waitFor(
      `(() => { ${toolbar}.querySelector('[data-app-id="robots-kit"]').click(); return !!${canvas}?.querySelector('#robots-kit-panel'); })()`,
      { what: 'the app to open' },
    );
  }
  return page.waitFor<string>(
    `${panel}?.querySelector('table') && !${panel}.querySelector('[data-loading]') && ${panel}.innerText.includes(${JSON.stringify(new URL(url).pathname)}) && ${panel}.innerText`,
    {
      what: `the panel's answer about ${url}`,
    },
  );
}

describe.skipIf(!chromium)('issue 18: the robots-kit app of the Astro dev toolbar, in Chromium', () => {
  let root: string;
  let server: RunningDevServer | undefined;
  let browser: ChromiumBrowser | undefined;
  let page: CdpPage;

  beforeAll(async () => {
    await mkdir(TMP, { recursive: true });
    root = await mkdtemp(fileURLToPath(new URL('toolbar-', TMP)));
    await cp(fileURLToPath(fixtureRoot('toolbar')), root, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|\.astro)([\\/]|$)/.test(source),
    });
    // `development`: what users run; the app talks to the server over Vite's HMR socket.
    server = await startAstroDev(root, { nodeEnv: 'development' });
    browser = await launchChromium(chromium);
    page = await browser.newPage({ width: 1280, height: 1000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('shows per crawler what robots-kit decided and where each directive came from', async () => {
    const text = await openPanel(page, `${server!.origin}/private/report/`);
    expect(text).toContain('kept out of search results');
    // The robots row: noindex from the front matter, nofollow from the path rule, robots.txt's line.
    const row = await page.evaluate<string>(`${panel}.querySelector('tr[data-crawler="*"]').innerText`);
    expect(row).toMatch(/noindex\s+nofollow\s+disallowed\s+Disallow: \/private\/ \(line 2\)/);
    expect(row).toContain('snippet ≤ 160');
    const why = await page.evaluate<string>(
      `(() => { const d = ${panel}.querySelector('tr[data-crawler="*"] details'); d.open = true; return d.innerText; })()`,
    );
    expect(why).toContain("noindex ← the page's own setting: robots in src/pages/private/report.md: noindex");
    expect(why).toContain('nofollow ← path rule rules[0] (/private/**): nofollow');
    expect(why).toContain('snippet ← site default (defaults option): max-snippet:160');
    expect(why).toContain('sent as X-Robots-Tag, <meta name="robots"> line 1');
    expect(why).toContain('fetch ← Disallow: /private/ robots.txt line 2');
    // The AI crawlers blockAiBots disallows, as one row, named in AI_BOTS order (by purpose, then token).
    expect(text).toMatch(/AI crawlers \(\d+\): [A-Za-z][\w-]*, /);
    expect(text).toContain('Disallow: / (line');
    // The theme's tag, merged, and the X-Robots-Tag `headers.html` gives the page.
    expect(text).toContain(
      'tag already in the page\'s HTML (a layout or theme): <meta name="robots" content="max-image-preview:standard"> → robots: max-image-preview:standard',
    );
    expect(text).toContain('noindex, nofollow, max-snippet:160, max-image-preview:standard ← /private/report/');
  });

  it('flags what the audit would: a noindex page behind Disallow', async () => {
    expect(
      await page.evaluate<string[]>(
        `[...${panel}.querySelectorAll('astro-dev-toolbar-card')].map((card) => card.dataset.finding)`,
      ),
    ).toEqual(['noindex-disallowed']);
    // Astro's own notification dot on the app's button, at the error level.
    expect(
      await page.evaluate<string | null>(
        `${toolbar}.querySelector('[data-app-id="robots-kit"] .notification')?.getAttribute('data-level')`,
      ),
    ).toBe('error');
    await page.evaluate(`${panel}.querySelectorAll('details').forEach((d, i) => (d.open = i < 1))`);
    await page.screenshot(path.join(SCREENSHOT_DIR, 'astro-toolbar.png'));
  });

  it('follows an edit: the front matter without its noindex', async () => {
    const file = path.join(root, 'src/pages/private/report.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('robots: noindex\n', ''));
    const text = await page.waitFor<string>(
      `${panel}?.querySelector('table') && !${panel}.innerText.includes('noindex-disallowed') && ${panel}.innerText`,
      {
        what: 'the panel after the edit',
      },
    );
    expect(await page.evaluate<string>(`${panel}.querySelector('tr[data-crawler="*"]').innerText`)).toMatch(
      /^\S.*\s+index\s+nofollow\s+disallowed/,
    );
    expect(text).not.toContain("the page's own setting");
  });

  it('follows a navigation to another page', async () => {
    const text = await openPanel(page, `${server!.origin}/`, { click: false });
    expect(text).toContain('indexable');
    expect(await page.evaluate<string>(`${panel}.querySelector('tr[data-crawler="*"]').innerText`)).toMatch(
      /index\s+follow\s+allowed/,
    );
    expect(page.console.filter((line) => /exception|robots-kit/i.test(line) && !line.startsWith('debug'))).toEqual([]);
  });
});

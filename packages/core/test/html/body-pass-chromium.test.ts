/**
 * The body pass in Chromium (issue 34): the scripts of a page run the same before and after the
 * pass, legacy `<script><!--` scripts that write links included, while the links outside them are
 * edited. Skipped, saying so, where Chromium is not installed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeOptions } from '../../src/index.js';
import { rewritePageBody } from '../../src/resolve/body-rules.js';
import { type ChromiumBrowser, findChromium, launchChromium, NO_CHROMIUM } from '../helpers/chromium.js';

const chromium = findChromium();
if (!chromium) console.info(NO_CHROMIUM);

/** Scripts that hold markup: each logs what it ran; a script that no longer parses logs nothing. */
const PAGE = `<!DOCTYPE html><html><head><title>t</title><script>window.log = [];</script></head><body>
<script><!--
document.write('<script src="data:text/javascript,window.log.push(\\'ads\\')"></script>');
document.write("<a id=w href=https://shop.example/dp/B0>Buy</a>");
window.log.push('legacy');
//--></script>
<script>window.log.push('<a href="https://shop.example/x">' + "<a href='https://shop.example/y'>");</script>
<script><!--<script>window.log.push("</script><a href=https://shop.example/z>");--></script>
<svg class="icon"/><p><a id=after href="https://shop.example/dp/B1">Buy</a></p>
<svg><foreignObject><a id=inside href="https://shop.example/dp/B2">Buy</a></foreignObject></svg>
<script>window.log.push(document.querySelectorAll('a[rel~=sponsored]').length);</script>
</body></html>`;

describe.skipIf(!chromium)('issue 34: the body pass in Chromium', () => {
  let browser: ChromiumBrowser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-body-'));
    browser = await launchChromium(chromium);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** What the page's scripts logged, and the rel of each link with an id, as Chromium ran it. */
  async function run(name: string, html: string): Promise<{ log: unknown[]; rels: Record<string, string | null> }> {
    const file = path.join(dir, name);
    writeFileSync(file, html);
    const page = await browser.newPage();
    await page.navigate(pathToFileURL(file).href);
    return page.evaluate(
      `({ log: window.log, rels: Object.fromEntries([...document.querySelectorAll('a[id]')].map((a) => [a.id, a.getAttribute('rel')])) })`,
    );
  }

  it('runs the scripts the same, and the links outside them get their rel', async () => {
    const options = normalizeOptions({
      site: 'https://example.com',
      links: [{ rel: 'sponsored', hosts: ['shop.example'] }],
    });
    const after = rewritePageBody(PAGE, { url: '/p/', source: 'src/p.md' }, options).html;
    expect(after).not.toBe(PAGE);
    const before = await run('before.html', PAGE);
    const edited = await run('after.html', after);
    // The legacy script ran (and the script it wrote after it), the string of links was logged, and no link had a rel.
    expect(before.log).toEqual([
      'legacy',
      'ads',
      `<a href="https://shop.example/x"><a href='https://shop.example/y'>`,
      0,
    ]);
    // The scripts ran alike; only the count of edited links, read by the last script, differs.
    expect(edited.log).toEqual([...before.log.slice(0, -1), 2]);
    expect(edited.rels).toEqual({ w: null, after: 'sponsored', inside: 'sponsored' });
  });
});

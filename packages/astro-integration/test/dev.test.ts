import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isAllowed } from '@robots-kit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureRoot } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';

/** Temporary copies live inside the package, so `@robots-kit/astro` resolves as it does for the fixtures. */
const TMP = new URL('./.tmp/', import.meta.url);

async function replaceInFile(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

/** Fetches `/robots.txt` until it contains `expected` (the file is read on each request), or fails with the last body. */
async function waitForRobotsTxt(url: string, expected: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await (await fetch(url)).text();
    if (last.includes(expected)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(last, `body of ${url}`).toContain(expected);
  return last;
}

/** Fetches until the page's `robots` tag is `expected` (the watcher needs a moment), or fails with the last value. */
async function waitForRobots(url: string, expected: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: string | undefined;
  while (Date.now() < deadline) {
    const response = await fetch(url);
    const html = await response.text();
    last = robotsTags(html).find(([name]) => name === 'robots')?.[1];
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(last, `robots tag of ${url}`).toBe(expected);
}

// `development` is what users run (HMR on); with `test` Astro turns HMR off, and edits must still show.
describe.each(['development', 'test'])('astro dev (the CLI, on a loopback port, NODE_ENV=%s)', (nodeEnv) => {
  let root: string;
  let server: RunningDevServer | undefined;
  let origin: string;

  beforeAll(async () => {
    await mkdir(TMP, { recursive: true });
    root = await mkdtemp(fileURLToPath(new URL('dev-', TMP)));
    await cp(fileURLToPath(fixtureRoot('dev')), root, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|\.astro)([\\/]|$)/.test(source),
    });
    server = await startAstroDev(root, { nodeEnv });
    origin = server.origin;
  });

  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('serves a page with its robots tag', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(robotsTags(await response.text())).toEqual([['robots', 'noindex']]);
  });

  it('serves the new tag after the page’s front matter is edited', async () => {
    await replaceInFile(`${root}/src/pages/index.md`, 'robots: noindex', 'robots: noindex, nofollow');
    await waitForRobots(`${origin}/`, 'noindex, nofollow');
  });

  it('serves /robots.txt: the options merged with public/robots.txt, which does not shadow it', async () => {
    const response = await fetch(`${origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('# Hand-written.');
    expect(text).toContain('Sitemap: https://example.com/sitemap.xml');
    expect(isAllowed(text, 'Googlebot', 'https://example.com/admin/')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/drafts/')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/')).toBe(true);
    expect(isAllowed(text, 'GPTBot', 'https://example.com/')).toBe(false);
  });

  it('serves the edited public/robots.txt, merged, on the next request', async () => {
    await replaceInFile(`${root}/public/robots.txt`, 'Disallow: /drafts/', 'Disallow: /unlisted/');
    const text = await waitForRobotsTxt(`${origin}/robots.txt`, 'Disallow: /unlisted/');
    expect(text).not.toContain('/drafts/');
    expect(text).toContain('Disallow: /admin/');
  });

  it('answers 500 with the reason, naming public/robots.txt, when an edit conflicts with the options', async () => {
    await replaceInFile(`${root}/public/robots.txt`, 'Disallow: /unlisted/', 'Disallow: /unlisted/\nCrawl-delay: 9');
    const deadline = Date.now() + 20_000;
    let response = await fetch(`${origin}/robots.txt`);
    while (response.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      response = await fetch(`${origin}/robots.txt`);
    }
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('public/robots.txt');
    expect(body).toContain('Crawl-delay');
    expect(server?.output()).toContain('Crawl-delay');
    await replaceInFile(`${root}/public/robots.txt`, '\nCrawl-delay: 9', '');
    await waitForRobotsTxt(`${origin}/robots.txt`, 'Disallow: /unlisted/');
  });

  it('serves the new tag after a collection entry’s raw front matter is edited', async () => {
    await waitForRobots(`${origin}/notes/a-note/`, 'noarchive');
    await replaceInFile(`${root}/src/content/notes/a-note.md`, 'robots: noarchive', 'robots: nosnippet');
    await waitForRobots(`${origin}/notes/a-note/`, 'nosnippet');
  });
});

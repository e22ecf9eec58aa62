import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { isErrorPage, isNoindexPage, matchHeaderPattern, parseHeadersFile } from '@robots-kit/core/internal/adapter';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchOutput } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/eleventy-blog/', import.meta.url));
const ELEVENTY_CLI = fileURLToPath(new URL('../../../node_modules/@11ty/eleventy/cmd.cjs', import.meta.url));

let output: string;
let log: string;
/** URL path → built HTML, for every page of the site. */
const pages = new Map<string, string>();

beforeAll(async () => {
  output = await scratchOutput('example');
  // The example's own config and the published package (dist), run by Eleventy's CLI in the example's folder.
  const build = spawnSync(process.execPath, [ELEVENTY_CLI, `--output=${output}`], {
    cwd: EXAMPLE,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  log = `${build.stdout}${build.stderr}`;
  if (build.status !== 0) throw new Error(`the example did not build:\n${log}`);
  for (const file of await readdir(output, { recursive: true })) {
    if (!file.endsWith('.html')) continue;
    const url =
      '/' +
      file
        .split(path.sep)
        .join('/')
        .replace(/(^|\/)index\.html$/, '$1');
    pages.set(url, await readFile(path.join(output, file), 'utf8'));
  }
}, 60_000);

describe('examples/eleventy-blog, built with its own config', () => {
  it('passes its audit', () => {
    expect(log).toMatch(
      /\[@robots-kit\/eleventy\] robots-kit audit of .*: 14 pages, 7 sitemap URLs; 0 errors, 0 warnings/,
    );
  });

  it('lists every indexable page in its sitemap, and no noindex or error page', async () => {
    const listed = new Set(sitemapPaths(await readFile(path.join(output, 'sitemap.xml'), 'utf8')));
    expect(pages.size).toBe(14);
    for (const [url, html] of pages) {
      const indexable = !isNoindexPage(robotsTags(html)) && !isErrorPage({ url });
      expect(listed.has(url), url).toBe(indexable);
    }
    // Besides pages, only the feed: it is in collections.all, as @11ty/eleventy-plugin-rss adds it.
    expect([...listed].filter((url) => !pages.has(url))).toEqual(['/feed.xml']);
    expect(listed.has('/drafts/secret-plans/')).toBe(false);
    expect(listed.has('/posts/rye-loaf/')).toBe(true);
  });

  it('keeps its draft (`draft: true` in front matter, as eleventy-base-blog marks drafts) out of search results', () => {
    expect(robotsTags(pages.get('/drafts/secret-plans/')!)).toEqual({ robots: 'noindex, follow' });
    // The base blog's preprocessor marks the title.
    expect(pages.get('/drafts/secret-plans/')).toContain(
      '<title>Secret plans for the allotment (draft) · Field Notes</title>',
    );
    expect(log).not.toMatch(/no page (of this build|'s)/);
  });

  it('writes robots.txt with its groups, sitemap and AI rules', async () => {
    const parsed = parseRobotsTxt(await readFile(path.join(output, 'robots.txt'), 'utf8'));
    expect(parsed.sitemaps.map((sitemap) => sitemap.url)).toEqual(['https://example.com/sitemap.xml']);
    expect(isAllowed(parsed, 'Bingbot', '/search?q=rye')).toBe(false);
    expect(isAllowed(parsed, 'Googlebot', '/search?q=rye')).toBe(false);
    expect(isAllowed(parsed, 'Googlebot', '/posts/rye-loaf/')).toBe(true);
    expect(isAllowed(parsed, 'GPTBot', '/posts/rye-loaf/')).toBe(false);
  });

  it('sends noindex with the PDF guide on Netlify', async () => {
    const headers = parseHeadersFile(await readFile(path.join(output, '_headers'), 'utf8'));
    const robotsFor = (urlPath: string) =>
      [...headers]
        .filter(([pattern]) => matchHeaderPattern(pattern, urlPath))
        .flatMap(([, lines]) => lines.map((line) => `${line.name}: ${line.value}`));
    expect(robotsFor('/files/guide.pdf')).toEqual(['X-Robots-Tag: noindex, nofollow']);
    expect(robotsFor('/posts/rye-loaf/')).toEqual([]);
    expect((await readFile(path.join(output, 'files/guide.pdf'), 'utf8')).startsWith('%PDF')).toBe(true);
  });
});

describe('examples/eleventy-blog as a deploy preview (CONTEXT=deploy-preview)', () => {
  it('builds with its audit, every page noindex, nofollow, nothing indexable', async () => {
    const previewOutput = await scratchOutput('example-preview');
    const build = spawnSync(process.execPath, [ELEVENTY_CLI, `--output=${previewOutput}`], {
      cwd: EXAMPLE,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CONTEXT: 'deploy-preview' },
    });
    const previewLog = `${build.stdout}${build.stderr}`;
    expect(build.status, previewLog).toBe(0);
    // 0 errors: what a preview must guarantee. (A warning remains: rye-loaf's own `max-snippet:120` beside the site-wide header.)
    expect(previewLog).toMatch(/robots-kit audit of .*: 14 pages, 0 sitemap URLs; 0 errors,/);
    expect(robotsTags(await readFile(path.join(previewOutput, 'posts/coast-path/index.html'), 'utf8'))).toEqual({
      robots: 'noindex, nofollow',
    });
    expect(robotsTags(await readFile(path.join(previewOutput, 'drafts/secret-plans/index.html'), 'utf8'))).toEqual({
      robots: 'noindex, nofollow',
    });
    const parsed = parseRobotsTxt(await readFile(path.join(previewOutput, 'robots.txt'), 'utf8'));
    expect(isAllowed(parsed, 'Googlebot', '/posts/rye-loaf/')).toBe(false);
  }, 60_000);
});

/**
 * Issue 11, item 11: `eleventy --watch --incremental` (what `--serve --incremental` runs, without
 * a server listening on every interface): after a page turns noindex, its sitemap no longer
 * lists it. Eleventy rebuilds a template that reads a collection only for the collections its
 * `eleventyImport` names; a sitemap that names none is said to be stale, loudly, with the fix.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, startCli, tagsByUrl, type WatchingCli } from './helpers/cli-project.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const BUILD_DONE = /\[11ty\] Wrote \d+ files?/;
const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body>{{ content | safe }}</body>\n</html>\n';
const sitemap = (permalink: string, imports: string) =>
  `---\npermalink: ${permalink}\neleventyExcludeFromCollections: true\n${imports}---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for item in collections.all | robotsIndexable %}<url><loc>https://example.com{{ item.url }}</loc></url>{% endfor %}</urlset>\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('item 11: --incremental', () => {
  let dir: string;
  let cli: WatchingCli;
  const listed = async (file: string) => sitemapPaths(await readFile(path.join(dir, '_site', file), 'utf8')).sort();

  beforeAll(async () => {
    dir = await createProject('incremental', {
      'package.json': '{ "name": "incremental", "private": true, "type": "module" }\n',
      'eleventy.config.js':
        "import robots from '@robots-kit/eleventy';\nexport default function (eleventyConfig) {\n  eleventyConfig.setUseGitIgnore(false);\n  eleventyConfig.addPlugin(robots, { noindex: { data: { draft: true } } });\n}\nexport const config = { dir: { input: 'src' } };\n",
      'src/_includes/page.njk': LAYOUT,
      'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\nHome.\n',
      'src/post.md': '---\nlayout: page.njk\ntitle: Post\n---\nA post.\n',
      // As documented: the sitemap names the collection it reads.
      'src/sitemap.njk': sitemap('/sitemap.xml', 'eleventyImport:\n  collections: ["all"]\n'),
      'src/sitemap-without-import.njk': sitemap('/sitemap-without-import.xml', ''),
    });
    cli = startCli(dir, ['--watch', '--incremental']);
    await cli.waitFor(/Watching…/, 1);
    await sleep(1000);
  }, 60_000);
  afterAll(async () => {
    await cli?.stop();
  });

  it('the first build lists both pages, and names the sitemap that an incremental build cannot keep up to date', async () => {
    expect(await listed('sitemap.xml')).toEqual(['/', '/post/']);
    const advice =
      "[@robots-kit/eleventy] ./src/sitemap-without-import.njk uses `robotsIndexable`, but `--incremental` rebuilds it only for the collections its `eleventyImport` names: add `eleventyImport: { collections: ['all'] }` to its front matter, so a page that turns noindex leaves it on the next build.";
    expect(cli.log().split(advice).length - 1).toBe(1);
    expect(cli.log()).not.toMatch(/\.\/src\/sitemap\.njk uses/);
  });

  it('after a page turns noindex, the sitemap no longer lists it; the stale one is named', async () => {
    await writeFile(path.join(dir, 'src/post.md'), '---\nlayout: page.njk\ntitle: Post\ndraft: true\n---\nA post.\n');
    await cli.waitFor(BUILD_DONE, 2);
    expect((await tagsByUrl(path.join(dir, '_site')))['/post/']).toEqual({ robots: 'noindex, follow' });
    expect(await listed('sitemap.xml')).toEqual(['/']);
    // Eleventy did not rebuild it, and the log says so, with the fix.
    expect(await listed('sitemap-without-import.xml')).toEqual(['/', '/post/']);
    expect(cli.log()).toContain(
      "[@robots-kit/eleventy] ./src/sitemap-without-import.njk was not rebuilt by this incremental build, so its output is stale for /post/, whose robots tags changed: add `eleventyImport: { collections: ['all'] }` to its front matter, or run a full build.",
    );
  });

  it('and lists it again when it turns indexable', async () => {
    await writeFile(path.join(dir, 'src/post.md'), '---\nlayout: page.njk\ntitle: Post\n---\nA post again.\n');
    await cli.waitFor(BUILD_DONE, 3);
    expect(await listed('sitemap.xml')).toEqual(['/', '/post/']);
  });
});

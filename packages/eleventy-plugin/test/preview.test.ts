/**
 * Issue 11, item 13: a preview deploy (Netlify `CONTEXT=deploy-preview`) with `audit: true`. The
 * plugin makes every page `noindex, nofollow`, robots.txt `Disallow: /` and the header files
 * site-wide, on purpose; the audit judges the build as the preview it is (nothing indexable)
 * instead of failing it for what the plugin did deliberately.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseHeadersFile, matchHeaderPattern } from '@robots-kit/core/internal/adapter';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditSummary, createProject, runCli, tagsByUrl, type CliBuild } from './helpers/cli-project.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body>{{ content | safe }}</body>\n</html>\n';

function site(): Record<string, string> {
  return {
    'package.json': '{ "name": "preview", "private": true, "type": "module" }\n',
    'eleventy.config.js': `import robots from '@robots-kit/eleventy';
export default function (eleventyConfig) {
  eleventyConfig.addPlugin(robots, {
    site: 'https://example.com',
    noindex: { data: { draft: true } },
    robotsTxt: { sitemap: true },
    headers: { targets: ['netlify'] },
    audit: true,
  });
}
export const config = { dir: { input: 'src' } };
`,
    'src/_includes/page.njk': LAYOUT,
    'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\nHome.\n',
    'src/posts/hello.md': '---\nlayout: page.njk\ntitle: Hello\n---\nA post.\n',
    'src/posts/draft.md': '---\nlayout: page.njk\ntitle: Draft\ndraft: true\n---\nNot yet.\n',
    'src/404.md':
      '---\nlayout: page.njk\ntitle: Not found\npermalink: /404.html\neleventyExcludeFromCollections: true\n---\nNothing here.\n',
    // A sitemap that lists every page, as many do: in a preview, its URLs are noindex and disallowed.
    'src/sitemap.njk':
      '---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for item in collections.all %}<url><loc>https://example.com{{ item.url }}</loc></url>{% endfor %}</urlset>\n',
  };
}

describe('item 13: preview builds with audit: true', () => {
  let preview: { dir: string; build: CliBuild };
  let production: { dir: string; build: CliBuild };
  beforeAll(async () => {
    const previewDir = await createProject('preview', site());
    const productionDir = await createProject('production', site());
    preview = { dir: previewDir, build: runCli(previewDir, [], { CONTEXT: 'deploy-preview' }) };
    production = { dir: productionDir, build: runCli(productionDir, [], { CONTEXT: 'production' }) };
  }, 120_000);

  it('builds, says why it is not indexable, and the audit passes it as a preview', () => {
    expect(preview.build.status, preview.build.log).toBe(0);
    expect(preview.build.log).toContain(
      '[@robots-kit/eleventy] this build is not indexable (Netlify CONTEXT=deploy-preview): every page gets `noindex, nofollow`.',
    );
    expect(auditSummary(preview.build.log)).toMatch(/: 4 pages, 3 sitemap URLs; 0 errors, 0 warnings/);
  });

  it('gives every page noindex, nofollow (error pages none), disallows everything and sends the header site-wide', async () => {
    const output = path.join(preview.dir, '_site');
    expect(await tagsByUrl(output)).toEqual({
      '/': { robots: 'noindex, nofollow' },
      '/404.html': {},
      '/posts/draft/': { robots: 'noindex, nofollow' },
      '/posts/hello/': { robots: 'noindex, nofollow' },
    });
    expect(await readFile(path.join(output, 'robots.txt'), 'utf8')).toMatch(/^User-agent: \*\nDisallow: \/\n?$/m);
    expect(await readFile(path.join(output, 'robots.txt'), 'utf8')).not.toMatch(/^Sitemap:/m);
    const headers = parseHeadersFile(await readFile(path.join(output, '_headers'), 'utf8'));
    const robotsFor = (urlPath: string) =>
      [...headers]
        .filter(([pattern]) => matchHeaderPattern(pattern, urlPath))
        .flatMap(([, lines]) => lines.map((line) => line.value));
    expect(robotsFor('/posts/hello/')).toEqual(['noindex, nofollow']);
    expect(sitemapPaths(await readFile(path.join(output, 'sitemap.xml'), 'utf8')).sort()).toEqual([
      '/',
      '/posts/draft/',
      '/posts/hello/',
    ]);
  });

  it('the same site in production: its unfiltered sitemap lists a noindex draft, and the audit fails the build for it', () => {
    expect(production.build.status).not.toBe(0);
    expect(production.build.log).toMatch(/error noindex-in-sitemap: .*\/posts\/draft\//);
  });
});

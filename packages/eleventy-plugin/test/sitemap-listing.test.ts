/**
 * A sitemap template written without the `robotsIndexable` filter lists noindex pages: the build
 * says so, naming each URL, even without `audit: true` (which fails the build on it instead).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, runCli, type CliBuild } from './helpers/cli-project.js';

const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body>{{ content | safe }}</body>\n</html>\n';
const SITEMAP = (filter: string) =>
  `---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{%- for item in collections.all${filter} %}\n<url><loc>https://example.com{{ item.url }}</loc></url>\n{%- endfor %}\n</urlset>\n`;

function project(filter: string, audit = false): Record<string, string> {
  return {
    'package.json': '{ "name": "sitemap-listing", "private": true, "type": "module" }\n',
    'eleventy.config.js': `import robots from '@robots-kit/eleventy';\nexport default function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, { site: 'https://example.com', noindex: { data: { draft: true } }, audit: ${audit} });\n}\nexport const config = { dir: { input: 'src' } };\n`,
    'src/_includes/page.njk': LAYOUT,
    'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\nHome.\n',
    'src/draft.md': '---\nlayout: page.njk\ntitle: Draft\ndraft: true\n---\nNot yet.\n',
    'src/404.md': '---\nlayout: page.njk\ntitle: Not found\npermalink: /404.html\n---\nNothing here.\n',
    'src/sitemap.xml.njk': SITEMAP(filter),
  };
}

describe('a sitemap that lists noindex and error pages', () => {
  let unfiltered: CliBuild;
  let filtered: CliBuild;
  let preview: CliBuild;
  beforeAll(async () => {
    const unfilteredDir = await createProject('sitemap-unfiltered', project(''));
    unfiltered = runCli(unfilteredDir);
    filtered = runCli(await createProject('sitemap-filtered', project(' | robotsIndexable')));
    preview = runCli(unfilteredDir, [], { ROBOTS_INDEXABLE: 'false' });
  }, 120_000);

  it('names each such URL and the fix, once', () => {
    expect(unfiltered.status, unfiltered.log).toBe(0);
    expect(unfiltered.log).toContain(
      '_site/sitemap.xml lists https://example.com/draft/, a page that carries noindex: search engines get contradictory signals.',
    );
    expect(unfiltered.log).toContain(
      '_site/sitemap.xml lists https://example.com/404.html, an error page: search engines get contradictory signals.',
    );
    expect(unfiltered.log.split('with the `robotsIndexable` filter').length - 1).toBe(1);
    expect(unfiltered.log).not.toContain('https://example.com/, a page');
  });

  it('says nothing in a build that is not indexable, where every page is noindex on purpose', () => {
    expect(preview.status, preview.log).toBe(0);
    expect(preview.log).toMatch(/not indexable/);
    expect(preview.log).not.toContain('contradictory signals');
  });

  it('says nothing when the sitemap uses robotsIndexable', () => {
    expect(filtered.status, filtered.log).toBe(0);
    expect(filtered.log).not.toContain('contradictory signals');
  });
});

/**
 * Issue 11, item 8: a site built with `--pathprefix` (eleventy-base-blog's GitHub Pages build,
 * with Eleventy's HtmlBasePlugin) is audited below its prefix: no false `sitemap-missing`, and
 * its sitemap, robots.txt and tags are checked as they are served. Globs match `page.url`,
 * which has no prefix; one written with the prefix gets a warning that says so.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditSummary, createProject, runCli, tagsByUrl, type CliBuild } from './helpers/cli-project.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
/** `npx robots-kit`, as the adapter's package ships it. */
const ROBOTS_KIT_BIN = fileURLToPath(new URL('../bin/robots-kit.js', import.meta.url));

/** `robots-kit check _site --format=json <args>` in the project, as a CI step runs it after the build. */
function checkCli(dir: string, args: readonly string[] = []) {
  const run = spawnSync(process.execPath, [ROBOTS_KIT_BIN, 'check', '_site', '--format=json', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  return {
    status: run.status,
    report: JSON.parse(run.stdout) as { site?: string; summary: Record<string, any>; findings: { id: string }[] },
    stderr: run.stderr,
  };
}

function baseBlog(paths: string): Record<string, string> {
  return {
    'package.json': '{ "name": "prefixed-blog", "private": true, "type": "module" }\n',
    'eleventy.config.js': `import { HtmlBasePlugin } from '@11ty/eleventy';
import robots from '@robots-kit/eleventy';
export default function (eleventyConfig) {
  eleventyConfig.addPlugin(HtmlBasePlugin);
  eleventyConfig.addPlugin(robots, { site: 'https://example.com', noindex: { data: { draft: true }, paths: ${paths} }, robotsTxt: { sitemap: true }, audit: true });
}
export const config = { dir: { input: 'content' } };
`,
    'content/_includes/page.njk':
      '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body><a href="/">Home</a>{{ content | safe }}</body>\n</html>\n',
    'content/index.md': '---\nlayout: page.njk\ntitle: Home\n---\nHome.\n',
    'content/blog/hello.md': '---\nlayout: page.njk\ntitle: Hello\ntags: notes\n---\nA post.\n',
    'content/blog/draft.md': '---\nlayout: page.njk\ntitle: Draft\ndraft: true\n---\nNot yet.\n',
    'content/tags.njk':
      '---\nlayout: page.njk\npagination:\n  data: collections\n  size: 1\n  alias: tag\n  filter: [all]\npermalink: /tags/{{ tag | slugify }}/\n---\nTagged {{ tag }}.\n',
    // eleventy-base-blog's sitemap: absolute URLs through HtmlBasePlugin's filter, which adds the prefix.
    'content/sitemap.xml.njk':
      '---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\neleventyImport:\n  collections: ["all"]\n---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{%- for item in collections.all | robotsIndexable %}\n<url><loc>{{ item.url | htmlBaseUrl("https://example.com/") }}</loc></url>\n{%- endfor %}\n</urlset>\n',
  };
}

describe('item 8: pathPrefix', () => {
  let dir: string;
  let build: CliBuild;
  beforeAll(async () => {
    dir = await createProject('path-prefix', baseBlog("['/tags/**']"));
    build = runCli(dir, ['--pathprefix=blog']);
  }, 120_000);

  it('builds, and the audit reads the site below its prefix: no false sitemap-missing', () => {
    expect(build.log).not.toMatch(/sitemap-missing/);
    expect(build.status, build.log).toBe(0);
    expect(auditSummary(build.log)).toMatch(/: 4 pages, 2 sitemap URLs; 0 errors, 0 warnings, 0 info$/);
  });

  it("issue 37 item 2: `robots-kit check _site` after the build needs no flag the build knew, and agrees with the build's audit", () => {
    // The build leaves `.robots-kit.json` (site, path prefix) in the output for the check.
    for (const args of [[], ['--site', 'https://example.com']]) {
      const check = checkCli(dir, args);
      expect(check.status, `${args.join(' ')}: ${check.stderr}`).toBe(0);
      expect(check.report.findings.map((finding) => finding.id)).not.toContain('sitemap-missing');
      expect(check.report.site).toBe('https://example.com/blog');
      // The same counts as the build's own audit line.
      const { pages, sitemapUrls, findings } = check.report.summary;
      expect(
        `${pages} pages, ${sitemapUrls} sitemap URLs; ${findings.error} errors, ${findings.warning} warnings, ${findings.info} info`,
      ).toBe(auditSummary(build.log)?.replace(/^[^:]*: /, ''));
    }
  });

  it('lists the indexable pages at their prefixed URLs, and robots.txt points at the prefixed sitemap', async () => {
    expect(sitemapPaths(await readFile(path.join(dir, '_site/sitemap.xml'), 'utf8')).sort()).toEqual([
      '/blog/',
      '/blog/blog/hello/',
    ]);
    expect(await readFile(path.join(dir, '_site/robots.txt'), 'utf8')).toBe(
      'User-agent: *\nDisallow:\n\nSitemap: https://example.com/blog/sitemap.xml\n',
    );
    // Crawlers read robots.txt at the root of the host only: the log says so.
    expect(build.log).toMatch(
      /robots\.txt is written at the root of the output, but the site is served below `\/blog\/`/,
    );
  });

  it('matches globs against page.url, without the prefix', async () => {
    expect(await tagsByUrl(path.join(dir, '_site'))).toEqual({
      '/': { googlebot: GOOGLEBOT },
      '/blog/draft/': { robots: 'noindex, follow' },
      '/blog/hello/': { googlebot: GOOGLEBOT },
      '/tags/notes/': { robots: 'noindex, follow' },
    });
  });

  it("writes Apache's and nginx's header patterns below the prefix (they match the whole request path), Netlify's as the folder's own", async () => {
    const files = baseBlog("['/tags/**']");
    files['eleventy.config.js'] = files['eleventy.config.js']!.replace(
      'audit: true });',
      "audit: true, headers: { targets: ['apache', 'nginx', 'netlify'], html: true, rules: [{ path: '/files/*.pdf', robots: 'noindex' }] } });\n  eleventyConfig.addPassthroughCopy({ 'content/files': 'files' });",
    );
    files['content/files/guide.pdf'] = '%PDF-1.4\n';
    const prefixed = await createProject('path-prefix-headers', files);
    const built = runCli(prefixed, ['--pathprefix=blog']);
    expect(built.status, built.log).toBe(0);
    const htaccess = await readFile(path.join(prefixed, '_site/.htaccess'), 'utf8');
    expect(htaccess).toContain('<If "%{REQUEST_URI} =~ m#^/blog/files/[^/]*\\.pdf(?:/|/index\\.html|\\.html)?$#">');
    expect(htaccess).toContain('<If "%{REQUEST_URI} =~ m#^/blog/blog/draft(?:/|/index\\.html|\\.html)?$#">');
    expect(htaccess).toContain('<If "%{REQUEST_URI} =~ m#^/blog/(?:index\\.html)?$#">');
    const nginx = await readFile(path.join(prefixed, '_site/robots-headers.nginx.conf'), 'utf8');
    expect(nginx).toContain('if ($uri ~ "^/blog/files/[^/]*\\.pdf(?:/|/index\\.html|\\.html)?$") {');
    expect(nginx).not.toMatch(/if \(\$uri ~ "\^\/files/);
    const headers = await readFile(path.join(prefixed, '_site/_headers'), 'utf8');
    expect(headers).toMatch(/^\/files\/guide\.pdf$/m);
    // The audit applies the .htaccess to the prefixed URLs: the draft's header and tag agree, nothing is reported.
    expect(auditSummary(built.log)).toMatch(/; 0 errors, 0 warnings, 0 info$/);
  });

  it('warns about a glob written with the prefix, suggesting it without', async () => {
    const prefixed = await createProject('path-prefix-glob', baseBlog("['/blog/tags/**']"));
    const withPrefix = runCli(prefixed, ['--pathprefix=blog']);
    expect(withPrefix.status, withPrefix.log).toBe(0);
    const warning =
      '[@robots-kit/eleventy] addPlugin options, key `noindex.paths[0]`: no page of this build matches the glob `/blog/tags/**`; expected a glob without `pathPrefix` (`/blog/`), which page URLs do not include. Did you mean `/tags/**`?';
    expect(withPrefix.log.split(warning).length - 1).toBe(1);
    expect((await tagsByUrl(path.join(prefixed, '_site')))['/tags/notes/']).toEqual({ googlebot: GOOGLEBOT });
  });
});

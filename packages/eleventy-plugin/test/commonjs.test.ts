/**
 * Issue 11, item 7: a CommonJS `.eleventy.js` (a project without `"type": "module"`) adds the
 * plugin with `require('@robots-kit/eleventy')`, in both documented forms, built by Eleventy's
 * CLI with the package as published.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeOptions } from '@robots-kit/core';
import { auditSummary, createProject, runCli, tagsByUrl, type CliBuild } from './helpers/cli-project.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<title>{{ title }}</title>\n</head>\n<body>{{ content | safe }}</body>\n</html>\n';
/** A misspelt key: the error must be the one the schema words, exactly once. */
const BAD_OPTIONS = { noindex: { colections: ['drafts'] } };
const OPTIONS =
  "{ site: 'https://example.com', noindex: { data: { draft: true } }, robotsTxt: { sitemap: true }, audit: true }";

/** A small blog in a CommonJS project: its config and its sitemap template both `require` the package. */
function commonJsBlog(config: string): Record<string, string> {
  return {
    'package.json': '{ "name": "cjs-blog", "private": true }\n',
    '.eleventy.js': config,
    'src/_includes/page.njk': LAYOUT,
    'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\nHome.\n',
    'src/posts/hello.md': '---\nlayout: page.njk\ntitle: Hello\n---\nA post.\n',
    'src/posts/draft.md': '---\nlayout: page.njk\ntitle: Draft\ndraft: true\n---\nNot yet.\n',
  };
}

describe('item 7: CommonJS configs', () => {
  const builds: Record<string, { dir: string; build: CliBuild }> = {};
  beforeAll(async () => {
    const forms = {
      // The plain form: what require() returns is the plugin function.
      plain: {
        ...commonJsBlog(
          `const robots = require('@robots-kit/eleventy');\nmodule.exports = function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, ${OPTIONS});\n  return { dir: { input: 'src' } };\n};\n`,
        ),
        'src/sitemap.njk':
          '---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for item in collections.all | robotsIndexable %}<url><loc>https://example.com{{ item.url }}</loc></url>{% endfor %}</urlset>\n',
      },
      // The named form, as the official plugins export theirs; robotsIndexable from the same require().
      named: {
        ...commonJsBlog(
          `const { robotsPlugin } = require('@robots-kit/eleventy');\nmodule.exports = function (eleventyConfig) {\n  eleventyConfig.addPlugin(robotsPlugin, ${OPTIONS});\n  return { dir: { input: 'src' } };\n};\n`,
        ),
        'src/sitemap.11ty.cjs': `const { robotsIndexable } = require('@robots-kit/eleventy');\nmodule.exports = class {\n  data() { return { permalink: '/sitemap.xml', eleventyExcludeFromCollections: true }; }\n  render({ collections }) {\n    const urls = robotsIndexable(collections.all, { noindex: { data: { draft: true } } }).map((item) => '<url><loc>https://example.com' + item.url + '</loc></url>');\n    return '<?xml version="1.0" encoding="utf-8"?>\\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' + urls.join('') + '</urlset>\\n';\n  }\n};\n`,
      },
      // `headers` (validated with the rest, synchronously), a misspelt key, and a bad value given to
      // the `robotsIndexable` function (which validates its options synchronously too).
      headers: commonJsBlog(
        `const robots = require('@robots-kit/eleventy');\nmodule.exports = function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, { headers: { targets: ['netlify'], rules: [{ path: '/files/**', robots: 'noindex' }] } });\n  return { dir: { input: 'src' } };\n};\n`,
      ),
      misspelt: commonJsBlog(
        `const robots = require('@robots-kit/eleventy');\nmodule.exports = function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, ${JSON.stringify(BAD_OPTIONS)});\n  return { dir: { input: 'src' } };\n};\n`,
      ),
      'bad-function': {
        ...commonJsBlog(`module.exports = function () {\n  return { dir: { input: 'src' } };\n};\n`),
        'src/sitemap.11ty.cjs': `const { robotsIndexable } = require('@robots-kit/eleventy');\nmodule.exports = class {\n  data() { return { permalink: '/sitemap.xml' }; }\n  render({ collections }) {\n    return robotsIndexable(collections.all, ${JSON.stringify(BAD_OPTIONS)}).length + ' pages';\n  }\n};\n`,
      },
    };
    for (const [name, files] of Object.entries(forms)) {
      const dir = await createProject(`commonjs-${name}`, files);
      builds[name] = { dir, build: runCli(dir) };
    }
  }, 120_000);

  it('require() returns the plugin function, carrying the named exports', () => {
    const required = createRequire(import.meta.url)('@robots-kit/eleventy');
    expect(typeof required).toBe('function');
    expect(required.name).toBe('robotsPlugin');
    expect(required.robotsPlugin).toBe(required);
    expect(required.default).toBe(required);
    expect(typeof required.robotsIndexable).toBe('function');
  });

  it.each(['plain', 'named'])('builds with the %s form: tags, robots.txt and the audit', async (name) => {
    const { dir, build } = builds[name]!;
    expect(build.log).not.toMatch(/Invalid EleventyConfig\.addPlugin signature/);
    expect(build.status, build.log).toBe(0);
    expect(await tagsByUrl(path.join(dir, '_site'))).toEqual({
      '/': { googlebot: GOOGLEBOT },
      '/posts/draft/': { robots: 'noindex, follow' },
      '/posts/hello/': { googlebot: GOOGLEBOT },
    });
    expect(await readFile(path.join(dir, '_site/robots.txt'), 'utf8')).toBe(
      'User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n',
    );
  });

  it.each(['plain', 'named'])(
    'the %s form lists no draft in its sitemap (the filter, or robotsIndexable from require()), and the audit passes',
    async (name) => {
      const { dir, build } = builds[name]!;
      expect(sitemapPaths(await readFile(path.join(dir, '_site/sitemap.xml'), 'utf8')).sort()).toEqual([
        '/',
        '/posts/hello/',
      ]);
      expect(auditSummary(build.log)).toMatch(/: 3 pages, 2 sitemap URLs; 0 errors, 0 warnings, 0 info$/);
    },
  );

  it('options with `headers`: tags and the header file are written', async () => {
    const { dir, build } = builds.headers!;
    expect(build.status, build.log).toBe(0);
    expect((await tagsByUrl(path.join(dir, '_site')))['/posts/hello/']).toEqual({ googlebot: GOOGLEBOT });
    expect(await readFile(path.join(dir, '_site/_headers'), 'utf8')).toContain(
      '# /files/** (headers.rules[0].path)\n/files\n  X-Robots-Tag: noindex\n',
    );
  });

  it.each([
    ['misspelt', 'addPlugin options', 1],
    // A template's error is listed twice by Eleventy itself ("Problem writing", then "Fatal Error").
    ['bad-function', 'robotsIndexable options', 2],
  ] as const)("the %s build fails with the schema's error, as Eleventy lists its errors", (name, source, times) => {
    const { build } = builds[name]!;
    const expected = (() => {
      try {
        normalizeOptions(BAD_OPTIONS, { package: '@robots-kit/eleventy', source });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the options should be refused');
    })();
    expect(expected).toMatch(
      /^\[@robots-kit\/eleventy\] .*key `noindex\.colections`: unknown option .*Did you mean `collections`\?$/,
    );
    expect(build.status).not.toBe(0);
    // Eleventy lists the error, then prints its stack trace (which starts with the message again).
    expect(build.log.split(`${expected} (via RobotsError)`).length - 1, build.log).toBe(times);
  });
});

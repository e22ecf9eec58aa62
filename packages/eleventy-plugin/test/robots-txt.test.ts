import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { NON_INDEXABLE_ROBOTS_TXT } from '@robots-kit/core/internal/adapter';
import { describe, expect, it } from 'vitest';
import robotsPlugin, { type RobotsOptions } from '../src/index.js';
import { buildStub, relativeToCwd, STUBS, writeStub, type WrittenBuild } from './helpers/build-stub.js';
import { createProject, runCli } from './helpers/cli-project.js';

const MERGE = path.join(STUBS, 'robots-txt-merge');
const options: RobotsOptions = { site: 'https://example.com', robotsTxt: { sitemap: true, blockAiBots: true } };

/** The robots.txt on disk after a build, checked to be the one the virtual template rendered. */
async function writtenRobotsTxt(build: WrittenBuild): Promise<string> {
  expect(build.failure).toBeUndefined();
  const text = await readFile(path.join(build.output, 'robots.txt'), 'utf8');
  expect(
    [...build.copied.values()].filter((target) => target.endsWith('robots.txt')),
    'a passthrough copy wrote robots.txt',
  ).toEqual([]);
  return text;
}

/** The options' part of every merged file: the sitemap line and the AI group. */
function expectOptionsApplied(text: string): void {
  const parsed = parseRobotsTxt(text);
  expect(parsed.sitemaps.map((sitemap) => sitemap.url)).toEqual(['https://example.com/sitemap.xml']);
  expect(isAllowed(parsed, 'GPTBot', '/')).toBe(false);
  expect(isAllowed(parsed, 'Bingbot', '/')).toBe(true);
}

describe('`--to=json` and `--to=ndjson`', () => {
  it('list robots.txt with the pages, as JSON that parses, instead of failing on the virtual template', async () => {
    const dir = await createProject('robots-txt-json', {
      'package.json': '{ "name": "robots-txt-json", "private": true, "type": "module" }\n',
      'eleventy.config.js':
        "import robots from '@robots-kit/eleventy';\nexport default function (eleventyConfig) { eleventyConfig.addPlugin(robots, { site: 'https://example.com' }); }\nexport const config = { dir: { input: 'src' } };\n",
      'src/index.html': '<!doctype html><html><head><title>Home</title></head><body>Home</body></html>\n',
    });
    for (const to of ['json', 'ndjson']) {
      const run = runCli(dir, [`--to=${to}`]);
      expect(run.status, run.log).toBe(0);
      const start = run.log.indexOf(to === 'json' ? '[' : '{');
      const entries: Array<{ url: string; content: string }> =
        to === 'json'
          ? JSON.parse(run.log.slice(start, run.log.lastIndexOf(']') + 1))
          : run.log
              .slice(start)
              .trim()
              .split('\n')
              .filter((line) => line.startsWith('{'))
              .map((line) => JSON.parse(line));
      expect(entries.find((entry) => entry.url === '/robots.txt')?.content, to).toMatch(/^User-agent: \*$/m);
      expect(entries.find((entry) => entry.url === '/')?.content, to).toContain('<meta name="googlebot"');
    }
  });
});

describe("the site's own robots.txt is merged, never overwritten or duplicated", () => {
  it('an input-folder robots.txt, in toJSON()', async () => {
    const build = await buildStub(
      'robots-txt-merge',
      (eleventyConfig) => eleventyConfig.addPlugin(robotsPlugin, options),
      path.join(MERGE, 'input-file'),
    );
    const text = build.byUrl.get('/robots.txt')?.content ?? '';
    expect(text).toContain("# The site's own robots.txt, in its input folder");
    expect(isAllowed(text, 'Anybot', '/admin/')).toBe(false);
    expect(text).toMatch(/User-agent: Bingbot\nCrawl-delay: 5\n/);
    expectOptionsApplied(text);
    // The site's own file has the guide's trap: its Bingbot group drops the `*` disallows.
    expect(build.warnings).toEqual([
      expect.stringMatching(
        /robots\.txt: the `Bingbot` group \(line \d+\) makes Bingbot ignore the `User-agent: \*` group, so it may crawl `\/admin\/`/,
      ),
    ]);
  });

  it('a passthrough copy of that file (`addPassthroughCopy("src/robots.txt")`), written', async () => {
    const input = path.join(MERGE, 'input-file');
    const build = await writeStub(
      'robots-txt-merge',
      (eleventyConfig) => {
        eleventyConfig.addPassthroughCopy(relativeToCwd(path.join(input, 'robots.txt')));
        eleventyConfig.addPlugin(robotsPlugin, options);
      },
      { input },
    );
    const text = await writtenRobotsTxt(build);
    expect(text).toBe(build.pages.find((page) => page.url === '/robots.txt')?.content);
    expect(isAllowed(text, 'Anybot', '/admin/')).toBe(false);
    expectOptionsApplied(text);
  });

  it('a folder copied to the site root (`{ public: "/" }`): everything else in it is still copied', async () => {
    const build = await writeStub(
      'robots-txt-merge',
      (eleventyConfig) => {
        eleventyConfig.addPassthroughCopy({ [relativeToCwd(path.join(MERGE, 'public'))]: '/' });
        eleventyConfig.addPlugin(robotsPlugin, options);
      },
      { input: path.join(MERGE, 'site') },
    );
    const text = await writtenRobotsTxt(build);
    expect(text).toContain('# From public/, copied to the site root');
    expect(isAllowed(text, 'Anybot', '/cart/')).toBe(false);
    expectOptionsApplied(text);
    expect(await readFile(path.join(build.output, 'favicon.txt'), 'utf8')).toBe('a favicon stand-in\n');
  });

  it('a glob that also copies a robots.txt: merged and written again after the build', async () => {
    const build = await writeStub(
      'robots-txt-merge',
      (eleventyConfig) => {
        eleventyConfig.addPassthroughCopy({ [`${relativeToCwd(path.join(MERGE, 'extra'))}/*.txt`]: '/' });
        eleventyConfig.addPlugin(robotsPlugin, options);
      },
      { input: path.join(MERGE, 'site') },
    );
    expect(build.failure).toBeUndefined();
    const text = await readFile(path.join(build.output, 'robots.txt'), 'utf8');
    expect(text).toContain('# From extra/, copied by a glob');
    expect(isAllowed(text, 'Anybot', '/tmp/')).toBe(false);
    expectOptionsApplied(text);
    expect(await readFile(path.join(build.output, 'humans.txt'), 'utf8')).toBe('/* TEAM */\n');
    expect(build.warnings).toEqual([
      expect.stringMatching(/robots\.txt: a passthrough copy also copied .*extra\/robots\.txt there; it was merged/),
    ]);
  });
});

describe('site-wide switches', () => {
  it('a build that is not indexable disallows everything, whatever is configured, and warns about no page', async () => {
    const build = await buildStub('minimal', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, {
        ...options,
        indexable: false,
        robotsTxt: { groups: [{ userAgent: '*', allow: ['/'] }], blockAiBots: true },
      });
    });
    const text = build.byUrl.get('/robots.txt')?.content ?? '';
    expect(text).toBe(NON_INDEXABLE_ROBOTS_TXT);
    expect(isAllowed(text, 'Googlebot', '/')).toBe(false);
    expect(build.warnings.filter((message) => !message.includes('not indexable'))).toEqual([]);
  });

  it('issue 37 item 3: a robots.txt the options ask for that Eleventy skips (template formats without 11ty.js) fails the build, naming the cause and the fix', async () => {
    const build = await writeStub('minimal', (eleventyConfig) => {
      eleventyConfig.setTemplateFormats(['md', 'njk']);
      eleventyConfig.addPlugin(robotsPlugin, options);
    });
    const message = String((build.failure as Error | undefined)?.message);
    expect(message).toContain('robots.txt was not written');
    expect(message).toContain('`11ty.js`');
    expect(message).toContain('addTemplateFormats("11ty.js")');
    expect(message).toContain('robotsTxt: false');
  });

  it('`robotsTxt: false` writes none', async () => {
    const build = await buildStub('minimal', (eleventyConfig) =>
      eleventyConfig.addPlugin(robotsPlugin, { robotsTxt: false }),
    );
    expect([...build.byUrl.keys()].sort()).toEqual(['/', '/private/']);
    expect(build.warnings).toEqual([]);
  });
});

/**
 * Issue 11, items 14, 15 and 17 on a real Eleventy build: options that match no page are named
 * at the end of the build with a did-you-mean; an unquoted impossible YAML date fails as the
 * quoted one does; directives written without commas are refused saying so. Each message once.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { findCause, relativeToCwd, writeStub } from './helpers/build-stub.js';
import { createProject } from './helpers/cli-project.js';

const LAYOUT = '<!doctype html><html><head><title>{{ title }}</title></head><body>{{ content | safe }}</body></html>\n';

describe('item 14: options that match no page', () => {
  it('names each collection, glob and data condition no page met, once, with what the site has', async () => {
    const build = await writeStub('drafts', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, {
        noindex: {
          collections: ['post', 'posts'],
          paths: ['/note/**', '/posts/**'],
          data: { drafts: true, draft: 'true' },
        },
        rules: [{ path: '/abut/', robots: 'noarchive' }],
      });
    });
    expect(build.failure).toBeUndefined();
    const lines = build.warnings.filter((line) => line.includes('addPlugin options'));
    expect(lines).toEqual([
      "[11ty] [@robots-kit/eleventy] addPlugin options, key `noindex.collections[0]`: no page of this build is in the collection `post`; expected one of the site's collections: `all`, `posts`. Did you mean `posts`?",
      "[11ty] [@robots-kit/eleventy] addPlugin options, key `noindex.paths[0]`: no page of this build matches the glob `/note/**`; expected a glob that matches at least one page's URL path. Did you mean `/notes/**`?",
      "[11ty] [@robots-kit/eleventy] addPlugin options, key `rules[0].path`: no page of this build matches the glob `/abut/`; expected a glob that matches at least one page's URL path.",
      "[11ty] [@robots-kit/eleventy] addPlugin options, key `noindex.data.drafts`: no page's data has the key `drafts`; expected a key the pages' data has, set to true on the pages to keep out of search results. Did you mean `draft`?",
      '[11ty] [@robots-kit/eleventy] addPlugin options, key `noindex.data.draft`: no page\'s `draft` is "true" (values are compared exactly); the pages have `true (3 pages), false (1 page)`; expected the value exactly as the pages\' data holds it.',
    ]);
  });
});

describe('item 15: impossible YAML dates', () => {
  const page = (name: string, robots: string) => ({
    [`src/${name}.md`]: `---\ntitle: ${name}\nlayout: page.njk\nrobots:\n  unavailable_after: ${robots}\n---\nText.\n`,
  });
  async function failure(name: string, files: Record<string, string>) {
    const dir = await createProject(name, { 'src/_includes/page.njk': LAYOUT, ...files });
    const build = await writeStub(
      name,
      (eleventyConfig) => {
        eleventyConfig.setUseGitIgnore(false);
        eleventyConfig.addPlugin(robotsPlugin);
      },
      { input: path.join(dir, 'src'), output: path.join(dir, '_site') },
    );
    return { dir, build, message: (findCause(build.failure, 'RobotsError') as Error | undefined)?.message };
  }

  it('fails an unquoted 2030-02-30 exactly as the quoted one, naming the page', async () => {
    const unquoted = await failure('yaml-unquoted', page('post', '2030-02-30'));
    const quoted = await failure('yaml-quoted', page('post', '"2030-02-30"'));
    const file = (dir: string) => `./${relativeToCwd(path.join(dir, 'src/post.md')).split(path.sep).join('/')}`;
    const expected = (dir: string) =>
      `[@robots-kit/eleventy] ${file(dir)}, key \`robots.unavailable_after\`: invalid \`unavailable_after\` date \`2030-02-30\`; expected an ISO 8601 (\`2026-12-31\`), RFC 822 or RFC 850 date.`;
    expect(unquoted.message).toBe(expected(unquoted.dir));
    expect(quoted.message).toBe(expected(quoted.dir));
  });

  it('keeps a real unquoted date', async () => {
    const dir = await createProject('yaml-real', { 'src/_includes/page.njk': LAYOUT, ...page('post', '2030-03-02') });
    const build = await writeStub(
      'yaml-real',
      (eleventyConfig) => {
        eleventyConfig.setUseGitIgnore(false);
        eleventyConfig.addPlugin(robotsPlugin);
      },
      { input: path.join(dir, 'src'), output: path.join(dir, '_site') },
    );
    expect(build.failure).toBeUndefined();
  });
});

describe('item 17: directives without commas', () => {
  it.each(['noindex nofollow', '"noindex; nofollow"'])(
    'refuses robots: %s, saying to separate directives with commas',
    async (value) => {
      const dir = await createProject('no-commas', {
        'src/_includes/page.njk': LAYOUT,
        'src/post.md': `---\ntitle: Post\nlayout: page.njk\nrobots: ${value}\n---\nText.\n`,
      });
      const build = await writeStub(
        'no-commas',
        (eleventyConfig) => {
          eleventyConfig.setUseGitIgnore(false);
          eleventyConfig.addPlugin(robotsPlugin, { strict: false });
        },
        { input: path.join(dir, 'src'), output: path.join(dir, '_site') },
      );
      const message = (findCause(build.failure, 'RobotsError') as Error | undefined)?.message;
      expect(message).toMatch(
        /^\[@robots-kit\/eleventy\] \.\/.*\/src\/post\.md, key `robots`: separate directives with commas, got `noindex[ ;]+nofollow`\. Did you mean `noindex, nofollow`\?$/,
      );
    },
  );
});

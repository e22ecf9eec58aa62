/**
 * Issue 11, item 12: a bad `robots` value a page inherits (a folder's data file, global data)
 * is reported against the file that set it, where Eleventy lets it be found, and otherwise as
 * "inherited by <page>", never as if the page had written it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { findCause, relativeToCwd, writeStub } from './helpers/build-stub.js';
import { createProject } from './helpers/cli-project.js';

const LAYOUT = '<!doctype html><html><head><title>{{ title }}</title></head><body>{{ content | safe }}</body></html>\n';
const UNKNOWN =
  'unknown directive `noindx`; expected a robots directive such as `noindex`, `nofollow` or `max-snippet:50`. Did you mean `noindex`?';

async function build(
  name: string,
  files: Record<string, string>,
  options: object = {},
  config: (eleventyConfig: any) => void = () => {},
) {
  const dir = await createProject(name, { 'src/_includes/page.njk': LAYOUT, ...files });
  const result = await writeStub(
    name,
    (eleventyConfig) => {
      // The scratch folder is git-ignored, and Eleventy skips git-ignored inputs.
      eleventyConfig.setUseGitIgnore(false);
      config(eleventyConfig);
      eleventyConfig.addPlugin(robotsPlugin, options);
    },
    { input: path.join(dir, 'src'), output: path.join(dir, '_site') },
  );
  const file = (relative: string) => `./${relativeToCwd(path.join(dir, relative)).split(path.sep).join('/')}`;
  return { ...result, file, message: (findCause(result.failure, 'RobotsError') as Error | undefined)?.message };
}

describe('item 12: errors in inherited values name the file that set them', () => {
  it('a folder data file (JSON), also when the sitemap filter meets it first', async () => {
    const { message, file } = await build('inherited-json', {
      'src/drafts/drafts.11tydata.json': '{ "layout": "page.njk", "robots": "noindx" }\n',
      'src/drafts/plans.md': '---\ntitle: Plans\n---\nDraft.\n',
      'src/sitemap.njk':
        '---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n{% for item in collections.all | robotsIndexable %}{{ item.url }}{% endfor %}\n',
    });
    expect(message).toBe(
      `[@robots-kit/eleventy] ${file('src/drafts/drafts.11tydata.json')} (inherited by ${file('src/drafts/plans.md')}), key \`robots\`: ${UNKNOWN}`,
    );
  });

  it('a folder data file (JavaScript), and an item of a list Eleventy merged with the front matter', async () => {
    const { message, file } = await build('inherited-js', {
      'src/drafts/drafts.11tydata.js': 'export default { layout: "page.njk", robots: ["noindx"] };\n',
      'src/drafts/plans.md': '---\ntitle: Plans\nrobots: [nofollow]\n---\nDraft.\n',
    });
    expect(message).toBe(
      `[@robots-kit/eleventy] ${file('src/drafts/drafts.11tydata.js')} (inherited by ${file('src/drafts/plans.md')}), key \`robots\`: ${UNKNOWN}`,
    );
  });

  it('a global data file named after the key', async () => {
    const { message, file } = await build('inherited-global', {
      'src/_data/robots.json': '"noindx"\n',
      'src/index.md': '---\ntitle: Home\nlayout: page.njk\n---\nHome.\n',
    });
    expect(message).toBe(
      `[@robots-kit/eleventy] ${file('src/_data/robots.json')} (inherited by ${file('src/index.md')}), key \`robots\`: ${UNKNOWN}`,
    );
  });

  it('a nested key of an object merged from a folder data file', async () => {
    const { message, file } = await build('inherited-nested', {
      'src/docs/docs.11tydata.json': '{ "layout": "page.njk", "robots": { "maxSnippet": "long" } }\n',
      'src/docs/intro.md': '---\ntitle: Intro\nrobots:\n  noarchive: true\n---\nDocs.\n',
    });
    expect(message).toMatch(
      new RegExp(
        `^\\[@robots-kit/eleventy\\] ${file('src/docs/docs.11tydata.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(inherited by .*intro\\.md\\), key \`robots\\.maxSnippet\`: invalid \`max-snippet\` value \`long\``,
      ),
    );
  });

  it('says "inherited by" when Eleventy gives no file (addGlobalData)', async () => {
    const { message, file } = await build(
      'inherited-config',
      { 'src/index.md': '---\ntitle: Home\nlayout: page.njk\n---\nHome.\n' },
      {},
      (eleventyConfig) => eleventyConfig.addGlobalData('robots', 'noindx'),
    );
    expect(message).toBe(
      `[@robots-kit/eleventy] inherited by ${file('src/index.md')} (from global data, \`addGlobalData\` or computed data), key \`robots\`: ${UNKNOWN}`,
    );
  });

  it("names the page itself for its own front matter, even beside a folder data file's value", async () => {
    const { message, file } = await build('inherited-own', {
      'src/drafts/drafts.11tydata.json': '{ "layout": "page.njk", "robots": "nofollow" }\n',
      'src/drafts/plans.md': '---\ntitle: Plans\nrobots: noindx\n---\nDraft.\n',
    });
    expect(message).toBe(`[@robots-kit/eleventy] ${file('src/drafts/plans.md')}, key \`robots\`: ${UNKNOWN}`);
  });

  it('names the page itself for a list nested in its own front matter (the key is a list index)', async () => {
    const { message, file } = await build('inherited-own-list', {
      'src/drafts/drafts.11tydata.json': '{ "layout": "page.njk" }\n',
      'src/drafts/plans.md': '---\ntitle: Plans\nrobots: [noindex, [nofollow]]\n---\nDraft.\n',
    });
    expect(message).toMatch(
      new RegExp(
        `^\\[@robots-kit/eleventy\\] ${file('src/drafts/plans.md').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, key \`robots.1\`: `,
      ),
    );
  });

  it('with strict: false, warns once for the data file, not once per page that inherits it', async () => {
    const { failure, warnings, file } = await build(
      'inherited-warning',
      {
        'src/drafts/drafts.11tydata.json': '{ "layout": "page.njk", "robots": "noindex, noindx" }\n',
        'src/drafts/one.md': '---\ntitle: One\n---\nDraft.\n',
        'src/drafts/two.md': '---\ntitle: Two\n---\nDraft.\n',
      },
      { strict: false },
    );
    expect(failure).toBeUndefined();
    expect(warnings.filter((line) => line.includes('noindx'))).toEqual([
      `[11ty] [@robots-kit/eleventy] ${file('src/drafts/drafts.11tydata.json')}, key \`robots\`: ${UNKNOWN}`,
    ]);
  });
});

/**
 * Issue 37, item 1: a page's robots directives combine every layer of Eleventy's data cascade
 * that sets them (global data, directory data files, layouts' front matter, the page's own front
 * matter, computed data), the most restrictive winning, whatever each layer's shape. Eleventy's
 * cascade replaces a scalar with the page's value, so before this the README's own recipe (a
 * folder's `{ "robots": "noindex" }` and a draft's `robots: nosnippet`) left the draft
 * indexable, in the sitemap, and the audit clean. Real Eleventy builds of
 * `test/fixtures/cascade/`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditSite } from '@robots-kit/core';
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { writeStub } from './helpers/build-stub.js';
import { auditSummary, tagsByUrl } from './helpers/cli-project.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/cascade/', import.meta.url));
const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
/** The extra Googlebot tag of an indexable page that is `nosnippet`: no snippet length. */
const NOSNIPPET_GOOGLEBOT = 'nosnippet, max-image-preview:large, max-video-preview:-1';
const OPTIONS = { site: 'https://example.com', robotsTxt: { sitemap: true }, audit: true } as const;

/** The messages of an error and of the errors Eleventy wrapped it in. */
function errorChain(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; )
    messages.push(current.message), (current = (current as { originalError?: unknown }).originalError ?? current.cause);
  return messages.join('\n');
}

async function buildCascade(config: (eleventyConfig: any) => void = () => {}) {
  return writeStub(
    'cascade',
    (eleventyConfig) => {
      config(eleventyConfig);
      eleventyConfig.addPlugin(robotsPlugin, OPTIONS);
    },
    { input: FIXTURE },
  );
}

describe('the data cascade adds up', () => {
  it("the README recipe's draft with its own nosnippet is noindex, out of the sitemap, and the audit sees it", async () => {
    const build = await buildCascade();
    expect(build.failure).toBeUndefined();
    const tags = await tagsByUrl(build.output);
    expect(tags['/drafts/with-own/']).toEqual({ robots: 'noindex, nosnippet' });
    expect(tags['/drafts/plain/']).toEqual({ robots: 'noindex' });
    const sitemap = sitemapPaths(await readFile(path.join(build.output, 'sitemap.xml'), 'utf8'));
    expect(sitemap).not.toContain('/drafts/with-own/');
    expect(sitemap).not.toContain('/drafts/plain/');
    // The build's audit passed, and the same audit of the output sees the draft as crawlers do.
    expect(auditSummary(build.warnings.join('\n'))).toMatch(/0 errors/);
    const report = await auditSite(build.output);
    const draft = report.pages.find((page) => page.url === '/drafts/with-own/');
    expect(draft?.crawlers.googlebot).toMatchObject({ indexable: false, maxSnippet: 0 });
    expect(draft?.inSitemap).toBe(false);
  });

  it('every layer combines whatever its shape: a JavaScript data file, a layout, computed data', async () => {
    const build = await buildCascade();
    const tags = await tagsByUrl(build.output);
    // A list from members.11tydata.mjs and the page's own object.
    expect(tags['/members/area/']).toEqual({
      robots: 'nosnippet, noimageindex',
      googlebot: 'nosnippet, noimageindex, max-image-preview:large, max-video-preview:-1',
    });
    // The layout's `robots: noarchive` and the page's `max-snippet:20`.
    expect(tags['/private/notes/']?.robots).toBe('noarchive, max-snippet:20');
    // `eleventyComputed` replaced the page's `nofollow` with `noindex`: both count.
    expect(tags['/hidden/secret/']).toEqual({ robots: 'noindex, nofollow' });
    expect(tags['/']).toEqual({ googlebot: GOOGLEBOT });
  });

  it('global data combines too, from a data file and from addGlobalData', async () => {
    const fromFile = await buildCascade((eleventyConfig) => eleventyConfig.setDataDirectory('_globals'));
    expect(fromFile.failure).toBeUndefined();
    const tags = await tagsByUrl(fromFile.output);
    expect(tags['/drafts/with-own/']?.robots).toBe('noindex, nosnippet, noai');
    expect(tags['/']?.robots).toBe('noai');

    const fromConfig = await buildCascade((eleventyConfig) => eleventyConfig.addGlobalData('robots', ['noimageai']));
    expect((await tagsByUrl(fromConfig.output))['/drafts/with-own/']?.robots).toBe('noindex, nosnippet, noimageai');
  });

  it("a data file in a format of `addDataExtension` is read with the user's parser", async () => {
    const build = await buildCascade((eleventyConfig) =>
      eleventyConfig.addDataExtension('txt', (text: string) =>
        Object.fromEntries(
          text
            .trim()
            .split('\n')
            .map((line) => line.split('=')),
        ),
      ),
    );
    expect((await tagsByUrl(build.output))['/custom/page/']).toEqual({ robots: 'noindex, nosnippet' });
  });

  it('a layer that cannot be read apart is named in the build log with the value that replaced it', async () => {
    const build = await buildCascade();
    const notes = build.warnings.filter((line) => line.includes('legacy.11tydata.mjs'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('it exports a function');
    expect(notes[0]).toContain('legacy/old.md');
    expect(notes[0]).toContain('"nosnippet"');
    // Eleventy's value stands: the page's own.
    expect((await tagsByUrl(build.output))['/legacy/old/']).toEqual({
      robots: 'nosnippet',
      googlebot: NOSNIPPET_GOOGLEBOT,
    });
  });

  it('a bad value in a layer below the page is reported against that layer', async () => {
    const build = await writeStub(
      'cascade',
      (eleventyConfig) => {
        eleventyConfig.addGlobalData('robots', 'noindx');
        eleventyConfig.addPlugin(robotsPlugin, { audit: false });
      },
      { input: FIXTURE },
    );
    expect(errorChain(build.failure)).toMatch(/addGlobalData[^\n]*noindx/);
  });
});

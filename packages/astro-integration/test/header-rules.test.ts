/**
 * Issue 41, item 2, on a real Astro build (`test/fixtures/header-rules`): a page that only a
 * `headers.rules` path rule makes noindex (`/private/**`) is noindex in its meta tags, left out by
 * `robotsSitemapFilter()`, and the audit (`audit: true`, which fails the build on an error such as
 * `noindex-in-sitemap`) passes; a rule for Googlebot alone (`userAgent`) reaches Googlebot's tag.
 * Before, such a page kept the extra Googlebot tag of indexable pages and stayed in the sitemap.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

function locs(xml: string): string[] {
  return DomUtils.findAll((element) => element.name === 'loc', parseDocument(xml, { xmlMode: true }).children).map(
    (loc) => DomUtils.textContent(loc).trim(),
  );
}

describe('issue 41: header rules are part of each page’s resolution (Astro)', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('header-rules', { config: { logLevel: 'info' } });
  });

  it('gives a page under a noindex header rule noindex in its meta tags, and no indexable-page Googlebot tag', async () => {
    expect(robotsTags(await site.read('private/secret/index.html'))).toEqual([['robots', 'noindex']]);
    expect(robotsTags(await site.read('gallery/sunset/index.html'))).toEqual([
      ['googlebot', `noimageindex, ${GOOGLEBOT}`],
    ]);
    expect(robotsTags(await site.read('index.html'))).toEqual([['googlebot', GOOGLEBOT]]);
    // The header file still sends the rule, for the files it covers besides pages.
    expect(await site.read('_headers')).toMatch(/^\/private\/:p1\/\*\n {2}X-Robots-Tag: noindex$/m);
  });

  it('keeps it out of the sitemap robotsSitemapFilter() filters, and the audit passes', async () => {
    const listed: string[] = [];
    for (const child of locs(await site.read('sitemap-index.xml')))
      listed.push(...locs(await site.read(new URL(child).pathname.slice(1))));
    expect(listed.sort()).toEqual(['https://example.com/', 'https://example.com/gallery/sunset/']);
    const audit = site.logs.filter((entry) => /noindex-in-sitemap|audit/.test(entry.message));
    expect(audit.map((entry) => entry.message).join('\n')).not.toMatch(/noindex-in-sitemap/);
  });
});

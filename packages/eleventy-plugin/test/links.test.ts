/**
 * Issue 16 parts 1 and 5: `links` and `nosnippet` rules in a real Eleventy build of
 * `test/fixtures/links/` — rel values by target host, by selector (`.comments`, with `<li>` and
 * `<p>` end tags omitted), by collection, by path and by front matter; `data-nosnippet` site-wide,
 * per path and per page; comments, scripts and `<template>` untouched; `pathPrefix` builds.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import robots from '../src/index.js';
import { writeStub, type WrittenBuild } from './helpers/build-stub.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/links/', import.meta.url));
const OPTIONS = {
  site: 'https://example.com',
  links: {
    rules: [
      { rel: 'ugc', within: '.comments' },
      { rel: 'sponsored', hosts: ['*.amazon.com', 'amzn.to'] },
      { rel: 'nofollow', external: true, collections: ['threads'] },
      { rel: 'nofollow', external: true, pages: ['/archive/**'] },
    ],
  },
  nosnippet: { selectors: ['.newsletter-signup'], rules: [{ pages: ['/promo/**'], selectors: ['.promo'] }] },
} as const;

/** Every `<a …>` start tag of the page, as written. */
function anchors(html: string): string[] {
  return html.match(/<a\s[^>]*>/g) ?? [];
}
async function page(build: WrittenBuild, url: string): Promise<string> {
  return readFile(path.join(build.output, url, 'index.html'), 'utf8');
}

describe('links and nosnippet in an Eleventy build', () => {
  let build: WrittenBuild;
  beforeAll(async () => {
    build = await writeStub('links', (config) => config.addPlugin(robots, OPTIONS), { input: FIXTURE });
  }, 120_000);

  it('builds without errors, and warns once about the `<aside>` Google ignores data-nosnippet on', () => {
    expect(build.failure).toBeUndefined();
    expect(build.errors).toEqual([]);
    const warnings = build.warnings.filter((line) => line.includes('data-nosnippet'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/promo\/offer\.md.*`<aside>`.*`\.promo`/);
  });

  it('adds rel values by host and inside `.comments`, merging with the tokens already there', async () => {
    expect(anchors(await page(build, '/'))).toEqual([
      '<a href="/">',
      "<a href='https://github.com/robots-kit'>",
      '<a href="https://www.amazon.com/dp/1" rel="noopener sponsored">',
      // Already there, in another case: not added twice; its unquoted style is kept.
      '<a href=https://amzn.to/x rel=SPONSORED>',
      '<a href="https://spam.example.org/" rel="nofollow noopener ugc">',
      // `<li>` and `<p>` without end tags are still inside `.comments`.
      '<a href="/forum/thread/" rel="ugc">',
      '<a href="https://blog.example.org/" rel="ugc">',
      '<a href="https://after.example.org/">',
      '<a href="mailto:me@example.org">',
      '<a href="https://mail.example.net/join">',
      // In a comment, a script and a template: as written (the regex here reads them, the body pass does not).
      '<a href="https://commented.example.org/">',
      '<a href="https://scripted.example.org/">',
      '<a href="https://template.example.org/">',
    ]);
  });

  it('leaves comments, scripts and template contents byte for byte', async () => {
    const html = await page(build, '/');
    expect(html).toContain('<!-- <a href="https://commented.example.org/">not a link</a> -->');
    expect(html).toContain(`<script>document.write('<a href="https://scripted.example.org/">')</script>`);
    expect(html).toContain('<template><a href="https://template.example.org/">inert</a></template>');
    expect(html).toContain('<div class="newsletter-signup" data-nosnippet><p>');
  });

  it('applies collection rules and a page’s own `links: ugc` to its external links only', async () => {
    const thread = anchors(await page(build, '/forum/thread/'));
    expect(thread).toContain('<a href="https://user.example.org/" rel="nofollow ugc">');
    expect(thread).toContain('<a href="/">');
    expect(thread).toContain("<a href='https://github.com/robots-kit' rel='nofollow ugc'>");
  });

  it('turns every rule off on a page with `links: false` and `nosnippet: false`', async () => {
    const html = await page(build, '/forum/quiet/');
    expect(anchors(html)).toContain('<a href="https://user.example.org/">');
    expect(html).not.toContain('data-nosnippet');
  });

  it('applies path rules by the page’s URL', async () => {
    expect(anchors(await page(build, '/archive/old/'))).toEqual([
      '<a href="/">',
      "<a href='https://github.com/robots-kit' rel='nofollow'>",
      '<a href="https://old.example.org/" rel="nofollow">',
      '<a href="/archive/">',
      '<a href="https://mail.example.net/join" rel="nofollow">',
      '<a href="https://commented.example.org/">',
      '<a href="https://scripted.example.org/">',
      '<a href="https://template.example.org/">',
    ]);
  });

  it('marks nosnippet elements by path rule and by front matter, only span, div and section', async () => {
    const html = await page(build, '/promo/offer/');
    expect(html).toContain('<section class="promo" data-nosnippet>');
    expect(html).toContain('<span id="price" data-nosnippet>');
    expect(html).toContain('<aside class="promo">');
  });
});

describe('links in an Eleventy build with `pathPrefix`', () => {
  it('treats prefixed own links as internal and still marks the external ones', async () => {
    const build = await writeStub('links-prefix', (config) => config.addPlugin(robots, OPTIONS), {
      input: FIXTURE,
      pathPrefix: '/docs/',
    });
    expect(build.failure).toBeUndefined();
    const thread = anchors(await page(build, '/forum/thread/'));
    expect(thread).toContain('<a href="/">');
    expect(thread).toContain('<a href="https://user.example.org/" rel="nofollow ugc">');
  }, 120_000);
});

describe('bad `links` front matter', () => {
  it('fails the build naming the template, the key and the value', async () => {
    const build = await writeStub(
      'links-bad',
      (config) => {
        config.addPlugin(robots, OPTIONS);
        config.addTemplate('bad.md', '<a href="https://x.example.org/">x</a>', { links: 'noopener' });
      },
      { input: FIXTURE },
    );
    const message = String((build.failure as Error | undefined)?.message ?? '') + build.errors.join('\n');
    expect(message).toMatch(/bad\.md/);
    expect(message).toContain('`links`');
    expect(message).toContain('`noopener`');
    expect(message).toMatch(/`nofollow`, `ugc` or `sponsored`/);
  }, 120_000);
});

import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { buildStub, findCause, relativeToCwd, STUBS, type StubBuild } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

/** Front matter and layouts are untrusted input: a theme, a CMS, a contributor's pull request. */
describe('hostile input in front matter and layouts (strict: false)', () => {
  let site: StubBuild;

  function page(url: string): string {
    const built = site.byUrl.get(url);
    if (!built) throw new Error(`no output for ${url}`);
    return built.content;
  }

  beforeAll(async () => {
    site = await buildStub('security', (eleventyConfig) => {
      eleventyConfig.ignores.add(`${relativeToCwd(path.join(STUBS, 'security/invalid'))}/**`);
      eleventyConfig.addPlugin(robotsPlugin, { strict: false });
    });
  });

  it('cannot break out of the content attribute from front matter', () => {
    const html = page('/attribute-breakout/');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<meta name="x');
    const robots = DomUtils.getElementsByTagName('meta', parseDocument(html)).filter(
      (meta) => meta.attribs.name === 'robots',
    );
    expect(robots).toHaveLength(1);
    expect(Object.keys(robots[0]!.attribs).sort()).toEqual(['content', 'name']);
    // `nofollow` is understood; the rest is one unknown token, reported and dropped.
    expect(robotsTags(html)).toEqual({
      robots: 'nofollow',
      googlebot: 'nofollow, max-snippet:-1, max-image-preview:large, max-video-preview:-1',
    });
    expect(site.warnings.some((message) => message.includes('attribute-breakout.md'))).toBe(true);
  });

  it("cannot smuggle attributes or markup through a layout's robots tag", () => {
    const html = page('/hostile-layout/');
    const metas = DomUtils.getElementsByTagName('meta', parseDocument(html));
    expect(metas.some((meta) => 'http-equiv' in meta.attribs || 'data-x' in meta.attribs)).toBe(false);
    expect(html).not.toContain('<script>');
    // The whole content is one unknown token: reported, dropped, and the tag replaced.
    expect(robotsTags(html)).toEqual({ googlebot: 'max-snippet:-1, max-image-preview:large, max-video-preview:-1' });
    expect(site.warnings.some((message) => message.includes('hostile-layout.md'))).toBe(true);
  });

  it('escapes terminal control sequences in the messages it logs', () => {
    const warning = site.warnings.find((message) => message.includes('terminal.md'));
    expect(warning).toBeDefined();
    expect(warning).not.toContain('\u001b');
    expect(warning).toContain('\\u001b');
  });
});

// Not tested here: a `__proto__` key in front matter. Eleventy 3.1's own data merge
// (@11ty/eleventy-utils Merge) copies it into Object.prototype before any plugin runs,
// which would poison the rest of this test process.
describe('keys that every JavaScript object has', () => {
  it('an inherited name such as `constructor` is an unknown directive, not silently accepted', async () => {
    const error = await buildStub(
      'security',
      (eleventyConfig) => eleventyConfig.addPlugin(robotsPlugin),
      path.join(STUBS, 'security/invalid/constructor.md'),
    ).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(findCause(error, 'RobotsError')?.message).toMatch(
      /constructor\.md, key `robots(\.constructor)?`: unknown directive/,
    );
  });
});

/**
 * Issue 11 item 1, the entry side: a Starlight docs page's `robots` front matter. Starlight passes
 * no props; its route carries the entry in `Astro.locals.starlightRoute`, and its schema (not
 * extended here) strips `robots`, so the value comes from the file. A typo fails the build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import { tokens } from './helpers/tokens.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

describe('Starlight entries (issue 11 item 1)', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('starlight-robots', { config: { logLevel: 'info' } });
  });

  it('gives a docs page the `robots` of its front matter', async () => {
    expect(robotsTags(await site.read('guides/draft/index.html'))).toEqual([['robots', 'noindex']]);
  });

  it('reads the object form, with a crawler of its own', async () => {
    const found = Object.fromEntries(
      robotsTags(await site.read('guides/archived/index.html')).map(([name, content]) => [name, tokens(content)]),
    );
    expect(found).toEqual({
      robots: ['max-snippet:50'],
      googlebot: ['max-image-preview:large', 'max-snippet:50', 'max-video-preview:-1', 'noarchive'],
    });
  });

  it('leaves the pages that say nothing with the default tags only', async () => {
    expect(robotsTags(await site.read('guides/plain/index.html'))).toEqual([['googlebot', GOOGLEBOT]]);
    expect(robotsTags(await site.read('index.html'))).toEqual([['googlebot', GOOGLEBOT]]);
  });

  it('puts one tag of each name into the head Starlight writes, with no warning about the pages', async () => {
    const html = await site.read('guides/draft/index.html');
    expect(html.match(/<meta name="robots"/g)).toHaveLength(1);
    expect(html.indexOf('<meta name="robots"')).toBeLessThan(html.indexOf('</head>'));
    // Starlight's unfiltered sitemap is warned about by the sitemap checks (tested with starlight-site); nothing else.
    const warnings = site.logs
      .filter((entry) => entry.level === 'warn' && entry.label === '@robots-kit/astro')
      .map((entry) => entry.message);
    expect(warnings.filter((message) => !/sitemap/i.test(message))).toEqual([]);
  });

  it('fails the build on `robots: noindx`, naming the file, the key, the value and the fix, once', async () => {
    const failure = await buildFixture('starlight-robots', {
      config: { configFile: './astro.typo.config.mjs', outDir: './dist-typo' },
    }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure, 'the build must fail').toBeInstanceOf(Error);
    const message = failure!.message;
    expect(message).toContain('src-typo/content/docs/index.md');
    expect(message).toContain('key `robots`');
    expect(message).toContain('`noindx`');
    expect(message).toContain('Did you mean `noindex`?');
    expect(message.match(/noindx/g)).toHaveLength(1);
  });
});

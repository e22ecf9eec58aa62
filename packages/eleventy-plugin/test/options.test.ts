import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { buildStub } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

function page(build: Awaited<ReturnType<typeof buildStub>>, url: string): string {
  const built = build.byUrl.get(url);
  if (!built) throw new Error(`no output for ${url}`);
  return built.content;
}

describe('addPlugin twice', () => {
  it('stops the build, naming the fix, instead of letting one set of options quietly win', async () => {
    const build = buildStub('minimal', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, { defaults: 'noarchive' });
      eleventyConfig.addPlugin(robotsPlugin, { defaults: 'nosnippet', robotsTxt: false });
    });
    // Eleventy wraps a plugin's error ("Error processing the `robotsPlugin` plugin") and prints its cause.
    const error = await build.then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    const cause =
      (error as { originalError?: Error } | undefined)?.originalError ?? (error?.cause as Error | undefined);
    expect(cause?.message).toBe(
      '[@robots-kit/eleventy] addPlugin options: the plugin is added twice to the same Eleventy config, each time with its own options, of which only one set could apply; expected one `eleventyConfig.addPlugin(robots, options)` call with all the options.',
    );
  });
});

describe('the plugin function (issue 35)', () => {
  it('is synchronous and returns nothing, `headers` included; bad options throw at once, before anything is wired', async () => {
    const returned: unknown[] = [];
    const thrown: unknown[] = [];
    const build = await buildStub('minimal', (eleventyConfig) => {
      try {
        returned.push(robotsPlugin(eleventyConfig, { noindx: { paths: ['/private/**'] } } as never));
      } catch (error) {
        thrown.push(error);
      }
      returned.push(robotsPlugin(eleventyConfig, { headers: { targets: ['netlify'] } }));
    });
    expect(returned).toEqual([undefined]);
    expect(thrown).toHaveLength(1);
    expect((thrown[0] as Error).message).toBe(
      '[@robots-kit/eleventy] addPlugin options, key `noindx`: unknown option `noindx`; expected one of `defaults`, `noindex`, `rules`, `frontMatterKey`, `errorPages`, `googlebot`, `indexable`, `strict`, `site`, `robotsTxt`, `headers`, `audit`, `links`, `nosnippet`. Did you mean `noindex`?',
    );
    // The second call wired the plugin (the first left nothing behind to make it "added twice").
    expect(robotsTags(page(build, '/'))).toHaveProperty('googlebot');
  });
});

describe('site-wide options', () => {
  it('`indexable: false` keeps every page out of search engines, without the Googlebot tag', async () => {
    const build = await buildStub('minimal', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, { indexable: false });
    });
    expect(robotsTags(page(build, '/'))).toEqual({ robots: 'noindex, nofollow' });
    expect(robotsTags(page(build, '/private/'))).toEqual({ robots: 'noindex, nofollow' });
    expect(build.warnings.filter((message) => message.includes('not indexable'))).toEqual([
      expect.stringContaining('this build is not indexable (`indexable: false` in the plugin options)'),
    ]);
  });

  it('a staging environment (ROBOTS_INDEXABLE=false) does the same, and the build log says why', async () => {
    const saved = process.env.ROBOTS_INDEXABLE;
    process.env.ROBOTS_INDEXABLE = 'false';
    try {
      const build = await buildStub('minimal', (eleventyConfig) => {
        eleventyConfig.addPlugin(robotsPlugin);
      });
      expect(robotsTags(page(build, '/'))).toEqual({ robots: 'noindex, nofollow' });
      expect(build.warnings.some((message) => message.includes('not indexable (ROBOTS_INDEXABLE=false)'))).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.ROBOTS_INDEXABLE;
      else process.env.ROBOTS_INDEXABLE = saved;
    }
  });

  it('`googlebot: false` drops the extra Googlebot tag, and defaults apply to every page', async () => {
    const build = await buildStub('minimal', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, { googlebot: false, defaults: 'noarchive', frontMatterKey: 'seo' });
    });
    expect(robotsTags(page(build, '/'))).toEqual({ robots: 'noarchive' });
    // The page's `robots` key is not read: the front matter key is now `seo`.
    expect(robotsTags(page(build, '/private/'))).toEqual({ robots: 'noarchive' });
    expect(build.warnings).toEqual([]);
  });
});

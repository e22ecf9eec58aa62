import { fileURLToPath } from 'node:url';
import robots from '@robots-kit/astro';
import { build } from 'astro';
import { describe, expect, it } from 'vitest';
import { fixtureRoot } from './helpers/build-fixture.js';

const bad = fixtureRoot('bad');

/** Builds one of the `bad` fixture's source folders with the integration, inline config only. */
async function buildBad(
  srcDir: string,
  options: Parameters<typeof robots>[0] = {},
  site: string | null = 'https://example.com',
): Promise<unknown> {
  try {
    await build({
      root: fileURLToPath(bad),
      configFile: false,
      site: site ?? undefined,
      srcDir: `./${srcDir}`,
      outDir: `./dist/${srcDir}`,
      // A data store per source folder: the three folders define different collections.
      cacheDir: `./node_modules/.astro-${srcDir}`,
      logLevel: 'silent',
      integrations: [robots(options)],
    });
  } catch (error) {
    return error;
  }
  throw new Error(`the build of ${srcDir} should have failed`);
}

describe('bad input fails the build with a message naming the file', () => {
  it('rejects unknown options at astro:config:setup, with a did-you-mean and a hint', async () => {
    const error = (await buildBad('page', { noindx: { paths: ['/tags/**'] } } as never)) as Error & { hint?: string };
    expect(error.name).toBe('RobotsError');
    expect(error.message).toContain('[@robots-kit/astro]');
    expect(error.message).toContain('`noindx`');
    expect(error.message).toContain('Did you mean `noindex`?');
    expect(error.hint).toMatch(/robots\(\)/);
  });

  it('rejects a bad glob in the options', async () => {
    const error = (await buildBad('page', { noindex: { paths: ['tags/**'] } })) as Error;
    expect(error.message).toContain('noindex.paths[0]');
    expect(error.message).toContain('`tags/**`');
  });

  it('fails on an unknown directive in a Markdown page’s front matter', async () => {
    const error = (await buildBad('page')) as Error;
    expect(error.message).toContain('page/pages/typo.md');
    expect(error.message).toContain('`noindx`');
    expect(error.message).toContain('Did you mean `noindex`?');
    expect(error.message).toContain('[@robots-kit/astro]');
  });

  it('fails on a bad `robots` in a collection entry whose schema strips the key', async () => {
    const error = (await buildBad('entry-raw')) as Error;
    expect(error.message).toContain('entry-raw/content/notes/broken.md');
    expect(error.message).toContain('`nofollw`');
    expect(error.message).toContain('Did you mean `nofollow`?');
  });

  it('fails at content sync on a bad `robots` in a collection that uses robotsSchema()', async () => {
    const error = (await buildBad('entry-schema')) as Error;
    const text = `${error.message}\n${(error as { hint?: string }).hint ?? ''}`;
    expect(text).toContain('broken');
    expect(text).toContain('`nofollw`');
    expect(text).toContain('Did you mean `nofollow`?');
  });

  it('rejects a relative robots.txt sitemap when no `site` is set, naming the option to set, before building', async () => {
    const error = (await buildBad('page', { robotsTxt: { sitemap: '/sitemap.xml' } }, null)) as Error & {
      hint?: string;
    };
    expect(error.name).toBe('RobotsError');
    expect(error.message).toContain('[@robots-kit/astro]');
    expect(error.message).toContain('`robotsTxt.sitemap`');
    expect(error.message).toContain('`/sitemap.xml`');
    expect(error.message).toContain('`site`');
    expect(error.hint).toContain('Set `site` in your Astro config');
    // Stopped at astro:config:setup: the bad page (which fails while rendering) was never reached.
    expect(error.message).not.toContain('typo.md');
  });

  it('fails when `audit: true` and the audit of the output finds an error', async () => {
    const error = (await buildBad('audit-error', { audit: true })) as Error & { hint?: string };
    expect(error.message).toContain('[@robots-kit/astro] The robots-kit audit found 1 error');
    expect(error.hint).toContain('audit: false');
  });
});

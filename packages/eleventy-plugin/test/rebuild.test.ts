import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eleventy } from '@11ty/eleventy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { relativeToCwd, STUBS } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

/**
 * `eleventy --watch` (what `--serve` runs) on a copy of the stub: the plugin's
 * function runs once, then every file change starts a new build in the same process.
 */
describe.each([
  ['watch mode', false],
  ['incremental watch mode', true],
])('rebuilds in %s', (_mode, incremental) => {
  let work: string;
  let eleventy: InstanceType<typeof Eleventy>;
  let builds = 0;
  let nextBuild: (() => void) | undefined;

  const output = (name: string) => readFile(path.join(work, '_site', name, 'index.html'), 'utf8');

  async function edit(file: string, content: string): Promise<void> {
    const built = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no rebuild within 20 s after editing ${file}`)), 20_000);
      nextBuild = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    await writeFile(path.join(work, file), content);
    await built;
  }

  beforeAll(async () => {
    // Inside the working directory: Eleventy 3.1 misreports changes to inputs outside it
    // (and so rebuilds from stale data). Test `_site` folders are git-ignored.
    const scratch = fileURLToPath(new URL('./_site/', import.meta.url));
    await mkdir(scratch, { recursive: true });
    work = await mkdtemp(path.join(scratch, 'rebuild-'));
    await cp(path.join(STUBS, 'rebuild'), work, { recursive: true });
    eleventy = new Eleventy(relativeToCwd(work), relativeToCwd(path.join(work, '_site')), {
      quietMode: true,
      runMode: 'watch',
      config(eleventyConfig: any) {
        // Eleventy skips git-ignored inputs, and the scratch folder is git-ignored.
        eleventyConfig.setUseGitIgnore(false);
        eleventyConfig.addPlugin(robotsPlugin, { noindex: { collections: ['drafts'] } });
        eleventyConfig.on('eleventy.after', () => {
          builds++;
          nextBuild?.();
        });
      },
    });
    if (incremental) eleventy.setIncrementalBuild(true);
    // Watch mode announces each change on stdout even when quiet.
    eleventy.logger.overrideLogger({ log() {}, info() {}, warn() {}, error() {} });
    await eleventy.init();
    await eleventy.watch();
    // chokidar reports ready before it reliably sees the first change
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  afterAll(async () => {
    await eleventy?.stopWatch();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('shows front matter edits and collection changes on the next build', async () => {
    expect(builds).toBe(1);
    expect(robotsTags(await output('post'))).toEqual({ googlebot: GOOGLEBOT });
    expect(robotsTags(await output('other'))).toEqual({ googlebot: GOOGLEBOT });

    await edit('post.md', '---\ntitle: Post\nlayout: page.njk\nrobots: noindex\n---\nA post.\n');
    expect(builds).toBe(2);
    expect(robotsTags(await output('post'))).toEqual({ robots: 'noindex' });

    await edit('other.md', '---\ntitle: Other\nlayout: page.njk\ntags: drafts\n---\nAnother page.\n');
    expect(builds).toBe(3);
    expect(robotsTags(await output('other'))).toEqual({ robots: 'noindex, follow' });
    expect(robotsTags(await output('post'))).toEqual({ robots: 'noindex' });

    await edit('other.md', '---\ntitle: Other\nlayout: page.njk\n---\nAnother page.\n');
    expect(builds).toBe(4);
    expect(robotsTags(await output('other'))).toEqual({ googlebot: GOOGLEBOT });
  });

  it('merges the edited robots.txt of the site on the next build', async () => {
    const robotsTxt = () => readFile(path.join(work, '_site', 'robots.txt'), 'utf8');
    expect(await robotsTxt()).toMatch(/^Disallow: \/old\/$/m);
    await edit('robots.txt', 'User-agent: *\nDisallow: /new/\n');
    expect(await robotsTxt()).toMatch(/^Disallow: \/new\/$/m);
    expect(await robotsTxt()).not.toContain('/old/');
  });
});

/**
 * Issue 11, item 10: the Vercel header files are written at the project root, outside the output
 * folder. With the input folder at the project root, `eleventy --watch` (and `--serve`, which
 * watches the same way) saw each write as a change and rebuilt forever. They are in
 * `watchIgnores`, and a file whose content would not change is not written again.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProject, startCli, type WatchingCli } from './helpers/cli-project.js';

const BUILD_DONE = /\[11ty\] Wrote \d+ files?/;

function rootProject(vercel: string): Record<string, string> {
  return {
    'package.json': '{ "name": "root-input", "private": true, "type": "module" }\n',
    'eleventy.config.js': `import robots from '@robots-kit/eleventy';
export default function (eleventyConfig) {
  eleventyConfig.setUseGitIgnore(false);
  eleventyConfig.addPlugin(robots, { headers: { targets: ['vercel'], rules: [{ path: '/files/**', robots: 'noindex' }]${vercel} } });
}
`,
    'vercel.json': '{\n  "cleanUrls": true\n}\n',
    'index.njk': '<!doctype html><html><head><title>Home</title></head><body>Home</body></html>\n',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('item 10: files written outside the output folder', () => {
  let cli: WatchingCli | undefined;
  afterEach(async () => {
    await cli?.stop();
    cli = undefined;
  });

  it.each([
    ['vercel-headers.json', ''],
    ['vercel.json', ", vercel: { mergeInto: 'vercel.json' }"],
  ])(
    '%s does not make --watch rebuild again and again (input folder = project root)',
    async (file, vercel) => {
      const dir = await createProject('watch-root', rootProject(vercel));
      cli = startCli(dir, ['--watch']);
      await cli.waitFor(/Watching…/, 1);
      // chokidar reports ready before it reliably sees the first change.
      await sleep(1000);
      const written = await readFile(path.join(dir, file), 'utf8');
      expect(written).toMatch(/"X-Robots-Tag"/);
      const before = (await stat(path.join(dir, file))).mtimeMs;

      // One edit, one build; then quiet, however long we wait.
      await writeFile(
        path.join(dir, 'index.njk'),
        '<!doctype html><html><head><title>Home</title></head><body>Edited</body></html>\n',
      );
      await cli.waitFor(BUILD_DONE, 2);
      await sleep(2500);
      expect(cli.count(BUILD_DONE), cli.log()).toBe(2);
      expect(cli.log()).not.toContain(`File changed: ./${file}`);
      // Same content, so not written again: watchers and editors see no change.
      expect(await readFile(path.join(dir, file), 'utf8')).toBe(written);
      expect((await stat(path.join(dir, file))).mtimeMs).toBe(before);
      expect(cli.log()).toContain(`X-Robots-Tag header files unchanged: ${file}.`);
    },
    60_000,
  );
});

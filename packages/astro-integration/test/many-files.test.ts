/**
 * Content files are read with a bounded number of open files: a site of 5,000 Markdown files
 * builds under `ulimit -n 256` with robots(), as it does without, and a file that cannot be
 * read stops the build naming it instead of reading as "no front matter".
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureRoot } from './helpers/build-fixture.js';

const astroBin = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin', 'astro.mjs');
/** Temporary copies live inside the package, so `@robots-kit/astro` resolves as it does for the fixtures. */
const root = fileURLToPath(new URL('./.tmp/many-files/', import.meta.url));

/** `astro build` in a shell whose descriptor limit is `limit`, as a user on macOS's defaults runs it. */
function buildWithLimit(limit: number, config: string): { status: number | null; output: string } {
  const command = `ulimit -n ${limit} && exec "${process.execPath}" "${astroBin}" build --config ${config}`;
  const result = spawnSync('sh', ['-c', command], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(async () => {
  await rm(root, { recursive: true, force: true });
  await cp(fileURLToPath(fixtureRoot('many-files')), root, { recursive: true });
  await mkdir(join(root, 'src', 'notes'), { recursive: true });
  for (let i = 0; i < 5000; i++) {
    const robots = i % 100 === 0 ? 'robots: noindex\n' : '';
    await writeFile(join(root, 'src', 'notes', `note-${i}.md`), `---\ntitle: Note ${i}\n${robots}---\n\nNote ${i}.\n`);
  }
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a site of 5,000 Markdown files under `ulimit -n 256`', () => {
  it('builds without robots() (the baseline) and with it', () => {
    const baseline = buildWithLimit(256, 'astro.baseline.config.mjs');
    expect(baseline.status, baseline.output).toBe(0);
    const built = buildWithLimit(256, 'astro.config.mjs');
    expect(built.status, built.output).toBe(0);
    expect(built.output).not.toContain('EMFILE');
  }, 300_000);

  it('stops the build naming a content file it cannot read', async () => {
    // A folder named like a Markdown file: listed as content, and reading it fails (EISDIR) even as root.
    await mkdir(join(root, 'src', 'notes', 'broken.md'));
    try {
      const built = buildWithLimit(256, 'astro.config.mjs');
      expect(built.status).not.toBe(0);
      expect(built.output).toContain('Cannot read `src/notes/broken.md` to find its `robots` front matter');
    } finally {
      await rm(join(root, 'src', 'notes', 'broken.md'), { recursive: true, force: true });
    }
  }, 300_000);
});

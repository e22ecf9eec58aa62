/**
 * Vercel's Build Output API: a build whose `.vercel/output/config.json` exists (written by
 * `@astrojs/vercel`, or by `vercel build`) gets its own X-Robots-Tag routes there, so the
 * deployment it makes carries them (issue 37 item 5: vercel.json is read before the build runs).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeHeaderFiles } from '../../src/site/write-header-files.js';
import { expectedRobots, receivedRobots, type TestRule } from './expectations.js';
import { removeDir, tempDir, writeTree } from './servers.js';

/** The config.json `@astrojs/vercel` writes for a static site: asset caching, then the filesystem, then 404. */
const ASTRO_VERCEL_CONFIG = {
  version: 3,
  routes: [
    { src: '^/_astro/(.*)$', headers: { 'cache-control': 'public, max-age=31536000, immutable' }, continue: true },
    { handle: 'filesystem' },
    { src: '^/.*$', dest: '/404.html', status: 404 },
  ],
};
const RULES: TestRule[] = [
  { path: '/private/**', robots: 'noindex' },
  { path: '**/*.pdf', robots: 'noarchive' },
];
const FILES = ['index.html', 'about/index.html', 'private/report.pdf', 'private/notes/index.html', 'files/a.pdf'];

/** What Vercel sends: every route before `handle` whose `src` matches, a later one replacing the header. */
function vercelRoutesSend(config: { routes: Array<Record<string, unknown>> }, path: string): string | null {
  let sent: string | null = null;
  for (const route of config.routes) {
    if ('handle' in route) break;
    const headers = route.headers as Record<string, string> | undefined;
    if (headers?.['X-Robots-Tag'] !== undefined && new RegExp(route.src as string).test(path))
      sent = headers['X-Robots-Tag'];
  }
  return sent;
}

let dir: string | undefined;
afterEach(() => {
  if (dir) removeDir(dir);
  dir = undefined;
});
function project(config: unknown): { projectDir: string; outputDir: string; configPath: string } {
  dir = tempDir('robots-kit-vercel-');
  const outputDir = join(dir, '.vercel/output/static');
  writeTree(outputDir, Object.fromEntries(FILES.map((file) => [file, file])));
  const configPath = join(dir, '.vercel/output/config.json');
  mkdirSync(join(dir, '.vercel/output'), { recursive: true });
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return { projectDir: dir, outputDir, configPath };
}
function build(paths: ReturnType<typeof project>, rules: TestRule[] = RULES) {
  return writeHeaderFiles(
    { targets: ['vercel'], rules },
    { indexable: true, outputDir: paths.outputDir, projectDir: paths.projectDir },
  );
}

describe('headers into .vercel/output/config.json', () => {
  it("writes this build's routes before `handle: filesystem`, keeping the adapter's routes", () => {
    const paths = project(ASTRO_VERCEL_CONFIG);
    const written = build(paths);
    const entry = written.find((file) => file.path === '.vercel/output/config.json')!;
    expect(entry.note).toMatch(/vercel deploy --prebuilt/);
    const config = JSON.parse(readFileSync(paths.configPath, 'utf8'));
    expect(config.version).toBe(3);
    expect(config.routes.slice(-3)).toEqual(ASTRO_VERCEL_CONFIG.routes);
    for (const file of FILES) {
      const url = `/${file.replace(/index\.html$/, '')}`;
      for (const path of new Set([`/${file}`, url, url.length > 1 ? url.replace(/\/$/, '') : url]))
        expect({ path, robots: receivedRobots(vercelRoutesSend(config, path)) }).toEqual({
          path,
          robots: expectedRobots(RULES, [], path),
        });
    }
    expect(receivedRobots(vercelRoutesSend(config, '/private/report.pdf'))).toBe('noindex, noarchive');
  });

  it('replaces its routes on the next build, and those `vercel build` carried over from vercel.json', () => {
    const paths = project(ASTRO_VERCEL_CONFIG);
    build(paths, [{ path: '/old/**', robots: 'noindex' }]);
    // As `vercel build` turns vercel.json's entries (the previous build's) into routes, marker included.
    const config = JSON.parse(readFileSync(paths.configPath, 'utf8'));
    config.routes.unshift({
      src: '^/stale(?:/.*)?$',
      headers: { 'X-Robots-Tag': 'noindex' },
      continue: true,
      missing: [{ type: 'header', key: 'x-robots-kit-generated' }],
    });
    writeFileSync(paths.configPath, JSON.stringify(config, null, 2));
    build(paths);
    const again = JSON.parse(readFileSync(paths.configPath, 'utf8'));
    expect(JSON.stringify(again)).not.toMatch(/stale|old/);
    expect(again.routes.filter((route: { missing?: unknown }) => route.missing)).toHaveLength(
      again.routes.length - ASTRO_VERCEL_CONFIG.routes.length,
    );
    expect(build(paths).find((file) => file.path === '.vercel/output/config.json')!.status).toBe('unchanged');
  });

  it('without a Build Output folder, says plainly when vercel.json is read', () => {
    dir = tempDir('robots-kit-vercel-');
    writeTree(join(dir, 'dist'), { 'index.html': 'x' });
    const written = writeHeaderFiles(
      { targets: ['vercel'], rules: RULES },
      { indexable: true, outputDir: join(dir, 'dist'), projectDir: dir },
    );
    expect(written.map((file) => file.path)).toEqual(['vercel-headers.json']);
    expect(written[0]!.note).toMatch(/reads vercel\.json before the build runs/);
  });

  it('vercel.json (mergeInto) changed by the build is called stale in the log; unchanged, nothing is said', () => {
    dir = tempDir('robots-kit-vercel-');
    writeTree(dir, { 'dist/index.html': 'x', 'vercel.json': '{}\n' });
    const once = () =>
      writeHeaderFiles(
        { targets: ['vercel'], rules: RULES, vercel: { mergeInto: 'vercel.json' } },
        { indexable: true, outputDir: join(dir!, 'dist'), projectDir: dir! },
      )[0]!;
    const first = once();
    expect(first.status).toBe('updated');
    expect(first.note).toMatch(/carries the previous entries \(stale\)/);
    const second = once();
    expect(second.status).toBe('unchanged');
    expect(second.note).toBeUndefined();
  });
});

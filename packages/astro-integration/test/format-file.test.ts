/**
 * `build.format: 'file'` with `trailingSlash: 'never'`: `Astro.url.pathname` ends in `.html`,
 * so canonical and hreflang links name `/de.html`, which is `dist/de.html`. The build's audit
 * reads them as those pages (no `hreflang-missing`, no self-canonical read as another page),
 * keeps the real `hreflang-to-noindex` findings, and `robots-kit check dist/` says the same.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { auditHeadline, ours } from './helpers/site-output.js';

const cli = fileURLToPath(new URL('../bin/robots-kit.js', import.meta.url));

/** The finding ids of the build's audit lines (`warning hreflang-to-noindex: …`), sorted. */
function buildFindingIds(site: BuiltFixture): string[] {
  return ['info', 'warn', 'error']
    .flatMap((level) => ours(site.logs, level))
    .map((line) => /^(?:error|warning|info) ([a-z0-9-]+): /.exec(line)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort();
}

describe("build.format: 'file' with trailingSlash: 'never' and .html canonical and hreflang links", () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('format-file', { config: { logLevel: 'info' } });
  });

  it('builds /de.html as dist/de.html, with links that name it', async () => {
    const html = await site.read('de.html');
    expect(html).toContain('<link rel="canonical" href="https://example.com/de.html">');
    expect(html).toContain('hreflang="fr" href="https://example.com/fr.html"');
  });

  it('reads .html URLs as the files they name: no hreflang-missing, no self-canonical on noindex', () => {
    const ids = buildFindingIds(site);
    expect(ids).not.toContain('hreflang-missing');
    expect(ids).not.toContain('canonical-on-noindex');
    expect(ids).toContain('hreflang-to-noindex');
    expect(auditHeadline(site.logs)).toContain('6 pages');
  });

  it('leaves what the check needs in the output (.robots-kit.json: site, base, trailingSlash)', async () => {
    const manifest = JSON.parse(await site.read('.robots-kit.json')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      generator: '@robots-kit/astro',
      site: 'https://example.com',
      base: '/',
      trailingSlash: 'never',
      indexable: true,
    });
  });

  it('agrees with `robots-kit check dist/` on the same output', () => {
    const run = spawnSync(process.execPath, [cli, 'check', fileURLToPath(site.outDir), '--json', '--fail-on', 'none'], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { findings: Array<{ id: string; urls: string[] }> };
    expect(report.findings.map((finding) => finding.id).sort()).toEqual(buildFindingIds(site));
    const toNoindex = report.findings.find((finding) => finding.id === 'hreflang-to-noindex');
    expect(toNoindex?.urls).toEqual(['/', '/de', '/fr']);
  });
});

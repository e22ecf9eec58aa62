/**
 * Issue 37 item 4: Vercel reads `vercel.json` before the build runs, so a build that changes
 * robots-kit's entries there deploys the previous ones. That was only a line of the build log;
 * it is now the audit finding `vercel-json-stale`, reported once, by the build's audit and by
 * `robots-kit check` alike (both read it from the build manifest), whichever order the adapter
 * writes the header files and the manifest in (Astro: header files first; Eleventy: manifest first).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { BUILD_MANIFEST_FILE, writeBuildManifest } from '../../src/audit/site-urls.js';
import { writeHeaderFiles } from '../../src/site/write-header-files.js';
import { PAGE, tempSite } from './temp-site.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A project with a built page in `dist/` and a committed `vercel.json` of its own. */
function project(): { root: string; dist: string } {
  const site = tempSite({
    'dist/index.html': PAGE,
    'vercel.json': '{\n  "cleanUrls": true\n}\n',
  });
  cleanups.push(site.cleanup);
  return { root: site.root, dist: join(site.root, 'dist') };
}

/** One build: header files and manifest in the adapter's order, as the adapters call them. */
function build(
  { root, dist }: { root: string; dist: string },
  robots: string,
  order: 'headers-first' | 'manifest-first',
): void {
  const headers = {
    targets: ['vercel'],
    rules: [{ path: '/files/**', robots }],
    vercel: { mergeInto: 'vercel.json' },
  };
  const writeHeaders = () => writeHeaderFiles(headers, { indexable: true, outputDir: dist, projectDir: root });
  const writeManifest = () => writeBuildManifest(dist, { generator: 'test', site: 'https://example.com' });
  if (order === 'headers-first') {
    writeHeaders();
    writeManifest();
  } else {
    writeManifest();
    writeHeaders();
  }
}

async function staleFindings(dist: string) {
  const report = await auditSite(dist);
  return report.findings.filter((finding) => finding.id === 'vercel-json-stale');
}

describe.each(['headers-first', 'manifest-first'] as const)('vercel-json-stale (%s)', (order) => {
  it('is reported once, naming the file and the fix, after a build that changed vercel.json', async () => {
    const site = project();
    build(site, 'noindex', order);
    expect(readFileSync(join(site.root, 'vercel.json'), 'utf8')).toContain('x-robots-kit-generated');
    const findings = await staleFindings(site.dist);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.severity).toBe('warning');
    expect(findings[0]!.message).toContain('`vercel.json` changed in this build');
    expect(findings[0]!.message).toContain('Commit `vercel.json` and deploy again');
    expect(findings[0]!.message).toContain('vercel deploy --prebuilt');
    expect(JSON.parse(readFileSync(join(site.dist, BUILD_MANIFEST_FILE), 'utf8')).staleHeaderFiles).toEqual([
      'vercel.json',
    ]);
  });

  it('is not reported after a build that left vercel.json as it was (the deployment has these entries)', async () => {
    const site = project();
    build(site, 'noindex', order);
    build(site, 'noindex', order);
    expect(await staleFindings(site.dist)).toEqual([]);
  });

  it('is reported again when the rules change', async () => {
    const site = project();
    build(site, 'noindex', order);
    build(site, 'noindex', order);
    build(site, 'noindex, nofollow', order);
    expect(await staleFindings(site.dist)).toHaveLength(1);
  });

  it('is not reported when the build also wrote the Build Output config, which carries its own routes', async () => {
    const site = project();
    mkdirSync(join(site.root, '.vercel/output'), { recursive: true });
    writeFileSync(join(site.root, '.vercel/output/config.json'), '{\n  "version": 3,\n  "routes": []\n}\n');
    build(site, 'noindex', order);
    expect(await staleFindings(site.dist)).toEqual([]);
  });
});

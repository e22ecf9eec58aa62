/**
 * Issue 18, item 2: `audit: { html }` in the Astro integration writes the audit's HTML report of
 * the build, in the project folder (never in the output, which is deployed), before a failing
 * audit stops the build, with where each page's directives came from.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildFixture, fixtureRoot } from './helpers/build-fixture.js';

it('issue 18: audit: { html } writes the report of the build, then the audit fails it', async () => {
  const root = fixtureRoot('toolbar');
  const report = fileURLToPath(new URL('reports/robots.html', root));
  rmSync(fileURLToPath(new URL('reports/', root)), { recursive: true, force: true });
  try {
    await expect(buildFixture('toolbar', { config: { configFile: './astro.audit.config.mjs' } })).rejects.toThrow(
      /robots-kit audit found 1 error/,
    );
    const json = /<script type="application\/json" id="robots-kit-data">([\s\S]*?)<\/script>/.exec(
      readFileSync(report, 'utf8'),
    )?.[1];
    const data = JSON.parse(json!) as {
      pages: Array<[string]>;
      report: { findings: Array<{ id: string; urls: string[] }> };
      explanations: Record<string, { origins: Array<{ kind: string; label: string }> }>;
    };
    expect(data.pages.map(([url]) => url).sort()).toEqual(['/', '/private/report/']);
    expect(data.report.findings.find((finding) => finding.id === 'noindex-disallowed')?.urls).toEqual([
      '/private/report/',
    ]);
    expect(existsSync(fileURLToPath(new URL('dist/reports/robots.html', root)))).toBe(false);
    // Where each page's directives came from, as the middleware resolved it during the build.
    expect(data.explanations['/private/report/']?.origins.map((origin) => origin.kind)).toEqual([
      'defaults',
      'rule',
      'page',
      'existing-tag',
    ]);
    expect(data.explanations['/private/report/']?.origins[2]?.label).toBe(
      "the page's own setting: `robots` in src/pages/private/report.md",
    );
  } finally {
    rmSync(fileURLToPath(new URL('reports/', root)), { recursive: true, force: true });
    rmSync(fileURLToPath(new URL('dist/', root)), { recursive: true, force: true });
  }
});

/**
 * Issue 21: every `astro build` and `astro dev` start imports the integration, so it loads only
 * what the options use. A build without `audit` or `headers` loads none of core's audit,
 * reports, CLI or header writers (robots.txt is written with the output-file helpers alone);
 * the options schema (issue 35: one zod schema validates the options) loads on every build
 * (the import went from 272 modules to 88); `headers` loads the header writers and `audit: true`
 * the audit, still without the schemas. Each build runs in a fresh process with a module
 * load hook. Astro's own zod is not ours to judge: only robots-kit's modules are looked at.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureRoot } from './helpers/build-fixture.js';

const ROOT = fixtureRoot('import-cost');

/** The modules of robots-kit's packages that a build with `options` loads, as file URLs. */
function modulesLoaded(options: string, outDir: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    const { build } = await import('astro');
    const { default: robots } = await import('@robots-kit/astro');
    await build({ root: ${JSON.stringify(fileURLToPath(ROOT))}, configFile: false, outDir: ${JSON.stringify(outDir)}, site: 'https://example.com', logLevel: 'error', integrations: [robots(${options})] });
    process.stdout.write('\\nloaded: ' + JSON.stringify(loaded));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(ROOT),
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  expect(result.status, result.stderr).toBe(0);
  const loaded = JSON.parse(
    result.stdout.slice(result.stdout.lastIndexOf('\nloaded: ') + '\nloaded: '.length),
  ) as string[];
  return loaded.filter(
    (url) => /\/packages\/(?:core|astro-integration)\/dist\//.test(url) || /\/@robots-kit\//.test(url),
  );
}
/**
 * Core's modules that only some options need: the audit, the reports, the CLI, the logs, the
 * header writers (`site/write-header-files.js` and `headers/generate.js`, loaded only for
 * `headers`). `audit/site-urls.js` is not the audit: URL helpers with no import but `errors.js`,
 * where the build manifest every build writes (`writeBuildManifest`) lives.
 */
const heavy = (urls: string[]) =>
  urls.filter((url) =>
    /\/core\/dist\/(?:audit\/(?!site-urls\.js)|report\/|logs\/|cli\/|headers\/generate\.js|site\/write-header-files\.js)|\/core\/dist\/(?:index|adapter)\.js/.test(
      url,
    ),
  );

describe('what a build loads', () => {
  it('default options: the options schema, no audit, reports or header writers', () => {
    const outDir = fileURLToPath(new URL('dist/default/', ROOT));
    try {
      const loaded = modulesLoaded('{}', outDir);
      // The integration did load (its entry and core's build entry), so an empty list means something.
      expect(loaded.some((url) => url.includes('/core/dist/build.js'))).toBe(true);
      expect(heavy(loaded)).toEqual([]);
      expect(loaded.some((url) => url.includes('/core/dist/options/schema.js'))).toBe(true);
      // robots.txt was written with the output-file helpers, which bring no header writer.
      expect(loaded.some((url) => url.includes('/core/dist/site/output-files.js'))).toBe(true);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('`headers`: the header writers, and still no audit, reports or CLI', () => {
    const outDir = fileURLToPath(new URL('dist/headers/', ROOT));
    try {
      const loaded = heavy(modulesLoaded("{ headers: { targets: ['netlify'] } }", outDir));
      expect(loaded.map((url) => url.slice(url.indexOf('/core/dist/') + '/core/dist/'.length)).sort()).toEqual([
        'headers/generate.js',
        'site/write-header-files.js',
      ]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('`audit: true`: the audit and its log lines, still no report schema, CLI or main entry (the HTML report shares pieces with the logs report)', () => {
    const outDir = fileURLToPath(new URL('dist/audit/', ROOT));
    try {
      const loaded = heavy(modulesLoaded('{ audit: true }', outDir));
      expect(loaded.some((url) => url.includes('/core/dist/audit/audit-site.js'))).toBe(true);
      expect(loaded.some((url) => url.includes('/core/dist/report/table.js'))).toBe(true);
      expect(loaded.filter((url) => /\/report\/json\.js$|\/dist\/(?:index|adapter)\.js$|\/cli\//.test(url))).toEqual(
        [],
      );
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

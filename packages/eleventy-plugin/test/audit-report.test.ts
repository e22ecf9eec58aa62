/**
 * Issue 18, items 2 and 3: the audit's HTML report in Eleventy. `audit: { html }` writes it with
 * the build (kept out of the templates Eleventy reads, even with the project folder as input),
 * and `eleventy --serve` serves the report of the last build at `/_robots-kit/`, made on request;
 * a plain build serves and writes nothing of the kind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProject, LOOPBACK_ONLY, runCli, startCli, type WatchingCli } from './helpers/cli-project.js';

const PAGE = (title: string, robots = '') =>
  `---\ntitle: ${title}\n${robots ? `robots: ${robots}\n` : ''}---\n<!doctype html><html><head><title>{{ title }}</title></head><body><p>{{ title }}</p></body></html>\n`;

/** A site whose input folder is the project folder itself, as in many Eleventy projects. */
function files(audit: unknown): Record<string, string> {
  return {
    'eleventy.config.js': `import robots from '@robots-kit/eleventy';
export default function (eleventyConfig) {
  eleventyConfig.addPlugin(robots, { site: 'https://example.com', audit: ${JSON.stringify(audit)}, robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }] } });
  eleventyConfig.ignores.add('_site/**');
}
`,
    'index.njk': PAGE('Home'),
    'private/page.njk': PAGE('Private', 'noindex'),
    'about.njk': PAGE('About'),
  };
}

/** The JSON the report page embeds. */
function reportData(html: string): {
  report: { pages: unknown[]; findings: Array<{ id: string }> };
  pages: Array<[string]>;
  explanations?: Record<string, { origins: Array<{ kind: string; label: string }> }>;
} {
  const json = /<script type="application\/json" id="robots-kit-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the report data').toBeDefined();
  return JSON.parse(json!);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('issue 18: audit: { html } in Eleventy', () => {
  it('writes the report with the build, says where, and never reads it back as a template', async () => {
    const dir = await createProject('audit-html', files({ html: 'reports/robots.html' }));
    for (const run of [1, 2]) {
      const build = runCli(dir, ['--input=.', '--output=_site']);
      expect(build.log, `build ${run}`).toContain('HTML audit report written to reports/robots.html');
      // The noindex page behind Disallow fails the audit, after the report is written.
      expect(build.status, `build ${run}`).toBe(1);
      expect(existsSync(path.join(dir, '_site/reports/robots.html')), `build ${run}`).toBe(false);
    }
    const data = reportData(readFileSync(path.join(dir, 'reports/robots.html'), 'utf8'));
    expect(data.pages.map(([url]) => url).sort()).toEqual(['/', '/about/', '/private/page/']);
    expect(data.report.findings.map((finding) => finding.id)).toContain('noindex-disallowed');
    // Where each page's directives came from, as the transform resolved it.
    expect(data.explanations?.['/private/page/']?.origins.map((origin) => origin.label)).toEqual([
      "the page's own setting: `robots` in ./private/page.njk",
    ]);
    expect(data.explanations?.['/']?.origins.map((origin) => origin.kind)).toEqual(['googlebot']);
  });

  it('writes robots-kit-report.html for `html: true`, and nothing without it', async () => {
    const dir = await createProject('audit-html-default', files({ html: true }));
    runCli(dir, ['--input=.', '--output=_site']);
    expect(existsSync(path.join(dir, 'robots-kit-report.html'))).toBe(true);
    const plain = await createProject('audit-plain', files(false));
    expect(runCli(plain, ['--input=.', '--output=_site']).status).toBe(0);
    expect(existsSync(path.join(plain, 'robots-kit-report.html'))).toBe(false);
  });
});

/** The machine's IPv4 addresses other than loopback (none on a machine without a network). */
function externalAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}

describe('issue 18: eleventy --serve serves the report at /_robots-kit/', () => {
  let serve: WatchingCli | undefined;
  afterAll(async () => {
    await serve?.stop();
  });

  it('starts the dev server on the loopback address only (the preload the tests use works)', () => {
    const script =
      "require('node:http').createServer().listen({ port: 0 }, function () { console.log(this.address().address); this.close(); })";
    const address = (preload: string[]) =>
      spawnSync(process.execPath, [...preload, '-e', script], { encoding: 'utf8' }).stdout.trim();
    expect(address(['--import', LOOPBACK_ONLY])).toBe('127.0.0.1');
    expect(address([]), 'without the preload, Node listens on every interface').not.toBe('127.0.0.1');
  });

  it('answers with the report of the last build; other URLs are the site', async () => {
    const dir = await createProject('audit-serve', files(false));
    const port = await freePort();
    // Eleventy's dev server has no host option; startCli preloads loopback-only.mjs so that it
    // listens on 127.0.0.1 only, which the next lines check.
    serve = startCli(dir, ['--input=.', '--output=_site', '--serve', `--port=${port}`]);
    await serve.waitFor(/Server at/, 1, 60_000);
    const origin = `http://127.0.0.1:${port}`;
    for (const address of externalAddresses()) {
      await expect(fetch(`http://${address}:${port}/`), `not listening on ${address}`).rejects.toThrow();
    }
    const response = await fetch(`${origin}/_robots-kit/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('robots-kit audit (eleventy --serve)');
    expect(
      reportData(html)
        .pages.map(([url]) => url)
        .sort(),
    ).toEqual(['/', '/about/', '/private/page/']);
    expect(reportData(html).explanations?.['/private/page/']?.origins.map((origin) => origin.kind)).toEqual(['page']);
    expect((await fetch(`${origin}/_robots-kit`)).status).toBe(200);
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain('<title>Home</title>');
    expect(existsSync(path.join(dir, '_site/_robots-kit'))).toBe(false);
  });
});

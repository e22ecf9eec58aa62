/**
 * `robots-kit check <url> --expect <dir>` against real servers: a built site served by nginx and
 * Apache (Debian's), correctly and in each way hosts break what the build meant: the header
 * snippet not included, a `location` with its own `add_header`, Apache without mod_headers, the
 * header rules of an earlier build, a stale robots.txt, an SPA fallback where the build has a
 * 404 page. Each server is started on 127.0.0.1 by the test and stopped by it.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { generateHeaderFiles } from '../../src/index.js';
import {
  APACHE_MODULES,
  apacheBinary,
  apacheSetup,
  freePort,
  hasNginx,
  type NginxOptions,
  nginxSetup,
  removeDir,
  type ServerSetup,
  startServer,
  tempDir,
  writeTree,
} from '../headers/servers.js';

const hasApache = apacheBinary !== undefined && APACHE_MODULES !== undefined;
if (!hasNginx) console.warn('nginx not found (apt-get install nginx-light): skipping the live check against nginx');
if (!hasApache) console.warn('apache2 not found (apt-get install apache2): skipping the live check against Apache');

const PAGES: Record<string, string> = {
  'index.html': '<!doctype html><html><head><title>home</title></head><body><a href="/drafts/one/">d</a></body></html>',
  'drafts/one/index.html':
    '<!doctype html><html><head><meta name="robots" content="noindex, follow"><title>draft</title></head><body>draft</body></html>',
  'about/index.html': '<!doctype html><html><head><title>about</title></head><body>about</body></html>',
  '404.html': '<!doctype html><html><head><title>not found</title></head><body>404</body></html>',
  'private/report.pdf': '%PDF-1.4 report',
  'files/a.pdf': '%PDF-1.4 a',
};
const RULES = [{ path: '/private/**', robots: 'noindex' }];

function headerFiles(rules: typeof RULES, target: 'nginx' | 'apache' | 'netlify' | 'cloudflare'): string {
  const files = generateHeaderFiles(
    { targets: [target], rules },
    { indexable: true, pages: [], readExisting: () => undefined },
  );
  return files[0]!.content;
}
const ROBOTS_TXT = 'User-agent: *\nDisallow: /search\n';

/** The build's output folder, as `--expect` reads it: pages, robots.txt and the header files. */
const built = tempDir('robots-kit-live-built-');
writeTree(built, {
  ...PAGES,
  'robots.txt': ROBOTS_TXT,
  _headers: headerFiles(RULES, 'netlify'),
  '.htaccess': headerFiles(RULES, 'apache'),
});
const folders: string[] = [built];
afterAll(() => {
  for (const folder of folders) removeDir(folder);
});

interface Run {
  code: number;
  report: { findings: Array<{ id: string; severity: string; message: string; urls: string[] }> };
  stderr: string;
}
/** `robots-kit check <origin> --expect <built> --format=json`, as a user runs it. */
async function cli(origin: string, extra: string[] = []): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['check', origin, '--expect', built, '--format=json', ...extra], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, report: JSON.parse(stdout), stderr };
}
async function check(setup: ServerSetup, extra: string[] = []): Promise<Run> {
  folders.push(setup.dir);
  const server = await startServer(setup);
  try {
    return await cli(server.origin, extra);
  } finally {
    await server.stop();
  }
}
const errors = (run: Run) =>
  run.report.findings.filter((finding) => finding.severity !== 'info' && finding.id !== 'no-sitemap');
const site = (robotsTxt = ROBOTS_TXT) => ({ ...PAGES, 'robots.txt': robotsTxt });
const nginx = (options: NginxOptions, robotsTxt?: string, rules = RULES) =>
  nginxSetup(headerFiles(rules, 'nginx'), site(robotsTxt), '/', options);
const withErrorPage = (dir: string) => `root ${dir}/site;\n    index index.html;\n    error_page 404 /404.html;`;

describe.skipIf(!hasNginx)('robots-kit check <url> --expect against nginx', () => {
  it('passes a site served as the build meant (exit 0, no finding)', async () => {
    const run = await check(nginx({ server: withErrorPage }));
    expect(errors(run)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('served-differs when the snippet is not included: the PDF lost its noindex', async () => {
    const run = await check(nginx({ server: withErrorPage, include: false }));
    expect(run.code).toBe(1);
    expect(errors(run).map((finding) => [finding.id, finding.urls])).toEqual([
      ['served-differs', ['/private/report.pdf']],
    ]);
    expect(errors(run)[0]!.message).toMatch(
      /meant noindex, the server sends no restriction.*no X-Robots-Tag came back/,
    );
  });

  it('--html shows what was served beside what the build meant, and the served robots.txt', async () => {
    const html = join(tempDir('robots-kit-live-html-'), 'report.html');
    folders.push(dirname(html));
    await check(nginx({ server: withErrorPage, include: false }), ['--html', html]);
    const page = readFileSync(html, 'utf8');
    const json = /<script type="application\/json" id="robots-kit-data">(.*?)<\/script>/s.exec(page)![1]!;
    const data = JSON.parse(json) as {
      pages: unknown[][];
      verdicts: Array<{ directives: string[] }>;
      robotsTxt?: { lines: string[] };
    };
    const pdf = data.pages.find((row) => row[0] === '/private/report.pdf')!;
    const [served, meant] = [pdf[4] as number[], pdf[5] as number[]];
    expect(data.verdicts[served[0]!]!.directives).toEqual([]);
    expect(data.verdicts[meant[0]!]!.directives).toEqual(['noindex']);
    expect(data.robotsTxt?.lines).toEqual(['User-agent: *', 'Disallow: /search', '']);
  });

  it('served-differs when a location of the user’s has its own add_header (nginx does not inherit it)', async () => {
    const server = (dir: string) =>
      `${withErrorPage(dir)}\n    location /private/ { add_header Cache-Control "no-store"; include ${dir}/robots-headers.nginx.conf; }`;
    // The snippet repeated inside the location, as the generated file says: correct.
    expect(errors(await check(nginx({ server, include: true })))).toEqual([]);
    const dropping = (dir: string) =>
      `${withErrorPage(dir)}\n    location /private/ { add_header Cache-Control "no-store"; }`;
    const run = await check(nginx({ server: dropping }));
    expect(errors(run).map((finding) => [finding.id, finding.urls])).toEqual([
      ['served-differs', ['/private/report.pdf']],
    ]);
  });

  it('served-differs when the host applies an earlier build’s header rules', async () => {
    const run = await check(nginx({ server: withErrorPage }, undefined, [{ path: '/files/**', robots: 'noindex' }]));
    const differing = errors(run);
    expect(differing.map((finding) => finding.urls[0]).sort()).toEqual(['/files/a.pdf', '/private/report.pdf']);
    expect(differing.find((finding) => finding.urls[0] === '/files/a.pdf')!.message).toMatch(
      /meant no restriction, the server sends noindex.*did not write/,
    );
  });

  it('robots-txt-differs for a stale robots.txt, naming the line', async () => {
    const run = await check(nginx({ server: withErrorPage }, 'User-agent: *\nDisallow: /\n'));
    const found = errors(run);
    expect(found.map((finding) => finding.id)).toContain('robots-txt-differs');
    expect(found.find((finding) => finding.id === 'robots-txt-differs')!.message).toMatch(
      /line 2 is `Disallow: \/`, the build wrote `Disallow: \/search`/,
    );
  });

  it('served-differs for a soft 404 (an SPA fallback where the build has a 404 page)', async () => {
    const spa = (dir: string) =>
      `root ${dir}/site;\n    index index.html;\n    location / { try_files $uri $uri/ /index.html; }\n    include ${dir}/robots-headers.nginx.conf;`;
    const run = await check(nginx({ server: spa, include: false }));
    const soft = errors(run).filter((finding) => /soft 404/.test(finding.message));
    expect(soft).toHaveLength(1);
    expect(soft[0]!.message).toMatch(/answers 200 instead of 404/);
  });

  it('--user-agent sends a crawler’s User-Agent, robots-kit named after it', async () => {
    const setup = nginx({
      server: (dir) => `${withErrorPage(dir)}\n    if ($http_user_agent ~ "Googlebot") { return 403; }`,
    });
    const run = await check(setup, ['--user-agent', 'googlebot']);
    expect(errors(run).some((finding) => finding.id === 'served-differs' && /answers 403/.test(finding.message))).toBe(
      true,
    );
  });
});

describe.skipIf(!hasApache)('robots-kit check <url> --expect against Apache', () => {
  it('passes the .htaccess served by Apache with mod_headers', async () => {
    const setup = apacheSetup(headerFiles(RULES, 'apache'), site());
    writeFileSync(join(setup.dir, 'site', '.htaccess'), `ErrorDocument 404 /404.html\n${headerFiles(RULES, 'apache')}`);
    const run = await check(setup);
    expect(errors(run)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('served-differs on every URL when mod_headers is not loaded (Apache answers 500)', async () => {
    const run = await check(apacheSetup(headerFiles(RULES, 'apache'), site(), '/', { headers: false }));
    const differing = errors(run).filter((finding) => finding.id === 'served-differs');
    expect(differing.length).toBeGreaterThanOrEqual(4);
    expect(differing.every((finding) => /answers 500/.test(finding.message))).toBe(true);
    expect(run.code).toBe(1);
  });

  it('served-differs when AllowOverride ignores the file', async () => {
    const run = await check(apacheSetup(headerFiles(RULES, 'apache'), site(), '/', { allowOverride: 'None' }));
    expect(errors(run).map((finding) => finding.urls[0])).toContain('/private/report.pdf');
  });
});

/** `wrangler pages dev` (Cloudflare's runtime, workerd, from npm; offline) serving `dir` with its `_headers`. */
async function wranglerPages(dir: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const wrangler = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');
  const node = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : 'node_modules/.bin/node';
  const child = spawn(node, [wrangler, 'pages', 'dev', dir, '--port', String(port), '--ip', '127.0.0.1'], {
    cwd: tempDir('robots-kit-wrangler-'),
    env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    stdio: 'ignore',
    detached: true,
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await fetch(`${origin}/`);
      return { origin, stop };
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw new Error('wrangler pages dev did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('robots-kit check <url> --expect against `wrangler pages dev` (workerd)', () => {
  it('passes the built folder served with its _headers, and names the PDF when _headers is not deployed', async () => {
    const deployed = tempDir('robots-kit-live-pages-');
    folders.push(deployed);
    writeTree(deployed, { ...PAGES, 'robots.txt': ROBOTS_TXT, _headers: headerFiles(RULES, 'cloudflare') });
    let server = await wranglerPages(deployed);
    try {
      const good = await cli(server.origin);
      expect(errors(good)).toEqual([]);
      expect(good.code).toBe(0);
    } finally {
      await server.stop();
    }
    rmSync(join(deployed, '_headers'));
    server = await wranglerPages(deployed);
    try {
      const run = await cli(server.origin);
      expect(errors(run).map((finding) => [finding.id, finding.urls])).toEqual([
        ['served-differs', ['/private/report.pdf']],
      ]);
    } finally {
      await server.stop();
    }
  });
});

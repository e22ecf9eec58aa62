import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_REPORT_JSON_SCHEMA } from '../../src/report/json.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from './capture.js';
import { fixturePath } from './fixture-path.js';
import { jsonSchemaProblems } from './json-schema-check.js';

const ESC = '\u001b';

async function run(args: string[], options: Parameters<typeof captureIo>[0] = {}) {
  const io = captureIo(options);
  const code = await runCli(args, io);
  return { code, stdout: io.stdout.text(), stderr: io.stderr.text() };
}

describe('robots-kit check: exit codes', () => {
  it('0 for a clean site, with a readable table and no colour off a terminal', async () => {
    const result = await run(['check', fixturePath('clean')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0 errors, 0 warnings, 0 info');
    expect(result.stdout).toContain('Pages with restrictions (2 of 5)');
    expect(result.stdout).not.toContain(ESC);
    expect(result.stderr).toBe('');
  });

  it('1 when a finding reaches --fail-on (default error)', async () => {
    const result = await run(['check', fixturePath('noindex-disallowed')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/ERROR noindex-disallowed/);
    expect(result.stdout).toContain('/private/team/');
  });

  it.each([
    ['group-override', 'error', 0],
    ['group-override', 'warning', 1],
    ['no-sitemap', 'warning', 0],
    ['no-sitemap', 'info', 1],
    ['noindex-disallowed', 'none', 0],
  ])('%s with --fail-on %s exits %i', async (fixture, failOn, code) => {
    expect((await run(['check', fixturePath(fixture), `--fail-on=${failOn}`])).code).toBe(code);
  });

  it.each([
    [[], 'missing command'],
    [['audit', 'dist'], 'unknown command `audit`'],
    [['chek', 'dist'], 'Did you mean `check`?'],
    [['check'], 'missing folder'],
    [['check', 'a', 'b'], 'unexpected argument `b`'],
    [['check', 'dist', '--fomat=json'], 'unknown option `--fomat`'],
    [['check', 'dist', '--fomat=json'], 'Did you mean `--format`?'],
    [['check', 'dist', '--format=xml'], 'key `--format`: invalid value `xml`'],
    [['check', 'dist', '--format', 'jsn'], 'Did you mean `json`?'],
    [['check', 'dist', '--fail-on', 'errors'], 'Did you mean `error`?'],
    [['check', 'dist', '--trailing-slash', 'sometimes'], 'key `--trailing-slash`'],
    [['check', 'dist', '--json', '--format=table'], '--json or --format, not both'],
    [['check', 'dist', '--site'], 'option --site needs a value'],
  ])('2 for usage errors: %j', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage: robots-kit check <dir>');
    expect(result.stdout).toBe('');
  });

  it.each([
    [['check', 'no/such/folder'], 'no such folder `no/such/folder`'],
    [['check', fixturePath('clean') + 'robots.txt'], 'not a folder'],
    [['check', fixturePath('clean'), '--site', 'example.com'], 'Did you mean `https://example.com`?'],
    [
      ['check', fixturePath('clean'), '--crawler', 'googlebot/2.1'],
      'key `--crawler`: invalid crawler name `googlebot/2.1`',
    ],
    [['check', fixturePath('clean'), '--crawler', ','], 'no crawler given'],
  ])('2 for bad values and folders: %j', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('0 with usage for --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--fail-on <severity>');
  });
});

describe('robots-kit check: options and formats', () => {
  it('--json prints a report that matches the schema', async () => {
    const result = await run(['check', fixturePath('noindex-in-sitemap'), '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: Array<{ id: string }> };
    expect(jsonSchemaProblems(AUDIT_REPORT_JSON_SCHEMA, report)).toEqual([]);
    expect(report.findings.map((finding) => finding.id)).toEqual(['noindex-in-sitemap']);
  });

  it('passes --site, --crawler and --trailing-slash through', async () => {
    const result = await run([
      'check',
      fixturePath('clean'),
      '--format=json',
      '--site',
      'https://example.com/docs/',
      '--crawler',
      'bingbot',
      '--crawler',
      'googlebot,*',
      '--trailing-slash',
      'never',
    ]);
    const report = JSON.parse(result.stdout) as {
      site: string;
      crawlers: string[];
      trailingSlash: string;
      pages: Array<{ url: string }>;
      sitemaps: Array<{ kind: string }>;
    };
    expect(report).toMatchObject({
      site: 'https://example.com/docs',
      crawlers: ['bingbot', 'googlebot', '*'],
      trailingSlash: 'never',
    });
    expect(report.pages.map((page) => page.url)).toEqual([
      '/docs',
      '/docs/404',
      '/docs/about',
      '/docs/blog/first-post',
      '/docs/drafts/wip',
    ]);
    // robots.txt names a sitemap outside /docs: another site's, so it is not read
    expect(report.sitemaps).toEqual([{ url: 'https://example.com/sitemap-index.xml', kind: 'external', urlCount: 0 }]);
  });

  it('--format=github prints workflow commands with files relative to the working directory', async () => {
    const result = await run([
      'check',
      path.relative(process.cwd(), fixturePath('noindex-disallowed')),
      '--format=github',
    ]);
    const relative = path.relative(process.cwd(), fixturePath('noindex-disallowed')).split(path.sep).join('/');
    expect(result.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^::error file=${relative.replaceAll('.', '\\.')}/robots\\.txt,line=2,title=robots-kit noindex-disallowed::robots\\.txt line 2 \`Disallow: /private/\` stops`,
      ),
    );
    expect(result.stdout).toMatch(/URLs: \/private\/ \/private\/team\//);
    expect(result.stdout).toContain('robots-kit: 1 error, 0 warnings, 0 info');
  });

  it('--format=sarif prints SARIF 2.1.0 with a rule per id and located results', async () => {
    const result = await run(['check', fixturePath('robots-txt-syntax'), '--format=sarif']);
    const sarif = JSON.parse(result.stdout) as {
      version: string;
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string }> } };
        results: Array<{
          ruleId: string;
          level: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
        }>;
      }>;
    };
    expect(sarif.version).toBe('2.1.0');
    const [run0] = sarif.runs;
    expect(run0!.tool.driver.rules.map((rule) => rule.id)).toContain('robots-txt-syntax');
    expect(
      run0!.results.map((item) => [item.ruleId, item.level, item.locations[0]!.physicalLocation.region.startLine]),
    ).toEqual([
      ['robots-txt-syntax', 'error', 1],
      ['robots-txt-syntax', 'error', 4],
      ['robots-txt-syntax', 'warning', 5],
    ]);
    expect(run0!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toMatch(
      /fixtures\/audit\/robots-txt-syntax\/robots\.txt$/,
    );
  });

  it('colours the table only on a terminal without NO_COLOR', async () => {
    expect((await run(['check', fixturePath('noindex-disallowed')], { stdoutTTY: true })).stdout).toContain(
      `${ESC}[31m`,
    );
    expect(
      (await run(['check', fixturePath('noindex-disallowed')], { stdoutTTY: true, env: { NO_COLOR: '1' } })).stdout,
    ).not.toContain(ESC);
  });

  it('--pages lists every page', async () => {
    const result = await run(['check', fixturePath('clean'), '--pages']);
    expect(result.stdout).toContain('Pages (5)');
    expect(result.stdout).toMatch(/\/about\/\s+googlebot, \*\s+yes\s+yes\s+yes/);
  });
});

describe('robots-kit: version and colour', () => {
  const coreVersion = (
    JSON.parse(
      readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8'),
    ) as { version: string }
  ).version;

  it.each([['--version'], ['-v']])('%s prints the package version and exits 0', async (flag) => {
    const result = await run([flag]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${coreVersion}\n`);
  });

  it('names its version in SARIF', async () => {
    const result = await run(['check', fixturePath('robots-txt-syntax'), '--format=sarif']);
    const sarif = JSON.parse(result.stdout) as { runs: Array<{ tool: { driver: { version: string } } }> };
    expect(sarif.runs[0]!.tool.driver.version).toBe(coreVersion);
  });

  it.each([
    ['a terminal', [], {}, true, true],
    ['not a terminal', [], {}, false, false],
    ['NO_COLOR on a terminal', [], { NO_COLOR: '1' }, true, false],
    ['FORCE_COLOR off a terminal', [], { FORCE_COLOR: '1' }, false, true],
    ['FORCE_COLOR=0 on a terminal', [], { FORCE_COLOR: '0' }, true, false],
    ['FORCE_COLOR beats NO_COLOR', [], { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    ['--color off a terminal, with NO_COLOR', ['--color'], { NO_COLOR: '1' }, false, true],
    ['--no-color on a terminal, with FORCE_COLOR', ['--no-color'], { FORCE_COLOR: '1' }, true, false],
  ] as const)('colours the table on %s: %s', async (_name, flags, env, stdoutTTY, coloured) => {
    const result = await run(['check', fixturePath('noindex-disallowed'), ...flags], { env: { ...env }, stdoutTTY });
    expect(result.stdout.includes(ESC)).toBe(coloured);
  });

  it('refuses --color with --no-color', async () => {
    const result = await run(['check', fixturePath('clean'), '--color', '--no-color']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--color or --no-color, not both');
  });
});

describe('robots-kit check: progress', () => {
  let site: string;
  beforeAll(() => {
    site = mkdtempSync(path.join(tmpdir(), 'robots-kit-progress-'));
    for (let i = 0; i < 320; i++) {
      mkdirSync(path.join(site, `p${i}`));
      writeFileSync(
        path.join(site, `p${i}`, 'index.html'),
        `<!DOCTYPE html><html><head><title>${i}</title></head><body>${i}</body></html>`,
      );
    }
    writeFileSync(path.join(site, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('draws a progress bar on a terminal stderr for sites over 300 pages, and clears it', async () => {
    const result = await run(['check', site], { stderrTTY: true });
    expect(result.stderr).toContain('320/320 pages');
    expect(result.stderr.endsWith('\r\u001b[2K')).toBe(true);
    expect(result.stdout).toContain('320 pages');
  });

  it('exits 2, not 1, when the audit itself fails', async () => {
    const io = captureIo({ stderrTTY: true });
    const write = io.stderr.write.bind(io.stderr);
    io.stderr.write = (chunk: string) => {
      if (chunk.startsWith('\r[')) throw new Error('terminal went away');
      return write(chunk);
    };
    expect(await runCli(['check', site], io)).toBe(2);
    expect(io.stderr.text()).toContain('robots-kit: the audit failed: Error: terminal went away');
    expect(io.stdout.text()).toBe('');
  });

  it('stays quiet off a terminal', async () => {
    expect((await run(['check', site])).stderr).toBe('');
  });
});

describe('robots-kit bin', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const cli = path.join(root, 'packages/core/bin/robots-kit.js');
  beforeAll(() => {
    if (!existsSync(cli))
      spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/core'], { cwd: root, stdio: 'inherit' });
  });

  it('runs as `node bin/robots-kit.js check <dir>` and sets the exit code', () => {
    const node = path.join(root, 'node_modules/.bin/node');
    const failing = spawnSync(node, [cli, 'check', fixturePath('noindex-disallowed'), '--json'], { encoding: 'utf8' });
    expect(failing.status).toBe(1);
    expect(JSON.parse(failing.stdout)).toMatchObject({ summary: { findings: { error: 1 } } });
    const usage = spawnSync(node, [cli, 'check', '--bogus'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('unknown option `--bogus`');
  });
});

import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readRobotsTags } from '@robots-kit/core/internal/adapter';
import { describe, expect, it } from 'vitest';

// The CLI is not in Eleventy's exports: find it at the root of the package its main entry is in.
const ELEVENTY_CLI = path.join(
  createRequire(import.meta.url)
    .resolve('@11ty/eleventy')
    .replace(/[\\/]src[\\/].*$/, ''),
  'cmd.cjs',
);
const PLUGIN = pathToFileURL(path.resolve(import.meta.dirname, '../dist/index.js')).href;

const LAYOUT =
  '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>{{ title }}</title>\n</head>\n<body>\n{{ content | safe }}\n</body>\n</html>\n';

function page(index: number, robots: string): string {
  return `---\ntitle: Page ${index}\nlayout: layout.njk\nrobots: ${robots}\n---\nParagraph ${index} &amp; more.\n`;
}

/** Each build in its own process, as on the command line: Eleventy caches template files within a process. */
function build(root: string): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [ELEVENTY_CLI, '--input=src', '--output=_site', '--config=eleventy.config.mjs', '--quiet'],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, output: result.stdout + result.stderr };
}

function htmlFiles(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.html'))
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

describe('a build that fails midway', () => {
  it('leaves every page whole (old or new), and names the file that failed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'robots-kit-safety-'));
    const input = path.join(root, 'src');
    const output = path.join(root, '_site');
    mkdirSync(path.join(input, '_includes'), { recursive: true });
    writeFileSync(
      path.join(root, 'eleventy.config.mjs'),
      `import robots from '${PLUGIN}';\nexport default (config) => { config.addPlugin(robots, { robotsTxt: false }); };\n`,
    );
    writeFileSync(path.join(input, '_includes', 'layout.njk'), LAYOUT);
    for (let i = 0; i < 8; i++)
      writeFileSync(path.join(input, `page-${i}.md`), page(i, i % 2 ? 'noindex' : 'noarchive'));
    expect(build(root).status).toBe(0);
    const before = htmlFiles(output);
    expect(before.size).toBe(8);

    // Every page changes, and one of them now has a typo: the build must fail on it.
    for (let i = 0; i < 8; i++)
      writeFileSync(path.join(input, `page-${i}.md`), page(i, i === 5 ? 'noindx' : 'nofollow'));
    const failure = build(root);
    expect(failure.status).toBe(1);
    expect(failure.output).toMatch(
      /\[@robots-kit\/eleventy\] \.\/src\/page-5\.md, key `robots`: unknown directive `noindx`/,
    );
    expect(failure.output).toContain('Did you mean `noindex`?');

    const after = htmlFiles(output);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, html] of after) {
      const whole = html === before.get(name) || /<meta name="robots" content="nofollow">/.test(html);
      expect(whole, `${name} is neither the old page nor the new one`).toBe(true);
      expect(html.endsWith('</html>\n'), `${name} is cut short`).toBe(true);
      expect(readRobotsTags(html).filter((tag) => tag.name === 'robots')).toHaveLength(1);
    }
    expect(after.get(path.join('page-5', 'index.html'))).toBe(before.get(path.join('page-5', 'index.html')));
  });
});

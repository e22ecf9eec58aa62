// @robots-kit/astro with Astro 5 and 6 (Astro 7 is what the test suite builds with): packs core and
// the integration, installs the tarballs with the Astro version pinned in
// test/fixtures/astro-majors/astro<N>/package.json into a fresh project, builds the same small site
// (front matter, a collection with robotsSchema(), Astro.locals.robots, a path rule, robots.txt,
// the audit) and checks what it wrote. Run by .ci/run; `node packages/astro-integration/test/astro-majors.mjs [5|6]`.
// Prints `astro-majors: N passed, N failed` and exits 1 on a failure.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixtures = path.join(here, 'fixtures/astro-majors');
const only = process.argv[2];
const work = mkdtempSync(path.join(tmpdir(), 'robots-kit-astro-majors-'));
const results = [];

function check(name, ok, detail = '') {
  results.push(ok);
  process.stdout.write(
    `${ok ? '✔' : '✘'} ${name}${ok || !detail ? '' : `\n    ${detail.split('\n').slice(-25).join('\n    ')}`}\n`,
  );
}
// The Node running this script comes first on PATH, so `npm` and Astro's bin run with it.
function run(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout ?? '', output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
/** `name → content` of the robots meta tags of a built page (the site's own markup, one tag per line). */
function robotsMetas(html) {
  return Object.fromEntries(
    [...html.matchAll(/<meta name="(robots|googlebot)" content="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
}

try {
  const tarballs = {};
  for (const dir of ['packages/core', 'packages/astro-integration']) {
    const packed = run('npm', ['pack', '--json', '--pack-destination', work], path.join(root, dir));
    if (packed.status !== 0) throw new Error(`npm pack ${dir} failed:\n${packed.output}`);
    const [info] = JSON.parse(packed.stdout);
    tarballs[info.name] = path.join(work, info.filename);
  }
  const majors = readdirSync(fixtures).filter((name) => /^astro\d+$/.test(name) && (!only || name === `astro${only}`));
  for (const major of majors) {
    const project = path.join(work, major);
    cpSync(path.join(fixtures, 'site'), project, { recursive: true });
    const pinned = JSON.parse(readFileSync(path.join(fixtures, major, 'package.json'), 'utf8'));
    pinned.dependencies = {
      ...pinned.dependencies,
      '@robots-kit/core': `file:${tarballs['@robots-kit/core']}`,
      '@robots-kit/astro': `file:${tarballs['@robots-kit/astro']}`,
    };
    writeFileSync(path.join(project, 'package.json'), `${JSON.stringify(pinned, null, 2)}\n`);
    const install = run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], project);
    const version = pinned.dependencies.astro;
    check(
      `${major}: astro@${version} and the packed tarballs install (peer range accepted)`,
      install.status === 0,
      install.output,
    );
    if (install.status !== 0) continue;
    const build = run(path.join(project, 'node_modules/.bin/astro'), ['build'], project);
    check(`${major}: astro build succeeds`, build.status === 0, build.output);
    if (build.status !== 0) continue;
    const read = (file) => readFileSync(path.join(project, 'dist', file), 'utf8');
    const tags = {
      'posts/hidden/index.html': { robots: 'noindex' },
      'posts/open/index.html': { googlebot: 'max-snippet:-1, max-image-preview:large, max-video-preview:-1' },
      'index.html': {
        robots: 'noarchive',
        googlebot: 'noarchive, max-snippet:-1, max-image-preview:large, max-video-preview:-1',
      },
      'about/index.html': {
        robots: 'nosnippet',
        googlebot: 'nosnippet, max-image-preview:large, max-video-preview:-1',
      },
      'tags/a/index.html': { robots: 'noindex, follow' },
    };
    for (const [file, expected] of Object.entries(tags)) {
      const found = robotsMetas(read(file));
      check(
        `${major}: ${file} carries ${JSON.stringify(expected)}`,
        JSON.stringify(found) === JSON.stringify(expected),
        JSON.stringify(found),
      );
    }
    check(`${major}: robots.txt blocks GPTBot`, /User-agent: GPTBot[\s\S]*?Disallow: \/\n/.test(read('robots.txt')));
    check(
      `${major}: the audit ran with no error, and no warning from robots-kit`,
      /robots-kit audit of .*; 0 errors, 0 warnings/.test(build.output) &&
        !/\[WARN\] \[@robots-kit\/astro\]/.test(build.output),
      build.output,
    );
  }
} catch (error) {
  check('astro-majors ran', false, error instanceof Error ? error.message : String(error));
} finally {
  rmSync(work, { recursive: true, force: true });
}
const failed = results.filter((ok) => !ok).length;
process.stdout.write(`astro-majors: ${results.length - failed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;

// @robots-kit/astro with Astro 5 and 6 (Astro 7 is what the test suite builds with): packs core and
// the integration, installs the tarballs with the Astro version pinned in
// test/fixtures/astro-majors/astro<N>/package.json into a fresh project, builds the same small site
// (front matter, a collection with robotsSchema(), Astro.locals.robots, a path rule, robots.txt,
// the audit) and checks what it wrote. Run by .ci/run; `node packages/astro-integration/test/astro-majors.mjs [5|6]`.
// Prints `astro-majors: N passed, N failed` and exits 1 on a failure.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkedSteps, pack, run } from '../../../scripts/checked-steps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixtures = path.join(here, 'fixtures/astro-majors');
const only = process.argv[2];
const work = mkdtempSync(path.join(tmpdir(), 'robots-kit-astro-majors-'));
const { check, finish } = checkedSteps('astro-majors');

/** `name → content` of the robots meta tags of a built page (the site's own markup, one tag per line). */
function robotsMetas(html) {
  return Object.fromEntries(
    [...html.matchAll(/<meta name="(robots|googlebot)" content="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
}

try {
  const tarballs = {};
  for (const dir of ['packages/core', 'packages/astro-integration']) {
    const packed = pack(path.join(root, dir), work);
    if (!packed.ok) throw new Error(`npm pack ${dir} failed:\n${packed.output}`);
    tarballs[packed.info.name] = packed.tarball;
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
finish();

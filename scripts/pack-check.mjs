// What `npm pack` ships installs, loads and builds a site cleanly, with nothing from this repository.
// Packs the four packages, checks every file in each tarball is one the package needs (and that its
// source maps point at shipped files), lints them with publint and arethetypeswrong, installs the
// tarballs into a fresh project (npm, no workspace links), builds a small Astro site and two small
// Eleventy sites (ESM and CommonJS config) with them, and runs `npx robots-kit --version`, `check` and
// `logs` (the log analysis from @robots-kit/logs, run through core's command line).
// Run from `.ci/run` after the tests, or with `npm run pack-check`. Prints `pack-check: N passed, N failed`.
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkedSteps, pack, run } from './checked-steps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'robots-kit-pack-'));
const keep = process.argv.includes('--keep');
const { check, finish } = checkedSteps('pack-check');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

// 1. Pack.
const packages = [
  { dir: 'packages/core', needs: /^(dist\/|src\/|bin\/robots-kit\.js$)/ },
  { dir: 'packages/logs', needs: /^(dist\/|src\/|ranges\/[\w-]+\.json$|bin\/robots-kit\.js$)/ },
  { dir: 'packages/eleventy-plugin', needs: /^(dist\/|src\/|bin\/robots-kit\.js$)/ },
  { dir: 'packages/astro-integration', needs: /^(dist\/|src\/|bin\/robots-kit\.js$)/ },
];
const tarballs = {};
for (const pkg of packages) {
  const packed = pack(path.join(root, pkg.dir), work);
  if (!packed.ok) {
    check(`npm pack ${pkg.dir}`, false, packed.output);
    continue;
  }
  const { info } = packed;
  tarballs[info.name] = packed.tarball;
  const files = info.files.map((file) => file.path);
  const extra = files.filter(
    (file) => !pkg.needs.test(file) && !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(file),
  );
  const stray = files.filter((file) => /\.test\.|\/test\/|tsbuildinfo|\/fixtures\//.test(file));
  check(
    `${info.name}: every packed file is one the package needs (${files.length} files, ${(info.size / 1024).toFixed(0)} KiB packed)`,
    extra.length === 0 && stray.length === 0,
    [...extra, ...stray].join('\n'),
  );
  const shipped = new Set(files);
  const broken = [];
  for (const map of files.filter((file) => file.endsWith('.map'))) {
    const { sources } = readJson(path.join(root, pkg.dir, map));
    for (const source of sources) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(map), source));
      if (!shipped.has(target)) broken.push(`${map} → ${source}`);
    }
  }
  check(`${info.name}: every source map points at a shipped file`, broken.length === 0, broken.join('\n'));
}

// 2. A fresh project that installs the tarballs only.
const rootPackage = readJson(path.join(root, 'package.json'));
const astroPackage = readJson(path.join(root, 'packages/astro-integration/package.json'));
const eleventyPackage = readJson(path.join(root, 'packages/eleventy-plugin/package.json'));
const project = path.join(work, 'project');
mkdirSync(project);
writeFileSync(
  path.join(project, 'package.json'),
  JSON.stringify(
    {
      name: 'pack-check-project',
      private: true,
      type: 'module',
      dependencies: {
        '@robots-kit/core': `file:${tarballs['@robots-kit/core']}`,
        '@robots-kit/astro': `file:${tarballs['@robots-kit/astro']}`,
        '@robots-kit/eleventy': `file:${tarballs['@robots-kit/eleventy']}`,
        '@robots-kit/logs': `file:${tarballs['@robots-kit/logs']}`,
        astro: astroPackage.devDependencies.astro,
        '@11ty/eleventy': eleventyPackage.devDependencies['@11ty/eleventy'],
        publint: '^0.3.0',
        '@arethetypeswrong/cli': '^0.18.0',
      },
      overrides: rootPackage.overrides,
    },
    null,
    2,
  ),
);
const install = run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], project);
check('the tarballs install into a fresh project with npm', install.status === 0, install.output);

if (install.status === 0) {
  // 3. Lint what is published.
  for (const name of Object.keys(tarballs)) {
    const dir = path.join(project, 'node_modules', name);
    const lint = run(path.join(project, 'node_modules/.bin/publint'), ['--strict', dir], project);
    check(
      `publint ${name}`,
      lint.status === 0 && !/\b(error|warning|suggestion)s?\b/i.test(lint.output.replace(/All good!/g, '')),
      lint.output,
    );
    const types = run(
      path.join(project, 'node_modules/.bin/attw'),
      [tarballs[name], '--profile', 'esm-only', '--format', 'ascii'],
      project,
    );
    check(`arethetypeswrong ${name} (ESM entries)`, types.status === 0, types.output);
  }

  // 4. An Astro site.
  const astroSite = path.join(project, 'astro-site');
  mkdirSync(path.join(astroSite, 'src/pages/drafts'), { recursive: true });
  writeFileSync(
    path.join(astroSite, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nimport robots from '@robots-kit/astro';\nexport default defineConfig({ site: 'https://example.com', integrations: [robots({ noindex: { paths: ['/drafts/**'] } })] });\n",
  );
  const page = (title) => `---\n---\n<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`;
  writeFileSync(path.join(astroSite, 'src/pages/index.astro'), page('Home'));
  writeFileSync(path.join(astroSite, 'src/pages/drafts/plan.astro'), page('Plan'));
  const astroBuild = run(path.join(project, 'node_modules/.bin/astro'), ['build', '--root', astroSite], project);
  check('an Astro site builds with @robots-kit/astro from the tarball', astroBuild.status === 0, astroBuild.output);
  check(
    'the Astro build prints no source map warning',
    !/sourcemap|missing source/i.test(astroBuild.output),
    astroBuild.output.match(/.*(sourcemap|missing source).*/gi)?.join('\n'),
  );
  if (astroBuild.status === 0) {
    const draft = readFileSync(path.join(astroSite, 'dist/drafts/plan/index.html'), 'utf8');
    const home = readFileSync(path.join(astroSite, 'dist/index.html'), 'utf8');
    check(
      'Astro: the draft carries noindex, the home page no robots tag',
      /<meta name="robots" content="noindex, follow">/.test(draft) && !/name="robots"/.test(home),
    );
  }
  // The same site as a workspace member whose own package.json lists no dependency (they live in
  // the workspace root's): Astro then finds no package of its own to bundle, and the middleware
  // must still be bundled, or its build fails on the first page.
  const memberSite = path.join(project, 'astro-member-site');
  cpSync(path.join(astroSite, 'src'), path.join(memberSite, 'src'), { recursive: true });
  cpSync(path.join(astroSite, 'astro.config.mjs'), path.join(memberSite, 'astro.config.mjs'));
  writeFileSync(
    path.join(memberSite, 'package.json'),
    JSON.stringify({ name: 'member-site', private: true, type: 'module' }),
  );
  const memberBuild = run(path.join(project, 'node_modules/.bin/astro'), ['build', '--root', memberSite], project);
  const memberDraft =
    memberBuild.status === 0 ? readFileSync(path.join(memberSite, 'dist/drafts/plan/index.html'), 'utf8') : '';
  check(
    'an Astro site whose package.json does not list @robots-kit/astro builds, its draft with noindex',
    memberBuild.status === 0 && /<meta name="robots" content="noindex, follow">/.test(memberDraft),
    memberBuild.output,
  );

  // 5. Eleventy sites: an ESM config and a CommonJS config.
  const configs = {
    esm: [
      'eleventy.config.js',
      "import robots from '@robots-kit/eleventy';\nexport default function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, { noindex: { paths: ['/drafts/**'] } });\n}\n",
    ],
    commonjs: [
      'eleventy.config.cjs',
      "const robots = require('@robots-kit/eleventy');\nmodule.exports = function (eleventyConfig) {\n  eleventyConfig.addPlugin(robots, { noindex: { paths: ['/drafts/**'] } });\n};\n",
    ],
  };
  for (const [kind, [file, source]] of Object.entries(configs)) {
    const site = path.join(project, `eleventy-${kind}`);
    mkdirSync(path.join(site, 'drafts'), { recursive: true });
    writeFileSync(path.join(site, file), source);
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><html><head><title>Home</title></head><body>Home</body></html>\n',
    );
    writeFileSync(
      path.join(site, 'drafts/plan.html'),
      '<!doctype html><html><head><title>Plan</title></head><body>Plan</body></html>\n',
    );
    const build = run(path.join(project, 'node_modules/.bin/eleventy'), ['--config', file], site);
    check(
      `an Eleventy site with a ${kind} config builds with @robots-kit/eleventy from the tarball`,
      build.status === 0,
      build.output,
    );
    if (build.status !== 0) continue;
    const draft = readFileSync(path.join(site, '_site/drafts/plan/index.html'), 'utf8');
    check(
      `Eleventy (${kind}): the draft carries noindex`,
      /<meta name="robots" content="noindex, follow">/.test(draft),
    );
    const audit = run('npx', ['--no-install', 'robots-kit', 'check', '_site', '--site', 'https://example.com'], site);
    check(`npx robots-kit check on the ${kind} Eleventy site exits 0`, audit.status === 0, audit.output);
  }
  // 6. The log analysis, from its own package, through the `robots-kit` command every package ships.
  writeFileSync(
    path.join(project, 'access.log'),
    '66.249.66.1 - - [10/Oct/2026:13:55:36 +0000] "GET /drafts/plan/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"\n',
  );
  const logs = run('npx', ['--no-install', 'robots-kit', 'logs', 'access.log', '--json'], project);
  let logsReport;
  try {
    logsReport = JSON.parse(logs.stdout);
  } catch {}
  check(
    'npx robots-kit logs reads a log with @robots-kit/logs from the tarball (Googlebot verified by its ranges)',
    logs.status === 0 &&
      logsReport?.crawlers?.[0]?.crawler === 'Googlebot' &&
      logsReport.crawlers[0].requests.verified === 1,
    logs.output,
  );
  const version = run('npx', ['--no-install', 'robots-kit', '--version'], project);
  const coreVersion = readJson(path.join(root, 'packages/core/package.json')).version;
  check(
    `npx robots-kit --version prints ${coreVersion}`,
    version.status === 0 && version.stdout.trim() === coreVersion,
    version.output,
  );
}

if (!keep) rmSync(work, { recursive: true, force: true });
else process.stdout.write(`kept ${work}\n`);
finish();

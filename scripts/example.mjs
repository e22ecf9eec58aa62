// Builds the example sites with the real frameworks and shows what robots-kit did.
// `npm run example` builds both; `npm run example -- --serve` then serves the Eleventy blog.
import { spawnSync, spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseRobotsTxt } from '@robots-kit/core';
import { readRobotsTags } from '@robots-kit/core/internal/adapter';

const root = new URL('..', import.meta.url).pathname;
const sites = [
  {
    name: 'eleventy-blog',
    output: '_site',
    pages: ['index.html', 'drafts/secret-plans/index.html', 'tags/robots/index.html', '404.html'],
  },
  {
    name: 'astro-blog',
    output: 'dist',
    pages: ['index.html', 'drafts/secret-plans/index.html', 'tags/robots/index.html', '404.html'],
  },
  {
    name: 'astro-docs',
    output: 'dist',
    pages: [
      'index.html',
      'guides/configuration/index.html',
      'guides/plugins/index.html',
      'internal/release-checklist/index.html',
      '404.html',
    ],
  },
];

function robotsTags(html) {
  return readRobotsTags(html).map((tag) => `${tag.name}="${tag.content}"`);
}

for (const site of sites) {
  const dir = join(root, 'examples', site.name);
  process.stdout.write(`\n▶ building examples/${site.name}\n`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const out = join(dir, site.output);
  process.stdout.write(`✔ ${site.name} built into ${relative(process.cwd(), out) || '.'}\n`);
  for (const page of site.pages) {
    const file = join(out, page);
    if (!existsSync(file)) continue;
    const tags = robotsTags(readFileSync(file, 'utf8'));
    process.stdout.write(`   /${page.padEnd(34)} ${tags.join('  ') || '(no robots tags)'}\n`);
  }
  // Site-level files: robots.txt (with its groups and Sitemap lines), header files, sitemaps.
  for (const extra of ['robots.txt', '_headers', 'sitemap-index.xml', 'sitemap.xml']) {
    const file = join(out, extra);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const robotsTxt = extra === 'robots.txt' ? parseRobotsTxt(text) : undefined;
    const detail = robotsTxt
      ? ` (${robotsTxt.groups.length} groups; Sitemap: ${robotsTxt.sitemaps.map((sitemap) => sitemap.url).join(', ') || 'none'})`
      : '';
    process.stdout.write(`   /${extra.padEnd(34)} written${detail}\n`);
  }
}

if (process.argv.includes('--serve')) {
  process.stdout.write('\nServing examples/eleventy-blog on http://localhost:8080 (Ctrl-C to stop)\n');
  spawn('npx', ['@11ty/eleventy', '--serve', '--port=8080'], {
    cwd: join(root, 'examples', 'eleventy-blog'),
    stdio: 'inherit',
  });
}

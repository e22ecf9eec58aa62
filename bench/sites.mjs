// Generated sites for the whole-build benchmarks: an Eleventy blog and an Astro blog with
// realistic pages (a 7 KB head in the layout, 25–30 KB of article per page).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateHead } from './generate-page.mjs';
import { root, work } from './lib.mjs';
import { writeStarterSite } from './starter-site.mjs';

const TAGS = Array.from({ length: 20 }, (_, i) => `topic-${i}`);

function article(index) {
  const parts = [];
  for (let i = 0; parts.join('\n\n').length < 26_000; i++) {
    if (i % 4 === 3) parts.push('```js\nconst x = a < b && c > d; // ' + `${index}-${i}` + '\n```');
    else
      parts.push(
        `Paragraph ${i} of post ${index}: robots &amp; crawlers read the head first, then follow [links](/posts/post-${(index + i) % 50}/) and index what they are allowed to. `.repeat(
          3,
        ),
      );
  }
  return parts.join('\n\n');
}

function frontMatter(index, extra = '') {
  const tags = ['posts', TAGS[index % TAGS.length]];
  return `---\ntitle: Post ${index}\ntags: [${tags.join(', ')}]\n${index % 25 === 0 ? 'robots: noindex\n' : ''}${extra}---\n`;
}

function head() {
  return generateHead(1).replace(/<title>.*<\/title>/, '<title>{{TITLE}}</title>');
}

/**
 * The Eleventy bench site: `count` posts with 20 tag pages (a pagination) and a sitemap;
 * `archive` > 0 adds a paginated archive of that many pages. The config is written every
 * time (cheap), so new variants apply to sites generated before.
 */
export function eleventySite(count, { archive = 0 } = {}) {
  const dir = join(work, archive ? `eleventy-${count}-archive-${archive}` : `eleventy-${count}`);
  writeEleventyConfig(dir);
  if (existsSync(join(dir, 'done'))) return dir;
  const src = join(dir, 'src');
  mkdirSync(join(src, '_includes'), { recursive: true });
  mkdirSync(join(src, 'posts'), { recursive: true });
  writeFileSync(
    join(src, '_includes', 'layout.njk'),
    `<!DOCTYPE html>\n<html lang="en">\n  <head>\n${head().replace('{{TITLE}}', '{{ title }}')}\n  </head>\n  <body>\n    <main>{{ content | safe }}</main>\n  </body>\n</html>\n`,
  );
  writeFileSync(join(src, 'posts', 'posts.11tydata.json'), JSON.stringify({ layout: 'layout.njk' }));
  for (let i = 0; i < count; i++) writeFileSync(join(src, 'posts', `post-${i}.md`), frontMatter(i) + article(i));
  writeFileSync(
    join(src, 'tags.njk'),
    `---\nlayout: layout.njk\npagination:\n  data: collections\n  size: 1\n  alias: tag\n  filter: [all, posts]\npermalink: /tags/{{ tag }}/\neleventyComputed:\n  title: Tag {{ tag }}\n---\n<ul>{% for post in collections[tag] %}<li><a href="{{ post.url }}">{{ post.data.title }}</a></li>{% endfor %}</ul>\n`,
  );
  if (archive) {
    writeFileSync(
      join(src, 'archive.njk'),
      `---\nlayout: layout.njk\ntitle: Archive\npagination:\n  data: collections.posts\n  size: ${Math.max(1, Math.ceil(count / archive))}\npermalink: "/archive/{% if pagination.pageNumber > 0 %}{{ pagination.pageNumber + 1 }}/{% endif %}"\n---\n<ol>{% for post in pagination.items %}<li><a href="{{ post.url }}">{{ post.data.title }}</a></li>{% endfor %}</ol>\n`,
    );
  }
  writeFileSync(
    join(src, 'sitemap.njk'),
    `---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for item in collections.all | robotsIndexable %}\n<url><loc>https://example.com{{ item.url }}</loc></url>{% endfor %}\n</urlset>\n`,
  );
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

/** The site's config, one variant per `BENCH_VARIANT`: the controls `none`, `identity`, `insert`, `import` (insert, the plugin imported), and the plugin's `default` and `full`. */
function writeEleventyConfig(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'eleventy.config.js'),
    `export default async function (eleventyConfig) {
  const variant = process.env.BENCH_VARIANT;
  if (variant === 'default' || variant === 'full') {
    // Imported here so that the controls do not pay for it: the import is part of what is measured.
    const { default: robots } = await import('@robots-kit/eleventy');
    eleventyConfig.addPlugin(robots, variant === 'default' ? {} : {
      site: 'https://example.com',
      noindex: { collections: ['topic-3'], paths: ['/tags/**'] },
      rules: [{ path: '/posts/post-1*/', robots: 'max-snippet:120' }],
      robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], sitemap: true, blockAiBots: true },
      headers: { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] },
    });
  } else {
    // Without the plugin the sitemap lists every page.
    eleventyConfig.addFilter('robotsIndexable', (items) => items);
  }
  if (variant === 'identity') eleventyConfig.addTransform('bench-identity-robots', (content) => content);
  // The insert control with the plugin imported but not added: what the import alone costs a build.
  if (variant === 'import') await import('@robots-kit/eleventy');
  if (variant === 'insert' || variant === 'import') {
    // The least a transform that reads the page and adds a tag can do.
    eleventyConfig.addTransform('bench-insert-robots', function (content) {
      if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
      const copy = (' ' + content).slice(1);
      const at = copy.indexOf('</head>');
      if (at < 0) return content;
      // Returned flat (a flat copy of the spliced rope): the copy read above then dies young, and
      // Eleventy keeps one flat page until it is written, the copy writing would make anyway.
      return (' ' + copy.slice(0, at) + '<meta name="robots" content="index, follow">' + copy.slice(at)).slice(1);
    });
  }
  eleventyConfig.on('eleventy.after', ({ results }) => {
    const group = eleventyConfig.benchmarkManager.get('Configuration');
    let transformMs = 0;
    for (const [name, benchmark] of Object.entries(group.benchmarks)) if (name.includes('robots') && name.endsWith('Transform')) transformMs += benchmark.getTotal();
    globalThis.__benchTransformMs = transformMs;
    globalThis.__benchPages = results?.length ?? 0;
  });
}
`,
  );
  return dir;
}

export function astroSite(count) {
  const dir = join(work, `astro-${count}`);
  if (existsSync(join(dir, 'done'))) return writeAstroConfig(dir);
  mkdirSync(join(dir, 'src', 'layouts'), { recursive: true });
  mkdirSync(join(dir, 'src', 'pages', 'posts'), { recursive: true });
  writeFileSync(
    join(dir, 'src', 'layouts', 'Post.astro'),
    `---\nconst { frontmatter } = Astro.props;\n---\n<!DOCTYPE html>\n<html lang="en">\n  <head>\n${head()
      .replace('{{TITLE}}', '{frontmatter.title}')
      .replace(/<script>window.__DATA__[^\n]*<\/script>/, '')
      .replace(
        /<script type="module" src="[^"]*"><\/script>/g,
        '<link rel="modulepreload" href="/assets/app.js">',
      )}\n  </head>\n  <body>\n    <main><slot /></main>\n  </body>\n</html>\n`,
  );
  for (let i = 0; i < count; i++) {
    writeFileSync(
      join(dir, 'src', 'pages', 'posts', `post-${i}.md`),
      frontMatter(i, 'layout: ../../layouts/Post.astro\n') + article(i),
    );
  }
  writeAstroConfig(dir);
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

/**
 * The Astro blog starter (bench/starter-site.mjs) with `count` prerendered posts: the kind of
 * site the build-overhead issue measured (the starter and 400 posts), pages of 15–22 KB with a
 * 6 KB head and a dozen links, rendered from markdown by the starter's layout.
 */
export async function astroStarterSite(count) {
  const dir = join(work, `astro-starter-${count}`);
  if (existsSync(join(dir, 'done'))) return writeAstroConfig(dir);
  await writeStarterSite(dir, { posts: count });
  writeAstroConfig(dir);
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

/** The packages an Astro site of the bench installs, by their folders in this repository. */
const ASTRO_SITE_PACKAGES = { '@robots-kit/core': 'packages/core', '@robots-kit/astro': 'packages/astro-integration' };
/**
 * Copies @robots-kit/core and @robots-kit/astro into the site's own `node_modules`, as npm installs
 * them from the registry: the files each package ships (its `files`), with its nested dependencies
 * (core's own `entities`). Through the workspace's symlinks Vite treats them as linked source and
 * bundles core's runtime into the server chunk the pages are rendered with (37 modules), a second
 * copy of core beside the one the integration's hooks load, compiled and warmed up again in every
 * build. Installed, Vite bundles only @robots-kit/astro's own modules (its `noExternal`) and leaves
 * core to Node: one copy, as every user has. Copied on every call, so that the bench measures the
 * packages as last built (`tsc -b`).
 */
function installPackagesAsNpmDoes(dir) {
  for (const [name, folder] of Object.entries(ASTRO_SITE_PACKAGES)) {
    const from = join(root, folder);
    const to = join(dir, 'node_modules', name);
    rmSync(to, { recursive: true, force: true });
    const { files } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
    for (const entry of ['package.json', 'node_modules', ...files]) {
      if (existsSync(join(from, entry))) cpSync(join(from, entry), join(to, entry), { recursive: true });
    }
  }
}

/**
 * The bench's Astro config: the integration's options picked by BENCH_VARIANT (none, default,
 * full, audit), with the packages installed as npm installs them. Written on every call, so that a
 * site generated earlier gets the current one.
 */
function writeAstroConfig(dir) {
  installPackagesAsNpmDoes(dir);
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
const variant = process.env.BENCH_VARIANT;
// Imported only by the variants that use it: its import is part of what robots-kit costs a build.
const robots = variant === 'none' ? undefined : (await import('@robots-kit/astro')).default;
const integrations = variant === 'full'
  ? [robots({ noindex: { paths: ['/tags/**'] }, rules: [{ path: '/posts/post-1*', robots: 'max-snippet:120' }], robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], blockAiBots: true }, headers: { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] } })]
  : variant === 'default' ? [robots()] : variant === 'audit' ? [robots({ audit: true })] : [];
export default defineConfig({ site: 'https://example.com', integrations, logLevel: 'error' });
`,
  );
  return dir;
}

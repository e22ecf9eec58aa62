// Generated sites for the whole-build benchmarks: an Eleventy blog and an Astro blog with
// realistic pages (a 7 KB head in the layout, 25–30 KB of article per page).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateHead } from './generate-page.mjs';
import { work } from './lib.mjs';

const TAGS = Array.from({ length: 20 }, (_, i) => `topic-${i}`);

function article(index) {
  const parts = [];
  for (let i = 0; parts.join('\n\n').length < 26_000; i++) {
    if (i % 4 === 3) parts.push('```js\nconst x = a < b && c > d; // ' + `${index}-${i}` + '\n```');
    else parts.push(`Paragraph ${i} of post ${index}: robots &amp; crawlers read the head first, then follow [links](/posts/post-${(index + i) % 50}/) and index what they are allowed to. `.repeat(3));
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

export function eleventySite(count) {
  const dir = join(work, `eleventy-${count}`);
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
  writeFileSync(
    join(src, 'sitemap.njk'),
    `---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for item in collections.all | robotsIndexable %}\n<url><loc>https://example.com{{ item.url }}</loc></url>{% endfor %}\n</urlset>\n`,
  );
  writeFileSync(
    join(dir, 'eleventy.config.js'),
    `import robots from '@robots-kit/eleventy';
export default function (eleventyConfig) {
  const variant = process.env.BENCH_VARIANT;
  if (variant === 'full') {
    eleventyConfig.addPlugin(robots, {
      site: 'https://example.com',
      noindex: { collections: ['topic-3'], paths: ['/tags/**'] },
      rules: [{ path: '/posts/post-1*/', robots: 'max-snippet:120' }],
      robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], sitemap: true, blockAiBots: true },
      headers: { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] },
    });
  } else if (variant === 'default') {
    eleventyConfig.addPlugin(robots);
  } else {
    // Without the plugin the sitemap lists every page.
    eleventyConfig.addFilter('robotsIndexable', (items) => items);
  }
  eleventyConfig.on('eleventy.after', () => {
    const group = eleventyConfig.benchmarkManager.get('Configuration');
    let transformMs = 0;
    for (const [name, benchmark] of Object.entries(group.benchmarks)) if (name.includes('robots') && name.endsWith('Transform')) transformMs += benchmark.getTotal();
    globalThis.__benchTransformMs = transformMs;
  });
}
`,
  );
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

export function astroSite(count) {
  const dir = join(work, `astro-${count}`);
  if (existsSync(join(dir, 'done'))) return dir;
  mkdirSync(join(dir, 'src', 'layouts'), { recursive: true });
  mkdirSync(join(dir, 'src', 'pages', 'posts'), { recursive: true });
  writeFileSync(
    join(dir, 'src', 'layouts', 'Post.astro'),
    `---\nconst { frontmatter } = Astro.props;\n---\n<!DOCTYPE html>\n<html lang="en">\n  <head>\n${head().replace('{{TITLE}}', '{frontmatter.title}').replace(/<script>window.__DATA__[^\n]*<\/script>/, '').replace(/<script type="module" src="[^"]*"><\/script>/g, '<link rel="modulepreload" href="/assets/app.js">')}\n  </head>\n  <body>\n    <main><slot /></main>\n  </body>\n</html>\n`,
  );
  for (let i = 0; i < count; i++) {
    writeFileSync(join(dir, 'src', 'pages', 'posts', `post-${i}.md`), frontMatter(i, 'layout: ../../layouts/Post.astro\n') + article(i));
  }
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
import robots from '@robots-kit/astro';
const variant = process.env.BENCH_VARIANT;
const integrations = variant === 'full'
  ? [robots({ noindex: { paths: ['/tags/**'] }, rules: [{ path: '/posts/post-1*', robots: 'max-snippet:120' }], robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], blockAiBots: true }, headers: { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] } })]
  : variant === 'default' ? [robots()] : [];
export default defineConfig({ site: 'https://example.com', integrations, logLevel: 'error' });
`,
  );
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

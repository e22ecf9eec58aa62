import { feedPlugin } from '@11ty/eleventy-plugin-rss';
import robots from '@robots-kit/eleventy';

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy('src/css');
  eleventyConfig.addPassthroughCopy('src/files');

  eleventyConfig.addPlugin(feedPlugin, {
    type: 'atom',
    outputPath: '/feed.xml',
    collection: { name: 'posts', limit: 20 },
    metadata: {
      language: 'en',
      title: 'Field Notes',
      subtitle: 'A small blog built with Eleventy.',
      base: 'https://example.com/',
      author: { name: 'Robin Example' },
    },
  });

  // Drafts, marked as eleventy-base-blog marks them: `draft: true` in front matter. The base blog
  // also drops them from production builds here (`return false` when ELEVENTY_RUN_MODE is
  // `build`); this blog publishes them at their URL for review, kept out of search results and
  // the sitemap by `noindex: { data: { draft: true } }` below.
  eleventyConfig.addPreprocessor('drafts', '*', (data) => {
    if (data.draft) data.title = `${data.title} (draft)`;
  });

  eleventyConfig.addFilter('readableDate', (date) =>
    new Date(date).toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  );
  eleventyConfig.addFilter('isoDate', (date) => new Date(date).toISOString().slice(0, 10));
  const SYSTEM_TAGS = ['all', 'posts'];
  eleventyConfig.addFilter('withoutSystemTags', (tags = []) => tags.filter((tag) => !SYSTEM_TAGS.includes(tag)));
  eleventyConfig.addFilter('tagNames', (collections) =>
    Object.keys(collections)
      .filter((tag) => !SYSTEM_TAGS.includes(tag))
      .sort(),
  );

  eleventyConfig.addPlugin(robots, {
    site: 'https://example.com',
    // Pages whose data says `draft: true` get `noindex, follow`, and robotsIndexable leaves them out
    // of the sitemap; tag archives are thin listing pages, kept out of search results but followed.
    noindex: { data: { draft: true }, paths: ['/tags/**'] },
    robotsTxt: {
      groups: [
        { userAgent: '*', disallow: ['/search'], comment: 'Site search results are endless and thin.' },
        // Bing reads Crawl-delay; a group of its own must repeat the `*` disallows.
        { userAgent: 'Bingbot', disallow: ['/search'], crawlDelay: 2 },
      ],
      // https://example.com/sitemap.xml, written by src/sitemap.xml.njk.
      sitemap: true,
      // GPTBot, ClaudeBot, Google-Extended, PerplexityBot, CCBot and their peers.
      blockAiBots: true,
    },
    // The printable guides are for readers, not for search results: Netlify sends
    // `X-Robots-Tag: noindex, nofollow` with them, from the `_headers` file the plugin writes.
    headers: { rules: [{ path: '/files/*.pdf', robots: 'noindex, nofollow' }], targets: ['netlify'] },
    // After the build, check the output as crawlers will see it (`robots-kit check`).
    audit: true,
  });
}

export const config = {
  dir: { input: 'src', output: '_site', includes: '_includes', data: '_data' },
  markdownTemplateEngine: 'njk',
  htmlTemplateEngine: 'njk',
};

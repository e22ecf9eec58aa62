import { feedPlugin } from '@11ty/eleventy-plugin-rss';
import robots from '@robots-kit/eleventy';

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy('src/css');

  eleventyConfig.addPlugin(feedPlugin, {
    type: 'atom',
    outputPath: '/feed.xml',
    collection: { name: 'posts', limit: 20 },
    metadata: {
      language: 'en',
      title: 'Field Notes',
      subtitle: 'A small blog built with Eleventy.',
      base: 'https://field-notes.example/',
      author: { name: 'Robin Example' },
    },
  });

  eleventyConfig.addFilter('readableDate', (date) =>
    new Date(date).toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  );
  const SYSTEM_TAGS = ['all', 'posts', 'drafts'];
  eleventyConfig.addFilter('withoutSystemTags', (tags = []) => tags.filter((tag) => !SYSTEM_TAGS.includes(tag)));
  eleventyConfig.addFilter('tagNames', (collections) => Object.keys(collections).filter((tag) => !SYSTEM_TAGS.includes(tag)).sort());

  // Drafts carry `robots: noindex` through drafts/drafts.11tydata.json;
  // tag archives are thin listing pages, kept out of search results but followed.
  eleventyConfig.addPlugin(robots, {
    noindex: { paths: ['/tags/**'] },
    site: 'https://field-notes.example',
  });
}

export const config = {
  dir: { input: 'src', output: '_site', includes: '_includes', data: '_data' },
  markdownTemplateEngine: 'njk',
  htmlTemplateEngine: 'njk',
};

/**
 * The virtual template's input path, relative to the input folder. It names the plugin,
 * so an output conflict with a site's own `/robots.txt` template says where the other
 * file comes from.
 */
export const ROBOTS_TXT_TEMPLATE = 'robots-kit-robots.txt.11ty.js';

/**
 * The data of the virtual template: it outputs `/robots.txt`, is in no collection (so
 * `collections.all` sitemaps and tag archives never list it) and has no layout, whatever
 * global data sets. Template data outranks global and directory data in the cascade.
 */
export const ROBOTS_TXT_TEMPLATE_DATA = {
  permalink: '/robots.txt',
  eleventyExcludeFromCollections: true,
  layout: false,
} as const;

/** An `11ty.js` template object (src/Engines/JavaScript.js): rendered on every build, in `--serve` and in `toJSON()`. */
export function robotsTxtTemplate(render: () => string): { render: () => string } {
  return { render };
}

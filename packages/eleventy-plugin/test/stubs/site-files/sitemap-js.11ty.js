// The `.11ty.js` form: universal filters are methods of `this`.
export const data = {
  permalink: '/sitemap-js.xml',
  eleventyExcludeFromCollections: true,
  layout: false,
};

export function render(data) {
  const urls = this.robotsIndexable(data.collections.all).map(
    (item) => `  <url><loc>https://example.com${item.url}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

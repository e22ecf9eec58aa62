// The package's named export, through a function the test config adds (it imports the source under test).
export const data = {
  permalink: '/sitemap-named.txt',
  eleventyExcludeFromCollections: true,
  layout: false,
};

export function render(data) {
  return this.namedRobotsIndexable(data.collections.all)
    .map((item) => item.url)
    .join('\n');
}

/** Feeds, JSON, sitemaps and `permalink: false` pages are not HTML documents and are left alone. */
export function isHtmlOutputPath(outputPath: unknown): outputPath is string {
  return typeof outputPath === 'string' && /\.html?$/i.test(outputPath);
}

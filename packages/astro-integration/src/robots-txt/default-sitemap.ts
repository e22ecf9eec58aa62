/**
 * The sitemap `robotsTxt.sitemap: true` stands for, below Astro's `base`: `@astrojs/sitemap`
 * writes `sitemap-index.xml`; without it, `sitemap.xml` is the name crawlers and most
 * generators use.
 */
export function defaultSitemap(base: string, hasAstroSitemap: boolean): string {
  return `${base.replace(/\/+$/, '')}/${hasAstroSitemap ? 'sitemap-index.xml' : 'sitemap.xml'}`;
}

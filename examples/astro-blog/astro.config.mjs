import sitemap from '@astrojs/sitemap';
import robots, { robotsSitemapFilter } from '@robots-kit/astro';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://example.com',
  integrations: [
    // Pages kept out of search results (drafts, tag archives, the 404) have no business in the
    // sitemap either: the filter reads each built page's robots tags.
    sitemap({ filter: robotsSitemapFilter() }),
    robots({
      // Drafts are published for review but must not be indexed; tag archives are thin pages.
      noindex: { collections: ['drafts'], paths: ['/tags/**'] },
      robotsTxt: {
        groups: [
          { userAgent: '*', disallow: ['/search'], comment: 'Site search results are endless and thin.' },
          // Bing reads Crawl-delay; a group of its own must repeat the `*` disallows.
          { userAgent: 'Bingbot', disallow: ['/search'], crawlDelay: 2 },
        ],
        // @astrojs/sitemap is used, so this is https://example.com/sitemap-index.xml.
        sitemap: true,
        // GPTBot, ClaudeBot, Google-Extended, PerplexityBot, CCBot and their peers.
        blockAiBots: true,
      },
      // The printable guides are for readers, not for search results.
      headers: { rules: [{ path: '**/*.pdf', robots: 'noindex, nofollow' }], targets: ['netlify'] },
      // After the build, check the output as crawlers will see it (`robots-kit check`).
      audit: true,
    }),
  ],
});

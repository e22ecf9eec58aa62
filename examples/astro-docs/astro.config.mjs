import sitemap from '@astrojs/sitemap';
import starlight from '@astrojs/starlight';
import robots, { robotsSitemapFilter } from '@robots-kit/astro';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://docs.example.com',
  integrations: [
    starlight({
      title: 'Sprocket docs',
      sidebar: [
        { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
        { label: 'Reference', items: [{ autogenerate: { directory: 'reference' } }] },
      ],
    }),
    // Starlight adds @astrojs/sitemap only when the config has none, and without a filter:
    // this one keeps noindex pages (the unfinished guide, the internal notes) out of it.
    sitemap({ filter: robotsSitemapFilter() }),
    robots({
      // Notes for the team are published with the docs but are no search result.
      noindex: { paths: ['/internal/**'] },
      robotsTxt: { sitemap: true, blockAiBots: true },
      // After the build, check the output as crawlers will see it (`robots-kit check`).
      audit: true,
    }),
  ],
});

import sitemap from '@astrojs/sitemap';
import robots from '@robots-kit/astro';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://example.com',
  integrations: [
    // Pages kept out of search results have no business in the sitemap either.
    sitemap({ filter: (page) => !/\/(drafts|tags)\//.test(new URL(page).pathname) }),
    robots({
      // Drafts are published for review but must not be indexed; tag archives are thin pages.
      noindex: { collections: ['drafts'], paths: ['/tags/**'] },
    }),
  ],
});

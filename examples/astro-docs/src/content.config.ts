import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { robotsSchema } from '@robots-kit/astro/schema';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';

export const collections = {
  // Starlight's schema strips keys it does not know: `extend` keeps a page's `robots`, and
  // checks it when the docs load (a typo such as `noindx` stops the build with a did-you-mean).
  docs: defineCollection({
    loader: docsLoader(),
    schema: docsSchema({ extend: z.object({ robots: robotsSchema() }) }),
  }),
};

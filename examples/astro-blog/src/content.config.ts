import { robotsSchema } from '@robots-kit/astro/schema';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const article = z.object({
  title: z.string(),
  description: z.string(),
  date: z.coerce.date(),
  tags: z.array(z.string()).default([]),
  // Keeps a post's own `robots:` front matter (Astro strips unknown keys) and validates it.
  robots: robotsSchema(),
});

export const collections = {
  posts: defineCollection({ loader: glob({ pattern: '**/*.md', base: './src/content/posts' }), schema: article }),
  drafts: defineCollection({ loader: glob({ pattern: '**/*.md', base: './src/content/drafts' }), schema: article }),
};

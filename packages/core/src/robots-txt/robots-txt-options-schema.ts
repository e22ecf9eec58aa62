import { z } from 'zod';

const signal = z.enum(['yes', 'no']);

/** The shape of one `robotsTxt.groups` entry (values are checked by `validateRobotsTxtOptions`). */
export const robotsTxtGroupSchema = z
  .object({
    userAgent: z.union([z.string(), z.array(z.string())]),
    allow: z.array(z.string()).optional(),
    disallow: z.array(z.string()).optional(),
    crawlDelay: z.number().optional(),
    comment: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .strict();

/**
 * The shape of the `robotsTxt` options, unknown keys rejected. Types only:
 * value checks (paths, product tokens, control characters…) stay in
 * `validateRobotsTxtOptions`, which gives better messages.
 */
export const robotsTxtOptionsSchema = z
  .object({
    groups: z.array(robotsTxtGroupSchema).optional(),
    sitemap: z.union([z.literal(true), z.string(), z.array(z.string())]).optional(),
    blockAiBots: z.boolean().optional(),
    contentSignal: z.object({ search: signal.optional(), 'ai-input': signal.optional(), 'ai-train': signal.optional() }).strict().optional(),
    contentUsage: z.record(z.string(), z.enum(['y', 'n'])).optional(),
  })
  .strict();

/** The options schema (strict zod), the normalized options type and every default. */
import { NON_INDEXABLE_DIRECTIVES } from '../directives/vocabulary.js';
import { z } from 'zod';
import type { RobotsInput, ImagePreview } from '../directives/types.js';
import type { RobotsTxtOptions } from '../robots-txt/options.js';
import type { HeadersOptions } from '../headers/options.js';

/** Every default of robots-kit, in one place. */
export const DEFAULTS = {
  /** The front matter / data key that holds a page's own directives. */
  frontMatterKey: 'robots',
  /** The extra Googlebot tag of the functional specification, for indexable pages. */
  googlebot: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
  /** What a content-type rule (`noindex.collections` / `noindex.paths`) gives a page. */
  contentTypeNoindex: 'noindex, follow',
  /** What every page of a non-indexable (preview or staging) build carries. */
  nonIndexable: NON_INDEXABLE_DIRECTIVES,
  strict: true,
} as const;

const robotsInput = z.custom<RobotsInput>(
  (value) =>
    value === undefined ||
    value === null ||
    ['string', 'boolean', 'object'].includes(typeof value),
  { message: 'expected a string, an array of strings, a boolean or an object' },
);
const globList = z.array(z.string());
/**
 * The options of every robots-kit adapter. Strict: an unknown key is an error.
 * Defaults live in `DEFAULTS`, above.
 */
export const robotsOptionsSchema = z.strictObject({
  /** Directives for every page. Default: none. */
  defaults: robotsInput.optional(),
  /** Content types kept out of search results (`noindex, follow`). Default: none. */
  noindex: z
    .strictObject({
      /** Collection names (Eleventy tags and collections, Astro content collections). */
      collections: z.array(z.string().min(1)).optional(),
      /** URL path globs, e.g. `/tags/**`. */
      paths: globList.optional(),
    })
    .optional(),
  /** Route rules: directives for the pages whose URL matches `path`. Default: `[]`. */
  rules: z
    .array(
      z.strictObject({
        path: z.union([z.string(), z.array(z.string()).min(1)]),
        robots: robotsInput,
      }),
    )
    .optional(),
  /** The front matter / data key with a page's own directives. Default: `robots`. */
  frontMatterKey: z.string().min(1).optional(),
  /** More URL globs of error pages, which never get robots tags. Default: `[]`. */
  errorPages: globList.optional(),
  /** The extra Googlebot tag for indexable pages, or `false` for none. Default: `max-snippet:-1, max-image-preview:large, max-video-preview:-1`. */
  googlebot: z
    .union([
      z.literal(false),
      z.strictObject({
        maxSnippet: z.number().int().min(-1).optional(),
        maxImagePreview: z.enum(['none', 'standard', 'large']).optional(),
        maxVideoPreview: z.number().int().min(-1).optional(),
      }),
    ])
    .optional(),
  /** Whether the site may be indexed at all. Default: true, except in preview/staging builds (see `detectIndexable`). */
  indexable: z.boolean().optional(),
  /** Unknown directives fail the build when true, and only warn when false. Default: `true`. */
  strict: z.boolean().optional(),
  /** The site's origin, e.g. `https://example.com` (adapters fill it from the framework's config). Default: none. */
  site: z.url().optional(),
  /**
   * robots.txt generation (`groups`, `sitemap`, `blockAiBots`, `contentSignal`, `contentUsage`),
   * or `false` to write none. Checked in detail by `validateRobotsTxtOptions`. Default: `{}`
   * (one `User-agent: *` group that allows everything).
   */
  robotsTxt: z
    .custom<false | RobotsTxtOptions>((value) => value === false || (typeof value === 'object' && value !== null && !Array.isArray(value)), {
      message: 'expected `false` or an object of robots.txt options',
    })
    .optional(),
  /**
   * X-Robots-Tag header files for static hosts (`rules`, `html`, `targets`). Checked in detail
   * by `validateHeadersOptions`. Default: none (no header files are written).
   */
  headers: z
    .custom<HeadersOptions>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
      message: 'expected an object of header options (`{ rules, targets }`)',
    })
    .optional(),
  /** Run `robots-kit check` on the output after the build. Default: `false`. */
  audit: z.boolean().optional(),
});
export type RobotsOptions = z.input<typeof robotsOptionsSchema>;

/**
 * Validated options with every default filled in. Plain JSON data, so adapters can
 * send it through a bundler (Astro's middleware) and pass it to `normalizeOptions` again.
 */
export interface NormalizedRobotsOptions {
  defaults?: RobotsInput;
  noindex: { collections: string[]; paths: string[] };
  rules: Array<{ path: string[]; robots: RobotsInput }>;
  frontMatterKey: string;
  errorPages: string[];
  googlebot: false | { maxSnippet: number; maxImagePreview: ImagePreview; maxVideoPreview: number };
  indexable: boolean;
  strict: boolean;
  site?: string;
  robotsTxt: false | RobotsTxtOptions;
  /** As the user wrote it (validated): `generateHeaderFiles` takes this form. */
  headers?: HeadersOptions;
  audit: boolean;
}

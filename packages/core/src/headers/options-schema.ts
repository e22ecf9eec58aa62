import { z } from 'zod';
import type { RobotsInput } from '../directives/types.js';
import { HEADER_TARGETS } from './targets.js';

const robotsInput = z.custom<RobotsInput>(
  (value) => value === undefined || value === null || ['string', 'boolean', 'object'].includes(typeof value),
  { message: 'expected a string, an array of strings, a boolean or an object' },
);

/**
 * The `headers` option: X-Robots-Tag response headers written to the host's own header
 * file, the only way to put `noindex` on a PDF, an image or a whole preview deploy.
 * Strict: an unknown key is an error.
 */
export const headersOptionsSchema = z.strictObject({
  /**
   * Directives for the files whose URL path matches `path`. Directives follow the same
   * reconciliation as meta tags; several rules for one path merge (most restrictive wins).
   * Default: `[]`.
   */
  rules: z
    .array(
      z.strictObject({
        /**
         * A URL path glob or several: `/files/*.pdf`, `/downloads/**`, `**\/*.docx`.
         * Written exactly, never broader: Vercel, Apache and nginx get it as a regex; a glob
         * `_headers` (Netlify, Cloudflare Pages) cannot express (`**\/*.pdf` for Netlify,
         * `?`, `[…]`, `{a,b}`) is written there as one rule per built file it matches, and a
         * matching file whose name has characters other than ASCII letters, digits and
         * `- . _ ~ @ + , =` fails the build naming it. Required.
         */
        path: z.union([z.string(), z.array(z.string()).min(1)]),
        /** The directives, in any form robots-kit accepts: `'noindex, nofollow'`, `['noindex']`, `false`, `{ index: false }`. Required. */
        robots: robotsInput,
        /**
         * A crawler's product token (`googlebot`): the rule then writes
         * `X-Robots-Tag: googlebot: …` and applies to that crawler only. Default: every crawler.
         */
        userAgent: z.string().optional(),
      }),
    )
    .optional(),
  /**
   * Also send each HTML page's resolved directives as a header for that page's exact URL
   * (many SEO tools read headers before HTML). Default: `false`.
   */
  html: z.boolean().optional(),
  /**
   * The hosts to write header files for: `netlify` and `cloudflare` (`_headers`, one file
   * for both), `vercel` (`vercel.json` headers), `apache` (`.htaccess`), `nginx`
   * (`robots-headers.nginx.conf`, to include in your `server` block). Required: no default,
   * since a file for the wrong host silently does nothing.
   */
  targets: z.array(z.enum(HEADER_TARGETS)).min(1),
  /** Vercel output. Default: `{}`. */
  vercel: z
    .strictObject({
      /**
       * A `vercel.json` (relative to the project root) to merge the header entries into on
       * every build, keeping everything else in it. Default: none, write
       * `vercel-headers.json` at the project root for you to copy from.
       */
      mergeInto: z.string().min(1).optional(),
    })
    .optional(),
});

export type HeadersOptions = z.input<typeof headersOptionsSchema>;

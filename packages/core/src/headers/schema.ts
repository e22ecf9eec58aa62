/**
 * The `headers` option's zod schema, and zod's check of a value against it. Only the zod path
 * loads this module: `normalizeOptions` when the plain options check gives up
 * (`options/normalize.ts`), `@robots-kit/core/adapter`, which exports the schema, and
 * `validateHeadersOptions` when its plain shape check cannot vouch for a value. A build with
 * valid `headers` never loads zod (issue 21: zod and its schemas cost about 0.3 G instructions
 * on every Eleventy build and `--serve` start). The options are documented on `HeadersOptions`
 * (`headers/options.ts`); the type check at the end keeps the two in step.
 */
import { z } from 'zod';
import type { RobotsInput } from '../directives/types.js';
import { zodIssueToError } from '../errors.js';
import { HEADER_TARGETS, type HeadersOptions, useHeadersSchemaCheck } from './options.js';

const robotsInput = z.custom<RobotsInput>(
  (value) => value === undefined || value === null || ['string', 'boolean', 'object'].includes(typeof value),
  { message: 'expected a string, an array of strings, a boolean or an object' },
);
const usage = z.enum(['y', 'n']);
/** `ContentUsageOptions`: the AI Preferences vocabulary's terms, and `extensions` for any other (issue 40). */
export const contentUsageSchema = z.strictObject({
  'train-ai': usage.optional(),
  search: usage.optional(),
  extensions: z.record(z.string(), usage).optional(),
});
/**
 * The `headers` option: X-Robots-Tag response headers written to the host's own header
 * file. Strict: an unknown key is an error. Each key is documented on `HeadersOptions`.
 */
export const headersOptionsSchema = z.strictObject({
  /** `HeadersOptions.rules`. Default: `[]`. */
  rules: z
    .array(
      z.strictObject({
        /** `HeaderRule.path`: a glob or a non-empty list of globs. Required. */
        path: z.union([z.string(), z.array(z.string()).min(1)]),
        /** `HeaderRule.robots`: the directives in any input form. Required unless `contentUsage` is set. */
        robots: robotsInput.optional(),
        /** `HeaderRule.contentUsage`: a `Content-Usage` header for these paths. Default: none. */
        contentUsage: contentUsageSchema.optional(),
        /** `HeaderRule.userAgent`. Default: every crawler. */
        userAgent: z.string().optional(),
      }),
    )
    .optional(),
  /** `HeadersOptions.contentUsage`: a `Content-Usage` header on every response. Default: none. */
  contentUsage: contentUsageSchema.optional(),
  /** `HeadersOptions.html`. Default: `false`. */
  html: z.boolean().optional(),
  /** `HeadersOptions.targets`: at least one host. Required. */
  targets: z.array(z.enum(HEADER_TARGETS)).min(1),
  /** `HeadersOptions.vercel`. Default: `{}`. */
  vercel: z
    .strictObject({
      /** `HeadersOptions.vercel.mergeInto`. Default: none. */
      mergeInto: z.string().min(1).optional(),
    })
    .optional(),
});

/** The option under its own key, so that an error names `headers.rules[0].path`. */
const located = z.strictObject({ headers: headersOptionsSchema });
/**
 * zod's parse of the `headers` option: the parsed value (new objects, keys in the schema's
 * order, explicit `undefined` kept), or the RobotsError `zodIssueToError` words for the first
 * issue. The reference the plain check (`readHeadersShape`) is tested against.
 */
export function parseHeadersWithSchema(options: unknown, source: string): HeadersOptions {
  const parsed = located.safeParse({ headers: options });
  if (!parsed.success) throw zodIssueToError(parsed.error, { headers: options }, located, source);
  return parsed.data.headers;
}
// Registered as this module loads, so `validateHeadersOptions` uses this instance however it was
// loaded (the main entry's import, `require()` from `headers/options.ts`, a test runner's import).
useHeadersSchemaCheck(parseHeadersWithSchema);

/** `true` when `A` and `B` are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: the interface users read and the schema zod checks accept the same values. */
const schemaMatchesInterface: Same<z.input<typeof headersOptionsSchema>, HeadersOptions> = true;
void schemaMatchesInterface;

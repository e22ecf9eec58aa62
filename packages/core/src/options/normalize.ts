/**
 * normalizeOptions (validate once, fill defaults, JSON-safe and idempotent), with zod's schema as
 * the reference for every error message. Options the plain check vouches for (`complete.ts`,
 * `shape.ts`) are normalized without asking zod; this module is what loads zod, so adapters that
 * care about their import cost reach it only when the plain check gives up (issue 21).
 */
// Loaded with zod's other schemas: `validateHeadersOptions` then finds zod's check of `headers` without a `require()`.
import '../headers/schema.js';
import * as headersChecks from '../headers/options.js';
import { zodIssueToError } from '../errors.js';
import { z } from 'zod';
import {
  auditOptionSchema,
  DEFAULTS,
  googlebotSchema,
  type NormalizedRobotsOptions,
  robotsOptionsSchema,
} from './schema.js';
import {
  auditFromShape,
  completeOptions,
  isNormalized,
  normalizeOptionsFast,
  type NormalizeContext,
} from './complete.js';

export { detectIndexable, type IndexableDecision, type NormalizeContext } from './complete.js';

/** `googlebot` checked on its own, under its own key, so an error names `googlebot.maxSnippet`. */
const googlebotOption = z.strictObject({ googlebot: googlebotSchema });
/** `audit` checked on its own, so an error names `audit.html`. */
const auditOption = z.strictObject({ audit: auditOptionSchema });
/** `true`/`false` as they are; `{ html: true }` with the default file, `{ html: false }` or `{}` as `true`. */
function normalizeAudit(
  audit: unknown,
  source: string,
  packageName: string | undefined,
): NormalizedRobotsOptions['audit'] {
  if (audit === undefined || typeof audit === 'boolean') return auditFromShape(audit);
  const checked = auditOption.safeParse({ audit });
  if (!checked.success) throw zodIssueToError(checked.error, { audit }, auditOption, source, packageName);
  return auditFromShape(checked.data.audit);
}
/**
 * Validates user options with a strict schema and fills in defaults. Throws `RobotsError`
 * for an unknown key (with a did-you-mean), a wrong type, a bad glob or a bad directive.
 */
export function normalizeOptions(userOptions: unknown = {}, context: NormalizeContext = {}): NormalizedRobotsOptions {
  // The same result without zod's parse when the plain check vouches for the options; it gives up on anything else.
  return normalizeOptionsFast(userOptions, context, headersChecks) ?? normalizeOptionsWithSchema(userOptions, context);
}
/** normalizeOptions with zod's parse always: the reference the plain check is tested against (`test/options/shape.test.ts`). */
export function normalizeOptionsWithSchema(
  userOptions: unknown = {},
  context: NormalizeContext = {},
): NormalizedRobotsOptions {
  if (isNormalized(userOptions)) return userOptions;
  const source = context.source ?? 'options';
  const parsed = robotsOptionsSchema.safeParse(userOptions ?? {});
  if (!parsed.success) throw zodIssueToError(parsed.error, userOptions, robotsOptionsSchema, source, context.package);
  const options = parsed.data;
  let googlebot: NormalizedRobotsOptions['googlebot'] = { ...DEFAULTS.googlebot };
  if (options.googlebot === false) googlebot = false;
  else if (options.googlebot !== undefined) {
    const checked = googlebotOption.safeParse({ googlebot: options.googlebot });
    if (!checked.success)
      throw zodIssueToError(checked.error, { googlebot: options.googlebot }, googlebotOption, source, context.package);
    googlebot = { ...googlebot, ...checked.data.googlebot };
  }
  return completeOptions(options, googlebot, context, {
    audit: (audit) => normalizeAudit(audit, source, context.package),
    headers: (headers) => void headersChecks.validateHeadersOptions(headers, source),
  });
}

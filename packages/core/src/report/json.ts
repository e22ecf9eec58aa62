/** The audit report as JSON, with its schema (zod and JSON Schema). */
import { z } from 'zod';
import { AUDIT_FINDINGS } from '../audit/findings.js';
import type { AuditFindingId, AuditReport, AuditFinding, AuditPage, AuditData, PageRecord } from '../audit/types.js';

/** Characters `JSON.stringify` leaves raw that a terminal would act on (C1 controls such as CSI, bidi overrides). */
const RAW_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Pretty JSON with every control character escaped, so printing it cannot drive the terminal. */
export function toSafeJson(value: unknown): string {
  return (
    JSON.stringify(value, null, 2).replace(
      RAW_UNSAFE,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ) + '\n'
  );
}

const severity = z.enum(['error', 'warning', 'info']);
const findingIds = Object.keys(AUDIT_FINDINGS) as [AuditFindingId, ...AuditFindingId[]];
const location = z
  .strictObject({
    file: z.string().describe('Path relative to the audited folder, with `/` separators.'),
    line: z.int().positive().optional().describe('1-based line number.'),
  })
  .describe('A place in the audited folder.');
const decisionSource = z
  .strictObject({
    kind: z.enum(['meta', 'header', 'robots.txt', 'error-page']),
    file: z.string(),
    line: z.int().positive().optional(),
    text: z.string().describe('The input as written, shortened.'),
  })
  .describe('One input that contributed to a decision.');
const reasons = z.array(decisionSource).min(1);
const verdict = z
  .strictObject({
    crawlable: z.boolean().describe('robots.txt lets the crawler fetch the URL.'),
    indexable: z
      .boolean()
      .describe(
        'No noindex/none for this crawler, not an error page, unavailable_after not passed (read as if the page were fetched).',
      ),
    followLinks: z.boolean().describe('No nofollow/none for this crawler.'),
    maxSnippet: z.int().min(-1).optional().describe('0 for nosnippet, -1 unlimited; absent when not set.'),
    maxImagePreview: z.enum(['none', 'standard', 'large']).optional(),
    maxVideoPreview: z.int().min(-1).optional(),
    unavailableAfter: z.string().optional().describe('ISO 8601.'),
    directives: z.array(z.string()).describe('The reconciled directives that apply, e.g. ["noindex", "nofollow"].'),
    because: z
      .strictObject({
        crawl: reasons.optional(),
        index: reasons.optional(),
        follow: reasons.optional(),
        snippet: reasons.optional(),
        imagePreview: reasons.optional(),
        videoPreview: reasons.optional(),
        unavailableAfter: reasons.optional(),
      })
      .describe('Which inputs decided each restriction; no entry when nothing restricts.'),
  })
  .describe('How one crawler treats one URL.');
const page = z.strictObject({
  url: z.string().startsWith('/').describe('URL path derived from the file path, with the base path.'),
  file: z.string(),
  errorPage: z.boolean(),
  inSitemap: z.boolean(),
  canonical: z.string().optional().describe('The canonical link, absolute when the site is known.'),
  crawlers: z.record(z.string(), verdict).describe('Keyed by crawler name (`googlebot`, `*`).'),
  meant: z
    .record(z.string(), verdict)
    .optional()
    .describe('The live check with `--expect`: the verdicts the build meant, per crawler, beside what was served.'),
});
const finding = z.strictObject({
  id: z.enum(findingIds).describe('Stable identifier; see AUDIT_FINDINGS.'),
  severity,
  message: z.string(),
  urls: z.array(z.string()).describe('URL paths involved, sorted; empty for site-wide findings.'),
  source: location.optional().describe('Where to fix it.'),
  crawlers: z.array(z.string()).optional(),
});
const sitemap = z.strictObject({
  url: z.string(),
  file: z.string().optional(),
  kind: z.enum(['index', 'urlset', 'invalid', 'missing', 'external']),
  urlCount: z.int().nonnegative(),
});
const count = z.int().nonnegative();
/** The audit report as a zod schema; {@link AUDIT_REPORT_JSON_SCHEMA} is the same as JSON Schema. */
export const auditReportSchema = z
  .strictObject({
    schemaVersion: z.literal(1),
    tool: z.literal('@robots-kit/core'),
    directory: z.string(),
    site: z.string().optional().describe('Origin and base path matched against; absent when unknown.'),
    crawlers: z.array(z.string()).min(1),
    trailingSlash: z.enum(['always', 'never', 'ignore']),
    generatedAt: z.iso.datetime(),
    robotsTxt: z.strictObject({ found: z.boolean(), file: z.literal('robots.txt'), sitemaps: z.array(z.string()) }),
    sitemaps: z.array(sitemap),
    headerFiles: z.array(z.string()),
    summary: z.strictObject({
      pages: count,
      errorPages: count,
      sitemapUrls: count,
      skipped: count,
      findings: z.strictObject({ error: count, warning: count, info: count }),
      durationMs: count,
    }),
    pages: z.array(page),
    files: z
      .array(z.strictObject({ url: page.shape.url, file: z.string(), crawlers: page.shape.crawlers }))
      .describe('Every other file the site serves (PDFs, images), with its verdict per crawler.'),
    findings: z.array(finding),
  })
  .describe('robots-kit check report (`robots-kit check <dir> --json`).');
/** JSON Schema (draft 2020-12) of the `--json` output of `robots-kit check` and of {@link AuditReport}. */
export const AUDIT_REPORT_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  title: 'robots-kit audit report',
  ...z.toJSONSchema(auditReportSchema, { target: 'draft-2020-12' }),
  description: 'The output of `robots-kit check <dir> --json` and the value `auditSite()` resolves to.',
};
// Compile-time check that the schema and the TypeScript types describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
void (true satisfies Same<AuditReport, z.infer<typeof auditReportSchema>>);

/** The report as JSON (see `AUDIT_REPORT_JSON_SCHEMA`), with every control character escaped. */
export function formatAuditJson(report: AuditReport): string {
  return toSafeJson(report);
}

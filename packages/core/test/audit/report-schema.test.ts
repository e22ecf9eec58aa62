import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { AUDIT_FINDINGS } from '../../src/audit/findings.js';
import { formatAuditJson, AUDIT_REPORT_JSON_SCHEMA, auditReportSchema } from '../../src/report/json.js';
import { fixturePath } from './fixture-path.js';
import { jsonSchemaProblems } from './json-schema-check.js';

const FIXTURES = readdirSync(fileURLToPath(new URL('../fixtures/audit/', import.meta.url)));

describe('report schema', () => {
  it.each(FIXTURES)('the --json output for %s matches the exported JSON Schema and the zod schema', async (name) => {
    const report = await auditSite(fixturePath(name), { now: new Date('2026-06-01T00:00:00Z') });
    const json: unknown = JSON.parse(formatAuditJson(report));
    expect(jsonSchemaProblems(AUDIT_REPORT_JSON_SCHEMA, json)).toEqual([]);
    expect(auditReportSchema.safeParse(json).success).toBe(true);
  });

  it('rejects reports that break it', async () => {
    const report = JSON.parse(formatAuditJson(await auditSite(fixturePath('noindex-disallowed')))) as Record<
      string,
      unknown
    >;
    const broken = structuredClone(report) as {
      findings: Array<Record<string, unknown>>;
      pages: Array<Record<string, unknown>>;
    };
    broken.findings[0]!.id = 'made-up';
    broken.findings[0]!.severity = 'fatal';
    delete broken.pages[0]!.url;
    (broken.pages[1]!.crawlers as Record<string, Record<string, unknown>>)['*']!.extra = true;
    const problems = jsonSchemaProblems(AUDIT_REPORT_JSON_SCHEMA, broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('$.findings[0].id'),
        expect.stringContaining('$.findings[0].severity'),
        '$.pages[0]: missing url',
        expect.stringMatching(/crawlers\.\*: unexpected property extra/),
      ]),
    );
    expect(auditReportSchema.safeParse(broken).success).toBe(false);
  });

  it('lists every finding id of the catalog, and only those', () => {
    const properties = AUDIT_REPORT_JSON_SCHEMA.properties as Record<
      string,
      { items: { properties: { id: { enum: string[] } } } }
    >;
    expect(properties.findings!.items.properties.id.enum.sort()).toEqual(Object.keys(AUDIT_FINDINGS).sort());
  });
});

import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';

/** `no-robots-txt`, `no-sitemap`, `sitemap-missing`, `sitemap-invalid` and `sitemap-foreign-url`. */
export function findSiteFileProblems(data: AuditData): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const { sitemaps } = data;
  if (data.robotsTxtMissing) {
    findings.push(makeFinding('no-robots-txt', 'No robots.txt: crawlers may fetch every URL (fine if intended), and no sitemap is advertised to them.'));
  }
  if (sitemaps.sitemaps.length === 0) {
    findings.push(
      makeFinding('no-sitemap', 'No sitemap found (robots.txt `Sitemap:` lines, sitemap-index.xml, sitemap_index.xml, sitemap.xml, sitemap-0.xml).'),
    );
  }
  for (const { url, from } of sitemaps.missing) {
    const where = from.line === undefined ? from.file : `${from.file} line ${from.line}`;
    findings.push(makeFinding('sitemap-missing', `${where} points at sitemap ${codeSpan(url)}, which is not in the output folder.`, { source: from }));
  }
  for (const { file, reason } of sitemaps.invalid) {
    findings.push(makeFinding('sitemap-invalid', `Sitemap ${file} cannot be read: ${reason}.`, { source: { file } }));
  }
  for (const [file, locs] of sitemaps.foreign) {
    const site = sitemaps.site ? ` (${sitemaps.site.origin}${sitemaps.site.basePath})` : '';
    findings.push(
      makeFinding(
        'sitemap-foreign-url',
        `${file} lists ${plural(locs.length, 'URL')} outside the site${site} or not absolute, e.g. ${codeSpan(locs[0]!)}; crawlers ignore them (is --site right?).`,
        { source: { file } },
      ),
    );
  }
  return findings;
}

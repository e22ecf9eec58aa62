import { auditSite } from '@robots-kit/core';

const [dir] = process.argv.slice(2);
const start = performance.now();
const report = await auditSite(dir, { site: 'https://example.com' });
const seconds = (performance.now() - start) / 1000;
process.stdout.write(JSON.stringify({ pages: report.pages.length, pagesPerSecond: report.pages.length / seconds, findings: report.findings.map((f) => f.id) }));

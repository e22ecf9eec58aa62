/**
 * Issue 16 part 2: `noai` and `noimageai`, non-standard directives some AI dataset crawlers read:
 * known words, never a build failure (even with `strict: true`), kept through merging, written in
 * tags and header files, and noted by the audit as info.
 */
import { describe, expect, it } from 'vitest';
import { generateHeaderFiles, normalizeOptions, parseRobots, reconcile, resolvePage } from '../../src/index.js';
import { auditSite } from '../../src/audit/audit-site.js';
import { NON_STANDARD_DIRECTIVES } from '../../src/directives/vocabulary.js';
import { injectRobots } from '../../src/index.js';
import { tempSite } from '../audit/temp-site.js';

const env = {};

describe('noai and noimageai', () => {
  it('parse in every input form with strict: true, without warnings', () => {
    for (const input of [
      'noai, noimageai',
      ['NoAI', 'noimageai'],
      { noai: true, noImageAi: true },
      'googlebot: noai',
    ]) {
      const parsed = parseRobots(input, 'page.md', { strict: true });
      expect(parsed.warnings).toEqual([]);
      const flags = new Set([...parsed.all.flags, ...[...parsed.crawlers.values()].flatMap((one) => [...one.flags])]);
      expect(flags.has('noai'), JSON.stringify(input)).toBe(true);
    }
    expect([...NON_STANDARD_DIRECTIVES].sort()).toEqual(['noai', 'noimageai']);
  });

  it('survive merging with other sources, in a fixed place', () => {
    expect(reconcile('noindex, noimageai', 'noai', 'nosnippet')).toBe('noindex, nosnippet, noai, noimageai');
    const options = normalizeOptions(
      { strict: true, defaults: 'noai', rules: [{ path: '/gallery/**', robots: 'noimageai' }] },
      { env },
    );
    expect(resolvePage({ url: '/gallery/a/', data: { robots: 'noarchive' } }, options)).toMatchObject({
      robots: 'noarchive, noai, noimageai',
    });
    expect(
      resolvePage({ url: '/about/', existing: [{ name: 'robots', content: 'noimageai' }] }, options),
    ).toMatchObject({ robots: 'noai, noimageai' });
  });

  it('are written into a page and into header files', () => {
    const { html } = injectRobots('<html><head><title>t</title></head><body></body></html>', () => ({
      robots: 'noai, noimageai',
    }));
    expect(html).toContain('<meta name="robots" content="noai, noimageai">');
    const files = generateHeaderFiles(
      { targets: ['netlify'], rules: [{ path: '/gallery/**', robots: 'noimageai' }] },
      { indexable: true, readExisting: () => undefined },
    );
    expect(files.find((file) => file.path === '_headers')?.content).toContain('X-Robots-Tag: noimageai');
  });

  it('are noted by the audit as info, grouped by tag', async () => {
    const head = (content: string): string =>
      `<!DOCTYPE html><html><head><title>t</title><meta name="robots" content="${content}"></head><body></body></html>`;
    const site = tempSite({
      'index.html': head('noai, noimageai'),
      'a/index.html': head('noai, noimageai'),
      'b/index.html': head('nosnippet'),
    });
    try {
      const report = await auditSite(site.root, { site: 'https://example.com' });
      const findings = report.findings.filter((finding) => finding.id === 'non-standard-directive');
      expect(findings).toHaveLength(1);
      expect(findings[0]!.severity).toBe('info');
      expect(findings[0]!.urls?.sort()).toEqual(['/', '/a/']);
      expect(findings[0]!.message).toContain('`noai` and `noimageai` is read by some AI dataset crawlers only');
      expect(report.findings.some((finding) => finding.id === 'invalid-robots-directive')).toBe(false);
    } finally {
      site.cleanup();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/index.js';
import { PAGE, tempSite } from './temp-site.js';

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.com/</loc></url>
<url><loc>https://example.com/blog/hello</loc></url>
<url><loc>https://example.com/docs/a/b/</loc></url>
<url><loc>https://example.com/gone/</loc></url>
</urlset>`;

describe('auditSite onDemandPaths (issue 14 item 5)', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  const audit = async (onDemandPaths?: string[]) => {
    const site = tempSite({
      'index.html': PAGE,
      'sitemap.xml': SITEMAP,
      'robots.txt': 'User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n',
    });
    cleanup = site.cleanup;
    const report = await auditSite(site.root, {
      site: 'https://example.com',
      ...(onDemandPaths ? { onDemandPaths } : {}),
    });
    return report.findings.filter((finding) => finding.id === 'sitemap-url-missing').flatMap((finding) => finding.urls);
  };

  it('reports sitemap URLs without a file as missing when nothing says the server renders them', async () => {
    expect(await audit()).toEqual(['/blog/hello', '/docs/a/b/', '/gone/']);
  });

  it('does not report URLs under routes rendered on request, and still reports the others', async () => {
    expect(await audit(['/blog/*', '/docs/**'])).toEqual(['/gone/']);
  });

  it('refuses a glob that can match no URL path, naming the option', async () => {
    await expect(audit(['blog/*'])).rejects.toThrow(/onDemandPaths\[0\]/);
  });
});

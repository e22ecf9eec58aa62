import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { findCause, writeStub } from './helpers/build-stub.js';

describe('audit: true', () => {
  it('fails the build on an error-level finding, after logging each finding', async () => {
    // private.md is noindex, and robots.txt keeps crawlers from ever reading that.
    const build = await writeStub('minimal', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, {
        site: 'https://example.com',
        robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }] },
        audit: true,
      });
    });
    const error = findCause(build.failure, 'RobotsError') as (Error & { code?: string }) | undefined;
    expect(error?.code).toBe('audit-failed');
    expect(error?.message).toMatch(
      /^\[@robots-kit\/eleventy\] .*minimal-\w+\/?: the robots-kit audit found 1 error in the build output \(listed above\); expected none: fix the pages it names, or set `audit: false`/,
    );
    expect(build.errors).toContainEqual(
      expect.stringMatching(/\[@robots-kit\/eleventy\] error noindex-disallowed: .*\(\/private\/\)/),
    );
    expect(build.warnings).toContainEqual(
      expect.stringMatching(/robots-kit audit of .*: 2 pages, 0 sitemap URLs; 1 error/),
    );
  });

  it('is off by default', async () => {
    const build = await writeStub('minimal', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, { robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }] } });
    });
    expect(build.failure).toBeUndefined();
    expect(build.warnings.some((message) => message.includes('audit'))).toBe(false);
  });
});

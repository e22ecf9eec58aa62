import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RobotsTxtOptions } from '../../src/index.js';
import { robotsTxtOptionsSchema } from '../../src/adapter.js';

describe('robotsTxtOptionsSchema', () => {
  it('accepts every documented option', () => {
    const options: RobotsTxtOptions = {
      groups: [
        { userAgent: ['*'], allow: ['/'], disallow: ['/x'], crawlDelay: 2, comment: ['a'] },
        { userAgent: 'Googlebot' },
      ],
      sitemap: true,
      blockAiBots: true,
      contentSignal: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' },
      contentUsage: { 'train-ai': 'n' },
    };
    expect(robotsTxtOptionsSchema.parse(options)).toEqual(options);
    expect(robotsTxtOptionsSchema.parse({})).toEqual({});
    expect(robotsTxtOptionsSchema.safeParse({ sitemap: ['/a.xml'] }).success).toBe(true);
  });

  it('rejects unknown keys at every level', () => {
    expect(robotsTxtOptionsSchema.safeParse({ sitemaps: true }).success).toBe(false);
    expect(robotsTxtOptionsSchema.safeParse({ groups: [{ userAgent: '*', disalow: ['/'] }] }).success).toBe(false);
    // Content signals take keys robots-kit does not know (issue 40): the shape allows any string value,
    // and the value check refuses a known signal's synonym (`ai-training` → `ai-train`).
    expect(robotsTxtOptionsSchema.safeParse({ contentSignal: { 'ai-training': 3 } }).success).toBe(false);
    expect(robotsTxtOptionsSchema.safeParse({ contentUsage: { 'ai-training': 'n' } }).success).toBe(false);
  });

  it('rejects wrong types', () => {
    expect(robotsTxtOptionsSchema.safeParse({ sitemap: false }).success).toBe(false);
    expect(robotsTxtOptionsSchema.safeParse({ groups: [{ disallow: ['/'] }] }).success).toBe(false);
    expect(robotsTxtOptionsSchema.safeParse({ contentUsage: { 'train-ai': 'no' } }).success).toBe(false);
    expect(robotsTxtOptionsSchema.safeParse({ groups: [{ userAgent: '*', crawlDelay: '5' }] }).success).toBe(false);
  });

  it('embeds as `robotsTxt: options | false`', () => {
    const outer = z.object({ robotsTxt: z.union([robotsTxtOptionsSchema, z.literal(false)]).optional() }).strict();
    expect(outer.parse({ robotsTxt: false })).toEqual({ robotsTxt: false });
    expect(outer.parse({ robotsTxt: { blockAiBots: true } })).toEqual({ robotsTxt: { blockAiBots: true } });
  });
});

import { robotsSchema } from '@robots-kit/astro/schema';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';

const entry = z.object({ title: z.string(), robots: robotsSchema() });

describe('robotsSchema()', () => {
  it('composes with a collection schema and accepts every input form unchanged', () => {
    for (const robots of [
      'noindex, nofollow',
      ['noarchive', 'max-snippet:20'],
      false,
      true,
      { index: false, googlebot: 'noimageindex' },
    ]) {
      expect(entry.parse({ title: 't', robots })).toEqual({ title: 't', robots });
    }
  });

  it('is optional', () => {
    expect(entry.parse({ title: 't' })).toEqual({ title: 't' });
  });

  it('reports core’s message, with the did-you-mean, in the zod issue at the `robots` path', () => {
    const result = entry.safeParse({ title: 't', robots: 'noindx' });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['robots']);
    expect(issue.message).toContain('[@robots-kit/astro]');
    expect(issue.message).toContain('`noindx`');
    expect(issue.message).toContain('Did you mean `noindex`?');
  });

  it('rejects values of no accepted form', () => {
    expect(entry.safeParse({ title: 't', robots: 42 }).success).toBe(false);
    expect(entry.safeParse({ title: 't', robots: ['noindex', 7] }).success).toBe(false);
  });

  it('accepts unknown directives with `strict: false`', () => {
    expect(robotsSchema({ strict: false }).safeParse('noindex, sparkle').success).toBe(true);
    expect(robotsSchema().safeParse('noindex, sparkle').success).toBe(false);
  });
});

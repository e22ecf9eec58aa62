import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDirectives, parseRobots, reconcile, type Directives } from '../../src/index.js';
import { mergeDirectives } from '../../src/adapter.js';
import { FLAG_DIRECTIVES } from '../../src/directives/vocabulary.js';
import { fuzzRuns } from '../fuzz-runs.js';

const token = fc.oneof(
  // Every flag robots-kit knows, the non-standard `noai`/`noimageai` included: they merge like the others.
  fc.constantFrom(...FLAG_DIRECTIVES),
  fc.integer({ min: -1, max: 500 }).map((n) => `max-snippet:${n}`),
  fc.constantFrom('none', 'standard', 'large').map((v) => `max-image-preview:${v}`),
  fc.integer({ min: -1, max: 60 }).map((n) => `max-video-preview:${n}`),
  fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => `unavailable_after: ${d.toISOString()}`),
);
const input = fc.array(token, { maxLength: 6 }).map((tokens) => tokens.join(', '));
const inputs = fc.array(input, { minLength: 1, maxLength: 5 });
const params = fuzzRuns(400);

const asSet = (content: string) => new Set(content.split(', ').filter(Boolean));

/** A rank for each restriction, higher is more restrictive, so "never less restrictive" is checkable. */
function restrictions(directives: Directives) {
  const f = directives.flags;
  const length = (n: number | undefined) => (n === undefined || n === -1 ? Infinity : n);
  return {
    noindex: f.has('noindex') || f.has('none'),
    nofollow: f.has('nofollow') || f.has('none'),
    nosnippet: f.has('nosnippet') || directives.maxSnippet === 0,
    others: ['noarchive', 'nocache', 'notranslate', 'noimageindex'].filter((x) => f.has(x as never)),
    maxSnippet: length(directives.maxSnippet),
    maxVideo: length(directives.maxVideoPreview),
    image: ['none', 'standard', 'large', undefined].indexOf(directives.maxImagePreview),
    until: directives.unavailableAfter ? Date.parse(directives.unavailableAfter) : Infinity,
  };
}

describe('reconcile: properties', () => {
  it('is independent of the order of its inputs', () => {
    fc.assert(
      fc.property(inputs, fc.infiniteStream(fc.nat()), (list, randomness) => {
        const shuffled = [...list].sort(() => (randomness.next().value % 3) - 1);
        expect(asSet(reconcile(...shuffled))).toEqual(asSet(reconcile(...list)));
      }),
      params,
    );
  });

  it('is idempotent: reconciling its own output changes nothing', () => {
    fc.assert(
      fc.property(inputs, (list) => {
        const once = reconcile(...list);
        expect(reconcile(once)).toBe(once);
        expect(reconcile(once, ...list)).toBe(once);
      }),
      params,
    );
  });

  it('is never less restrictive than any of its inputs', () => {
    fc.assert(
      fc.property(inputs, (list) => {
        const result = restrictions(parseRobots(reconcile(...list)).all);
        for (const one of list) {
          const alone = restrictions(mergeDirectives(parseRobots(one).all));
          if (alone.noindex) expect(result.noindex).toBe(true);
          if (alone.nofollow) expect(result.nofollow).toBe(true);
          if (alone.nosnippet) expect(result.nosnippet).toBe(true);
          for (const flag of alone.others) expect(result.others).toContain(flag);
          if (!result.nosnippet) expect(result.maxSnippet).toBeLessThanOrEqual(alone.maxSnippet);
          expect(result.maxVideo).toBeLessThanOrEqual(alone.maxVideo);
          expect(result.image).toBeLessThanOrEqual(alone.image);
          expect(result.until).toBeLessThanOrEqual(alone.until);
        }
      }),
      params,
    );
  });

  it('never outputs index, all, or a contradiction', () => {
    fc.assert(
      fc.property(inputs, (list) => {
        const out = formatDirectives(mergeDirectives(...list.map((one) => parseRobots(one).all)));
        expect(out).not.toContain('index');
        expect(out).not.toContain('all');
        if (out.includes('nofollow') || out.includes('none')) expect(out).not.toContain('follow');
        if (out.includes('none')) expect(out).not.toContain('noindex');
        if (out.includes('nosnippet')) expect(out.some((t) => t.startsWith('max-snippet'))).toBe(false);
        expect(new Set(out).size).toBe(out.length);
      }),
      params,
    );
  });
});

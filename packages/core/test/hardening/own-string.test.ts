import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownString } from '../../src/audit/read-files.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { MB, peakHeapGrowth } from './memory.js';

describe('ownString: what outlives a page or a log chunk keeps only its own characters', () => {
  it('gives back the same string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(ownString(text)).toBe(text);
      }),
      fuzzRuns(200, 20_261_128),
    );
    expect(ownString('\ud800x\udfff')).toBe('\ud800x\udfff');
  });

  it('does not pin the string it was cut from: 200 values cut from 200 pages of 256 KB hold well under 1 MB', async () => {
    const kept: string[] = [];
    const growth = await peakHeapGrowth(async () => {
      for (let page = 0; page < 200; page++) {
        // A new page each time, built from its number so no two pages share storage.
        const html = `<meta content="value ${page}">`.padEnd(256 * 1024, `${page}`);
        kept.push(ownString(html.slice(15, 45)));
      }
      return kept;
    });
    // Slices that pinned their pages would hold 200 × 256 KB (UTF-16: twice that).
    expect(growth).toBeLessThan(1 * MB);
    expect(kept[7]).toBe(`value 7">`.padEnd(30, '7'));
  });
});

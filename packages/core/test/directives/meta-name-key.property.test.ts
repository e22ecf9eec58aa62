import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRobotsMetaKey, isRobotsMetaName, metaNameKey } from '../../src/directives/vocabulary.js';

// `metaNameKey` skips the copy when a name is already trimmed and lowercase; it must always
// answer what `trim().toLowerCase()` answers, whatever the characters.
const nameCharacters = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\ufeff',
  '\u0001',
  'a',
  'B',
  'o',
  'T',
  '-',
  'İ',
  'é',
  '7',
);
const names = fc.oneof(
  fc.string(),
  fc.array(nameCharacters, { maxLength: 12 }).map((characters) => characters.join('')),
  fc.constantFrom('robots', 'ROBOTS', ' googlebot ', 'GoogleBot', 'viewport', '', ' ', 'bingbot\n'),
);

describe('metaNameKey', () => {
  it('equals trim().toLowerCase() on any name', () => {
    fc.assert(
      fc.property(names, (name) => {
        expect(metaNameKey(name)).toBe(name.trim().toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });
  it('returns an already trimmed lowercase name itself', () => {
    expect(metaNameKey('robots')).toBe('robots');
    expect(metaNameKey(' Robots ')).toBe('robots');
  });
  it('makes isRobotsMetaName what it was: the trimmed, lowercased name looked up', () => {
    const extra = new Set(['my-crawler']);
    fc.assert(
      fc.property(names, (name) => {
        const key = name.trim().toLowerCase();
        expect(isRobotsMetaName(name, extra)).toBe(isRobotsMetaKey(key, extra));
      }),
      { numRuns: 1000 },
    );
    expect(isRobotsMetaName(' GoogleBot ')).toBe(true);
    expect(isRobotsMetaName('viewport')).toBe(false);
    expect(isRobotsMetaName('MY-CRAWLER', extra)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { generateRobotsTxt, isAllowed, parseRobotsTxt } from '../../src/index.js';
import { cpuRatio } from '../hardening/cpu.js';

describe('matching cost stays bounded on pathological patterns', () => {
  const parsed = parseRobotsTxt('User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*b\nDisallow: /*a*a*a*a*a*a*a*a*c$\n');
  const url = 'https://example.com/' + 'a'.repeat(100_000);

  it('answers for a 100k-character URL that nearly matches', () => {
    expect(isAllowed(parsed, 'Bot', url)).toBe(true);
    expect(isAllowed(parsed, 'Bot', url + 'b')).toBe(false);
    expect(isAllowed(parsed, 'Bot', url + 'c')).toBe(false);
    expect(isAllowed(parsed, 'Bot', url + 'cd')).toBe(true);
  });

  it('answers for a long pattern of stars against a long URL', () => {
    const stars = parseRobotsTxt('User-agent: *\nDisallow: /' + '*a'.repeat(200) + 'b\n');
    expect(isAllowed(stars, 'Bot', '/' + 'a'.repeat(20_000))).toBe(true);
  });
});

describe('issue 12: hostile robots.txt files cost what ordinary ones of the same size do', () => {
  const ordinary = (size: number): string => {
    const line = 'Disallow: /section/*/private/*.pdf$\n';
    return ('User-agent: *\n' + line.repeat(Math.ceil(size / line.length))).slice(0, size);
  };
  const parseAll = (text: string) => () => parseRobotsTxt(text).diagnostics;
  const match = (text: string) => () => isAllowed(text, 'Bot', '/' + 'a'.repeat(2000));
  const merge = (text: string) => () => generateRobotsTxt({}, { indexable: true, existing: text });

  it('parses 30 lines of `Disallow: /` + 16,000 spaces + `x` (the quadratic trim) in linear time', () => {
    const hostile = Array.from({ length: 30 }, () => 'Disallow: /' + ' '.repeat(16_000) + 'x').join('\n');
    const benign = ordinary(hostile.length);
    // It took 72 s (1.6 s a line) against well under 0.1 s for the ordinary file.
    expect(cpuRatio(parseAll(hostile), parseAll(benign), { trials: 3 })).toBeLessThan(2);
    expect(cpuRatio(match(hostile), match(benign), { trials: 3 })).toBeLessThan(2);
    expect(cpuRatio(merge(hostile), merge(benign), { trials: 3 })).toBeLessThan(2);
  });

  // Long lines: whatever their content, each byte is looked at a bounded number of times.
  const longLines: Record<string, string> = {
    'whitespace with no colon': Array.from({ length: 6 }, () => 'Disallow' + ' '.repeat(16_000) + 'x').join('\n'),
    'whitespace before the colon': Array.from({ length: 6 }, () => 'Disallow' + '\t'.repeat(16_000) + ': x').join('\n'),
    'one line and no line ending': 'Disallow: /' + ' '.repeat(100_000) + 'x',
    'only `#`': '#'.repeat(100_000),
    'only `:`': ':'.repeat(100_000),
    'unknown keys of 16,000 characters': Array.from(
      { length: 6 },
      (_, index) => 'x'.repeat(16_000) + index + ': v',
    ).join('\n'),
  };
  it.each(Object.entries(longLines))('long lines: %s', (_name, hostile) => {
    const benign = ordinary(hostile.length);
    expect(cpuRatio(parseAll(hostile), parseAll(benign), { trials: 3 })).toBeLessThan(2);
    expect(cpuRatio(match(hostile), match(benign), { trials: 3 })).toBeLessThan(2);
  });

  // Many short lines: a cost per line shows against the ordinary file's 36-byte lines (a file of
  // line endings has 36 times as many), but stays a constant factor; quadratic would be ×1,000s.
  const manyLines: Record<string, string> = {
    'only CRs': '\r'.repeat(100_000),
    'only LFs': '\n'.repeat(100_000),
    'NUL in every line': 'User-agent: *\n' + 'Disallow: /a\0\n'.repeat(7000),
    'three words, no colon': 'a b c\n'.repeat(16_000),
    'distinct unknown keys (did-you-mean)': Array.from({ length: 10_000 }, (_, index) => `k${index}: v`).join('\n'),
  };
  it.each(Object.entries(manyLines))('many lines: %s', (_name, hostile) => {
    const benign = ordinary(hostile.length);
    expect(cpuRatio(parseAll(hostile), parseAll(benign), { trials: 3 })).toBeLessThan(20);
    expect(cpuRatio(match(hostile), match(benign), { trials: 3 })).toBeLessThan(20);
  });

  it('keeps memory bounded on a file of 500 KiB of line endings', () => {
    const repeats = 170_000;
    const hostile = '\r\n\n'.repeat(repeats);
    const before = process.memoryUsage().heapUsed;
    const parsed = parseRobotsTxt(hostile);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.lineCount).toBe(2 * repeats + 1);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
});

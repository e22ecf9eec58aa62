/**
 * Issue 12: the did-you-mean suggestion for unknown keys took 62% of `isAllowed` from text,
 * computed for every unknown line whether or not anyone read it. Diagnostics are now worked
 * out the first time they are read, and only then. `suggest` is wrapped (not replaced) to count
 * its calls.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { explainMatch, findGroupTraps, generateRobotsTxtReport, isAllowed, parseRobotsTxt } from '../../src/index.js';
import { suggest } from '../../src/errors.js';

vi.mock('../../src/errors.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/errors.js')>();
  return { ...actual, suggest: vi.fn(actual.suggest) };
});

// 26 distinct misspellings of Disallow, each on two lines: suggest runs once per distinct key.
const distinctKeys = Array.from({ length: 26 }, (_, index) => `Dislalow${String.fromCharCode(0x61 + index)}`);
const unknownKeys = [...distinctKeys, ...distinctKeys].map((key, index) => `${key}: /x${index}`);
const body = ['User-agent: *', 'Disallow: /private', ...unknownKeys, 'Dissallow: /typo', 'Sitemap: /relative.xml'].join(
  '\n',
);

describe('issue 12: diagnostics (did-you-mean suggestions) are computed only when someone asks for them', () => {
  beforeEach(() => {
    vi.mocked(suggest).mockClear();
  });

  it('matching never computes them, from the body or from a parse result', () => {
    expect(isAllowed(body, 'Bot', '/private/a')).toBe(false);
    expect(explainMatch(body, 'Bot', '/typo').allowed).toBe(false);
    const parsed = parseRobotsTxt(body);
    expect(isAllowed(parsed, 'Bot', '/x1')).toBe(true);
    expect(findGroupTraps(parsed)).toEqual([]);
    expect(suggest).not.toHaveBeenCalled();
  });

  it('reading `diagnostics` computes them once, with one suggestion per distinct key', () => {
    const parsed = parseRobotsTxt(body);
    expect(suggest).not.toHaveBeenCalled();
    const { diagnostics } = parsed;
    expect(suggest).toHaveBeenCalledTimes(distinctKeys.length);
    expect(diagnostics.map((d) => d.code)).toEqual([
      ...unknownKeys.map(() => 'unknown-directive'),
      'accepted-typo',
      'relative-sitemap',
    ]);
    expect(diagnostics[0]?.reason).toContain('did you mean `Disallow`?');
    expect(diagnostics.filter((d) => d.reason.includes('did you mean `Disallow`?'))).toHaveLength(unknownKeys.length);
    expect(parsed.diagnostics).toBe(diagnostics);
    expect(suggest).toHaveBeenCalledTimes(distinctKeys.length);
  });

  it('leaves a parse result a plain, comparable and serialisable value', () => {
    const parsed = parseRobotsTxt(body);
    const copy = JSON.parse(JSON.stringify(parsed)) as typeof parsed;
    expect(copy.diagnostics).toHaveLength(unknownKeys.length + 2);
    expect(parseRobotsTxt(body)).toEqual(copy);
    expect({ ...parseRobotsTxt(body) }.diagnostics).toEqual(copy.diagnostics);
    parsed.diagnostics = [];
    expect(parsed.diagnostics).toEqual([]);
  });

  it('gives the same diagnostics as a file read with them at once', () => {
    const report = generateRobotsTxtReport({}, { indexable: true, existing: body });
    expect(report.warnings.filter((warning) => warning.code === 'robots-txt-unknown-directive')).toHaveLength(
      unknownKeys.length,
    );
    expect(report.parsed.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(unknownKeys.length + 1);
  });

  it('bounds the suggestions of one file: 64 distinct keys of at most 64 characters', () => {
    const many = Array.from({ length: 100 }, (_, index) => `Disalloq${index}: /`).join('\n');
    const diagnostics = parseRobotsTxt(`User-agent: *\n${many}\nDisalloq${'q'.repeat(60)}: /\n`).diagnostics;
    expect(suggest).toHaveBeenCalledTimes(64);
    expect(diagnostics).toHaveLength(101);
    expect(diagnostics[0]?.reason).toContain('did you mean `Disallow`?');
    expect(diagnostics.at(-1)?.reason).not.toContain('did you mean');
  });
});

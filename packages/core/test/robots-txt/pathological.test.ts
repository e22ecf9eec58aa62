import { describe, expect, it } from 'vitest';
import { isAllowed, parseRobotsTxt } from '../../src/index.js';

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

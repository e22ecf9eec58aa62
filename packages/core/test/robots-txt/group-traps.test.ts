import { describe, expect, it } from 'vitest';
import { findGroupTraps } from '../../src/index.js';

describe('findGroupTraps', () => {
  it("finds the guide's Googlebot trap", () => {
    const body =
      '# This keeps out all well-behaved robots\nUser-agent: *\nDisallow: /\n\n# This looks like it is giving Google access to only this directory\nUser-agent: Googlebot\nAllow: /Content_For_Google/\n';
    expect(findGroupTraps(body)).toEqual([
      {
        userAgent: 'Googlebot',
        groupIndexes: [1],
        lines: [6],
        droppedDisallows: [{ type: 'disallow', value: '/', pattern: '/', line: 3 }],
      },
    ]);
  });

  it('lists only the disallows the crawler may now fetch', () => {
    const body =
      'User-agent: *\nDisallow: /private/\nDisallow: /tmp/\nDisallow: *.gif$\n\nUser-agent: Bingbot\nDisallow: /private/\nCrawl-delay: 5\n';
    const traps = findGroupTraps(body);
    expect(traps).toHaveLength(1);
    expect(traps[0]?.userAgent).toBe('Bingbot');
    expect(traps[0]?.droppedDisallows.map((rule) => rule.value)).toEqual(['/tmp/', '*.gif$']);
  });

  it('finds nothing when the crawler group blocks as much', () => {
    expect(findGroupTraps('User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /\n')).toEqual([]);
    expect(findGroupTraps('User-agent: *\nDisallow:\n\nUser-agent: Googlebot\nAllow: /\n')).toEqual([]);
    expect(findGroupTraps('User-agent: Googlebot\nDisallow: /x\n')).toEqual([]);
  });

  it('skips `*` disallows that no path can match or that `*` itself overrides', () => {
    expect(
      findGroupTraps('User-agent: *\nDisallow: private\nDisallow: /a\nAllow: /a\n\nUser-agent: Googlebot\nAllow: /\n'),
    ).toEqual([]);
  });

  it('merges every group naming the crawler, matching names ignoring case', () => {
    const traps = findGroupTraps(
      'User-agent: *\nDisallow: /x\n\nUser-agent: googlebot\nAllow: /a\n\nUser-agent: Googlebot\nAllow: /b\n',
    );
    expect(traps).toMatchObject([{ userAgent: 'googlebot', groupIndexes: [1, 2], lines: [4, 7] }]);
  });

  it('does not flag a crawler named in the `*` group itself', () => {
    expect(findGroupTraps('User-agent: *\nUser-agent: Googlebot\nDisallow: /x\n')).toEqual([]);
  });
});

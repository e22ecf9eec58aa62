import { describe, expect, it } from 'vitest';
import { injectRobots } from '../../src/index.js';
import { locateHead } from '../../src/html/inject.js';
import { MB, peakHeapGrowth } from './memory.js';

/**
 * A page whose explicit `<head>` holds about 4 MB of one kind of element: the head transform
 * reads past those it does not plan with, so what it holds is bounded by what it keeps (the
 * robots metas, the charset meta, a few neighbours), not by how many elements the head has.
 */
const HEAD_SIZE = 4 * MB;
const SHAPES: Record<string, string> = {
  metas: '<meta property="og:image" content="/i.png">\n',
  links: '<link rel="preload" href="/font.woff2">\n',
  scripts: '<script src="/a.js"></script>\n',
  comments: '<!-- a comment -->\n',
};
/** The page, with `<head>` written or (`headTag` '') implied. */
function giantHeadPage(element: string, headTag = '<head>\n'): string {
  const filler = element.repeat(Math.ceil(HEAD_SIZE / element.length));
  const page = `<!doctype html>\n<html>\n${headTag}<meta charset="utf-8">\n<meta name="robots" content="nofollow">\n${filler}</head>\n<body>\n<p>text</p>\n</body>\n</html>\n`;
  // One flat string, as a page read from a file is: a string built by joining would be
  // flattened by the first read of its characters, a copy counted against the reader.
  return Buffer.from(page, 'latin1').toString('latin1');
}

describe('a giant explicit head is read in memory bounded by what the transform keeps', () => {
  for (const [shape, element] of Object.entries(SHAPES)) {
    it(`a 4 MB explicit head of ${shape} is located holding under a quarter of its size`, async () => {
      const html = giantHeadPage(element);
      let located: ReturnType<typeof locateHead> | undefined;
      const growth = await peakHeapGrowth(async () => (located = locateHead(html)));
      expect(located !== undefined && 'scan' in located).toBe(true);
      // A node per element held 2.2 (links) to 4.7 (comments) times the head's size; the nodes
      // planning reads here (the charset and robots metas, a few neighbours) hold a few KB.
      expect(growth).toBeLessThan(HEAD_SIZE / 4);
    });
  }

  for (const shape of ['metas', 'comments']) {
    it(`a 4 MB head of ${shape} without \`<head>\` is located holding under a quarter of its size`, async () => {
      const html = giantHeadPage(SHAPES[shape]!, '');
      let located: ReturnType<typeof locateHead> | undefined;
      const growth = await peakHeapGrowth(async () => (located = locateHead(html)));
      expect(located !== undefined && 'scan' in located && located.scan.headStartTag === undefined).toBe(true);
      expect(growth).toBeLessThan(HEAD_SIZE / 4);
    });
  }

  it('a 4 MB explicit head of metas still gets its robots tag replaced in place', () => {
    const html = giantHeadPage(SHAPES.metas!);
    const result = injectRobots(html, () => ({ robots: 'noindex' }));
    expect(result.html).toBe(
      html.replace(
        '<meta charset="utf-8">\n<meta name="robots" content="nofollow">\n',
        '<meta charset="utf-8">\n<meta name="robots" content="noindex">\n',
      ),
    );
  });

  it('a 4 MB explicit head still gets the robots tag of a crawler only resolve names replaced in place', () => {
    const html = giantHeadPage(SHAPES.links!).replace('name="robots"', 'name="MyCrawler"');
    const result = injectRobots(html, (existing) => {
      // Not a known crawler, not among extraNames: not passed to resolve, but replaced once named.
      expect(existing).toEqual([]);
      return { mycrawler: 'noindex' };
    });
    expect(result.html).toBe(
      html.replace('<meta name="MyCrawler" content="nofollow">', '<meta name="mycrawler" content="noindex">'),
    );
  });
});

import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { renderMetaTag, renderReplacingTag, robotsMetaElement } from '../../src/html/render.js';
import { readTag } from '../../src/html/tokenizer.js';
import type { SelfClosingStyle, StartTagToken } from '../../src/html/types.js';

/** What the tags were written as through hast-util-to-html, before render.ts wrote them itself. */
function throughHast(name: string, content: string, style: SelfClosingStyle): string {
  const markup = toHtml(
    { type: 'root', children: [robotsMetaElement({ name, content })] },
    { closeSelfClosing: style !== 'none', tightSelfClosing: style === 'tight' },
  );
  return markup.replace(/\r/g, '&#13;');
}

const STYLES: SelfClosingStyle[] = ['none', 'spaced', 'tight'];
/** Strings rich in what needs escaping: quotes, ampersands, backticks, NUL, line breaks, astral characters. */
const content = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', "'", '&', '`', '\0', '\r', '\n', '<', '>', ' ', '😀', '\u00a0', 'a', '#', ';'),
    fc.string({ maxLength: 1, unit: 'binary' }),
  ),
  maxLength: 40,
});
const name = fc.constantFrom('robots', 'googlebot', 'googlebot-news', 'Bingbot', 'x.y_z');

describe('renderMetaTag', () => {
  it('writes exactly what hast-util-to-html wrote, in every closing style', () => {
    fc.assert(
      fc.property(name, content, fc.constantFrom(...STYLES), (tagName, tagContent, style) => {
        expect(renderMetaTag({ name: tagName, content: tagContent }, style)).toBe(
          throughHast(tagName, tagContent, style),
        );
      }),
      { numRuns: 2000, seed: 21 },
    );
  });

  it.each([
    ['noindex, follow', '<meta name="robots" content="noindex, follow">'],
    ['a"b&c\'d`e', '<meta name="robots" content="a&#x22;b&#x26;c&#x27;d&#x60;e">'],
    ['x\0y\r\nz', '<meta name="robots" content="x&#x0;y&#13;\nz">'],
    ['', '<meta name="robots" content="">'],
  ])('escapes %j', (tagContent, expected) => {
    expect(renderMetaTag({ name: 'robots', content: tagContent }, 'none')).toBe(expected);
  });
});

describe('renderReplacingTag', () => {
  it('writes name and content as a new tag does, keeping the other attributes as written', () => {
    const previous = readTag(`<META data-rh=true NAME='robots' id=x content="old"/>`, 0) as StartTagToken;
    fc.assert(
      fc.property(content, (tagContent) => {
        const fresh = renderMetaTag({ name: 'robots', content: tagContent }, 'none');
        const contentAttribute = fresh.slice(fresh.indexOf(' content="') + 1, -1);
        expect(renderReplacingTag({ name: 'robots', content: tagContent }, previous)).toBe(
          `<meta data-rh=true name="robots" id=x ${contentAttribute}/>`,
        );
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});

/**
 * The body pass on hostile pages: linear time (CPU ratio against a benign page of the same size,
 * measured side by side), no crash on any input, and bytes outside the edited attributes unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOptions } from '../../src/index.js';
import { rewritePageBody } from '../../src/resolve/body-rules.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { cpuRatio } from './cpu.js';

const OPTIONS = normalizeOptions({
  site: 'https://example.com',
  links: [
    { rel: 'nofollow', external: true },
    { rel: 'ugc', within: ['.comments', '[data-ugc]', 'section#c'] },
    { rel: 'sponsored', hosts: ['*a*a*a*a*b'] },
  ],
  nosnippet: ['.ad'],
});
const PAGE = { url: '/page/' };
const run = (html: string) => rewritePageBody(html, PAGE, OPTIONS);
const SIZE = 400_000;
/** A page of the same size with ordinary markup: paragraphs, links, lists. */
const benign =
  '<div class=comments><p>Some text <a href="https://a.org/x">a link</a> and <a href="/own">ours</a>.</p><ul><li>one<li>two</ul></div>\n'
    .repeat(SIZE / 120)
    .slice(0, SIZE);
const fill = (unit: string, tail = ''): string => unit.repeat(Math.floor((SIZE - tail.length) / unit.length)) + tail;

describe('the body pass on hostile pages', () => {
  it.each([
    ['deep nesting', fill('<div class=c>')],
    [
      'deep inline nesting then block end tags',
      fill('<span>', '').slice(0, SIZE / 2) + fill('</div>').slice(0, SIZE / 2),
    ],
    ['a scope boundary under many blocks (each start tag looks for an open p)', '<p><object>' + fill('<div>')],
    ['many list items without end tags', fill('<li class=comments><a href=https://a.org/>x</a>')],
    ['stray end tags', fill('</x></li></p></h2>')],
    ['one link with a huge rel', `<a href="https://a.org/" rel="${'noopener '.repeat(SIZE / 10)}">`],
    [
      'a host that nearly matches the glob',
      fill('<a href="https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/">'),
    ],
    ['an unclosed comment', '<!--' + fill('<a href=https://a.org/>')],
    ['an unclosed attribute', '<a href="' + fill('<a href=https://a.org/>')],
    ['deep SVG', fill('<svg><g class=comments>')],
    ['deep templates', fill('<template><a href=https://a.org/>')],
  ])('%s: linear time, no crash', (_name, hostile) => {
    expect(() => run(hostile)).not.toThrow();
    expect(
      cpuRatio(
        () => run(hostile),
        () => run(benign),
        { trials: 3 },
      ),
    ).toBeLessThan(8);
  });

  it.each([
    ['many links', fill('<a href=https://a.org/ class=x>')],
    [
      'many links, then an `<svg>` at the end (the page read a second time, with the element stack)',
      fill('<a href=https://a.org/ class=x>', '<svg>'),
    ],
    ['many tags that are not links', fill('<ab href=https://a.org/>')],
    ['an unclosed tag', '<a ' + fill('href=x ')],
  ])('rules without selectors (no element stack): %s in linear time', (_name, hostile) => {
    const light = normalizeOptions({ site: 'https://example.com', links: [{ rel: 'nofollow', external: true }] });
    const runLight = (html: string) => rewritePageBody(html, PAGE, light);
    expect(
      cpuRatio(
        () => runLight(hostile),
        () => runLight(benign),
        { trials: 3 },
      ),
    ).toBeLessThan(8);
  });

  it('changes no byte outside the attributes it adds, on any input', () => {
    const pieces = fc.constantFrom(
      '<a href="https://x.org/">',
      "<a href='/y' class=comments>",
      '<a href=https://z.org/ >',
      '<div class=comments>',
      '<div class="ad">',
      '</div>',
      '<p>',
      '<li>',
      '<!--',
      '-->',
      '<script>',
      '</script>',
      '<template>',
      '</template>',
      '<svg>',
      '</svg>',
      '<textarea>',
      '</textarea>',
      '"',
      "'",
      '<',
      '>',
      '/',
      '=',
      '&amp;',
      '&',
      'é',
      '\u0000',
      ' ',
      '\n',
      'text',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 80 }), (parts) => {
        const html = parts.join('');
        const out = run(html).html;
        expect(
          out.replace(/ rel=(["'])(?:nofollow|ugc|sponsored)(?: (?:nofollow|ugc|sponsored))*\1| data-nosnippet/g, ''),
        ).toBe(html);
      }),
      fuzzRuns(2000),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { lineNumbersAt } from '../../src/audit/page-facts.js';
import { readPage } from '../../src/audit/read-page.js';

describe('readPage', () => {
  it('finds robots and crawler meta tags with their lines, in the head and after it', () => {
    const html = [
      '<!DOCTYPE html>',
      '<html><head>',
      '<META NAME="Robots" CONTENT="noindex">',
      '<meta name="description" content="not robots">',
      '<meta name="googlebot" content="nosnippet"/>',
      '<meta name="myBot" content="nofollow">',
      '</head><body>',
      '<meta name="bingbot" content="noarchive">',
      '</body></html>',
    ].join('\n');
    const facts = readPage(html, new Set(['mybot']));
    expect(facts.robotsTags).toEqual([
      { name: 'robots', rawName: 'Robots', content: 'noindex', line: 3, inHead: true },
      { name: 'googlebot', rawName: 'googlebot', content: 'nosnippet', line: 5, inHead: true },
      { name: 'mybot', rawName: 'myBot', content: 'nofollow', line: 6, inHead: true },
      { name: 'bingbot', rawName: 'bingbot', content: 'noarchive', line: 8, inHead: false },
    ]);
  });

  it('treats a document without <head> as the parser does: metas first are in the head, content starts the body', () => {
    const facts = readPage(
      '<!DOCTYPE html>\n<meta name="robots" content="noindex">\n<p>Hi</p>\n<meta name="robots" content="nofollow">',
    );
    expect(facts.robotsTags.map((tag) => tag.inHead)).toEqual([true, false]);
  });

  it('ignores markup inside comments, scripts, styles and textareas, and decodes character references', () => {
    const html = `<head>
<!-- <meta name="robots" content="noindex"> -->
<script>document.write('<meta name="robots" content="nofollow">')</script>
<style>/* <meta name="robots" content="none"> */</style>
<meta name="robots" content="max-snippet:50&#44; noarchive">
<link rel="canonical" href="/a/?x=1&amp;y=2">
</head><body><textarea><meta name="robots" content="noindex"></textarea></body>`;
    const facts = readPage(html);
    expect(facts.robotsTags.map((tag) => tag.content)).toEqual(['max-snippet:50, noarchive']);
    expect(facts.canonical).toBe('/a/?x=1&y=2');
  });

  it('takes the first canonical and base of the head only; rel is a token list', () => {
    const facts = readPage(`<head>
<link rel="stylesheet" href="/s.css">
<link rel="alternate canonical" href=" /first/ ">
<link rel="canonical" href="/second/">
<base href="/base/"><base href="/other/">
</head><body><link rel="canonical" href="/body/"></body>`);
    expect(facts).toMatchObject({ canonical: '/first/', baseHref: '/base/' });
    expect(readPage('<body><link rel="canonical" href="/body/"><base href="/b/"></body>')).toEqual({ robotsTags: [] });
    expect(readPage('<head><link rel="canonical"><link href="/x/"></head>')).toEqual({ robotsTags: [] });
  });

  it('keeps the first of repeated attributes and skips metas without name or content', () => {
    const facts = readPage(
      '<meta name="robots" name="googlebot" content="noindex"><meta content="noindex"><meta name="robots">',
    );
    expect(facts.robotsTags).toEqual([
      { name: 'robots', rawName: 'robots', content: 'noindex', line: 1, inHead: true },
    ]);
  });
});

describe('lineNumbersAt', () => {
  it('maps ascending offsets to 1-based lines in one pass', () => {
    expect(lineNumbersAt('a\nbb\n\nc', [0, 2, 5, 6])).toEqual([1, 2, 3, 4]);
    expect(lineNumbersAt('abc', [1, 2])).toEqual([1, 1]);
  });
});

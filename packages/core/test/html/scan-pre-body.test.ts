import { describe, expect, it } from 'vitest';
import { documentKind, scanPreBody } from '../../src/html/scan-head.js';

function headNames(html: string): string[] {
  return scanPreBody(html).headNodes.map((node) => `${node.name}${node.afterHead ? ' (after head)' : ''}`);
}

function bodyStartsAt(html: string): string {
  return html.slice(scanPreBody(html).bodyStart);
}

describe('scanPreBody', () => {
  it('finds the doctype, html, head and body tags', () => {
    const html = '<!-- x --><!DOCTYPE html><!-- y --><html lang=en><head><title>t</title></head><body class=a>';
    const scan = scanPreBody(html);
    expect(scan.doctype).toMatchObject({ name: 'html', start: html.indexOf('<!DOCTYPE'), end: html.indexOf('<!-- y') });
    expect(scan.htmlStartTag).toMatchObject({ name: 'html', start: html.indexOf('<html') });
    expect(scan.headStartTag).toMatchObject({ start: html.indexOf('<head>'), end: html.indexOf('<title>') });
    expect(scan.headEndTag).toMatchObject({ start: html.indexOf('</head>') });
    expect(scan.bodyStartTag).toMatchObject({ start: html.indexOf('<body') });
    expect(scan.bodyStart).toBe(html.indexOf('<body'));
    expect(scan.ignoredHeadTags).toBe(0);
  });

  it.each([
    ['<head><title>t</title>\n  text<meta name=robots>', 'text<meta name=robots>'],
    ['<head><meta charset=utf-8>&#32;&nbsp;<meta name=robots>', '&nbsp;<meta name=robots>'],
    ['<head><meta charset=utf-8><div><meta name=robots>', '<div><meta name=robots>'],
    ['<head><meta charset=utf-8></br><meta name=robots>', '</br><meta name=robots>'],
    ['<head><meta charset=utf-8></body><meta name=robots>', '</body><meta name=robots>'],
    ['<head></head><noscript><meta name=robots>', '<noscript><meta name=robots>'],
    ['<head></head>\n<frameset><meta name=robots>', '<frameset><meta name=robots>'],
    ['<head></head></p></head></div> x', 'x'],
    ['<html>< x', '< x'],
    // A tag cut off by the end of input is dropped: the head ends before it.
    ['<head><meta charset=utf-8><meta name=robots', '<meta name=robots'],
    ['<p><head>', '<p><head>'],
    ['x<head>', 'x<head>'],
  ])('in %j, the body starts at %j', (html, rest) => {
    expect(bodyStartsAt(html)).toBe(rest);
  });

  it('ignores end tags that do not close anything before the body', () => {
    expect(
      headNames('</div><html></span><head></div><meta charset=utf-8></template></html2><title>x</title></head>'),
    ).toEqual(['meta', 'title']);
    expect(bodyStartsAt('</div></p>\n<p>x')).toBe('<p>x');
    expect(bodyStartsAt('<html></div></body>x')).toBe('</body>x');
    expect(bodyStartsAt('</head><p>x')).toBe('<p>x');
    expect(scanPreBody('</head><p>x').headEndTag).toMatchObject({ start: 0 });
  });

  it('keeps head elements met after </head> and counts extra <head> tags', () => {
    const html =
      '<head><head><title>t</title></head>\n<head><meta name=robots><link rel=x><script></script><style></style><template></template><base href=/><html></head><body>';
    expect(headNames(html)).toEqual([
      'title',
      'meta (after head)',
      'link (after head)',
      'script (after head)',
      'style (after head)',
      'template (after head)',
      'base (after head)',
    ]);
    expect(scanPreBody(html).ignoredHeadTags).toBe(2);
    expect(bodyStartsAt(html)).toBe('<body>');
  });

  it('skips the contents of text elements and templates, which hide tags', () => {
    expect(
      headNames(
        '<head><noscript><meta name=robots></head></noscript><template><body></head></template><noframes></head></noframes><meta name=x></head>',
      ),
    ).toEqual(['noscript', 'template', 'noframes', 'meta']);
  });

  it('records comments inside the head and the whitespace before each element', () => {
    const html = '<head>\n  <!-- c -->\r\n\t<meta charset=utf-8><meta name=x>\n</head>\n<!-- after -->';
    const nodes = scanPreBody(html).headNodes;
    expect(nodes.map((node) => node.name)).toEqual(['#comment', 'meta', 'meta']);
    expect(nodes.map((node) => html.slice(node.whitespaceStart, node.start))).toEqual(['\n  ', '\r\n\t', '']);
  });

  it('skips a leading byte order mark only', () => {
    expect(scanPreBody('\uFEFF<!doctype html>').doctype).toMatchObject({ start: 1 });
    expect(bodyStartsAt('\uFEFF\uFEFF<!doctype html>')).toBe('\uFEFF<!doctype html>');
  });

  it('implies the head from its elements', () => {
    const scan = scanPreBody('<!doctype html><title>t</title><meta name=robots content=x><p>x');
    expect(scan.headStartTag).toBeUndefined();
    expect(scan.headNodes.map((node) => node.name)).toEqual(['title', 'meta']);
  });

  it('ignores a second doctype and records the first start tag', () => {
    const scan = scanPreBody('<!doctype html><!doctype foo><rss><channel>');
    expect(scan.doctype).toMatchObject({ name: 'html', start: 0 });
    expect(scan.firstStartTag).toMatchObject({ name: 'rss' });
  });
});

describe('scanPreBody: where the head begins, and the reading without scripting (issue 20)', () => {
  it.each([
    ['<!DOCTYPE html><!-- x --><p>x', '<p>x'],
    ['<!DOCTYPE html>\n  hello', 'hello'],
    ['<html></p><!--foo-->', ''],
    ['<html><!DOCTYPE html', '<!DOCTYPE html'],
    ['<html></head><p>', '</head><p>'],
    ['<!-- a --><meta name=x>', '<meta name=x>'],
  ])('in %j the parser creates the head at %j', (html, rest) => {
    expect(html.slice(scanPreBody(html).headImpliedAt)).toBe(rest);
  });

  it('reports the comment or doctype the input ends inside, before the head exists', () => {
    expect(scanPreBody('<!DOCTYPE html><!-- x').cutOff).toMatchObject({ type: 'comment', closed: false });
    expect(scanPreBody('<!DOCTYPE html').cutOff).toMatchObject({ type: 'doctype', closed: false });
    expect(scanPreBody('<head><!-- x').cutOff).toBeUndefined();
    expect(scanPreBody('<head><!-- x').headNodes).toMatchObject([{ name: '#comment', closed: false }]);
  });

  it('reads a head noscript as markup when scripting is off, up to where it ends', () => {
    const html =
      '<head><noscript><meta name=robots content=x><link rel=a></noscript><noscript><img src=p></noscript><meta name=b>';
    expect(scanPreBody(html).headNodes.map((node) => node.name)).toEqual(['noscript', 'noscript', 'meta']);
    const unscripted = scanPreBody(html, { scripting: false });
    expect(unscripted.headNodes.map((node) => `${node.name}${node.inNoscript ? ' (in noscript)' : ''}`)).toEqual([
      'noscript',
      'meta (in noscript)',
      'link (in noscript)',
      'noscript',
    ]);
    // The `<img>` ends the second noscript, and the head: the body starts there.
    expect(html.slice(unscripted.bodyStart)).toBe('<img src=p></noscript><meta name=b>');
    expect(unscripted.headNodes[3]).toMatchObject({ end: html.indexOf('<img') });
  });
});

describe('documentKind', () => {
  it.each([
    ['<!doctype html><p>x', 'document'],
    ['<!DOCTYPE>', 'document'],
    ['<html>', 'document'],
    ['<HEAD>', 'document'],
    ['</head>', 'document'],
    ['<body>', 'document'],
    ['<title>x</title><meta name=robots content=x><p>x', 'fragment'],
    ['<p>Post</p><pre>&lt;head&gt;</pre>', 'fragment'],
    ['text <b>bold</b>', 'fragment'],
    ['<svg viewBox="0 0 1 1"></svg>', 'fragment'],
    ['', 'not-html'],
    ['plain text only', 'not-html'],
    ['  {"html": "<html>"}', 'not-html'],
    ['[1, 2]', 'not-html'],
    ['\uFEFF<?xml version="1.0"?><urlset></urlset>', 'not-html'],
    ['<rss version="2.0"><channel><title>x</title></channel></rss>', 'not-html'],
    ['<!DOCTYPE svg PUBLIC "x"><svg></svg>', 'not-html'],
    ['<?xml version="1.0"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml">', 'document'],
  ])('%j is a %s', (html, kind) => {
    expect(documentKind(html, scanPreBody(html))).toBe(kind);
  });
});

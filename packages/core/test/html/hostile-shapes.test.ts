/**
 * Issue 34's hostile shapes, each a regression test named after the problem, each judged by
 * parse5: where the page really has its links, its `data-nosnippet` targets and its robots metas
 * (head or body). The body pass, the head transform and the audit's page reader must all say what
 * parse5's tree says.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { readPage } from '../../src/audit/read-page.js';
import { injectRobots, normalizeOptions } from '../../src/index.js';
import { rewritePageBody } from '../../src/resolve/body-rules.js';
import { tempSite } from '../audit/temp-site.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const HTML = 'http://www.w3.org/1999/xhtml';

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}
/** The HTML elements named `name` outside template contents (which are inert), in document order. */
function htmlElements(html: string, name: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Node): void => {
    if (isElement(node) && node.tagName === name && node.namespaceURI === HTML) found.push(node);
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  return found;
}
/** Where parse5 puts each `<meta name=robots>`: `head` or `body` (or elsewhere), in source order. */
function robotsMetaPlaces(html: string, scriptingEnabled = true): string[] {
  const places: string[] = [];
  const visit = (node: Node, place: string): void => {
    if (isElement(node)) {
      if (node.tagName === 'meta' && node.attrs.some((a) => a.name === 'name' && a.value.toLowerCase() === 'robots'))
        places.push(place);
      if (node.tagName === 'head' || node.tagName === 'body') place = node.tagName;
    }
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child, place);
  };
  visit(parse(html, { scriptingEnabled }), 'document');
  return places;
}
/**
 * The page parse5 says the body pass must write: ` rel="…"` before the `>` of every HTML `<a>`
 * (written `<a href="…">`, without rel) whose href `edit` accepts, nothing else changed.
 */
function expectedLinks(html: string, rel: string, edit: (href: string) => boolean): string {
  let out = html;
  const links = htmlElements(html, 'a').filter((a) => edit(a.attrs.find((x) => x.name === 'href')?.value ?? ''));
  for (const link of links.reverse()) {
    const end = link.sourceCodeLocation!.startTag!.endOffset - 1;
    out = `${out.slice(0, end)} rel="${rel}"${out.slice(end)}`;
  }
  return out;
}

const SITE = 'https://example.com';
const rewrite = (html: string, options: Record<string, unknown>) =>
  rewritePageBody(html, { url: '/post/', source: 'src/post.md' }, normalizeOptions({ site: SITE, ...options })).html;
const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('issue 34: the body pass reads scripts as browsers do', () => {
  it('legacy `<script><!--` (double-escaped script data): the link rules leave the script alone', () => {
    const script = [
      '<script><!--',
      `document.write('<script src="/ads.js"></script>');`,
      'document.write("<a href=https://shop.example/dp/B0>Buy</a>");',
      '//--></script>',
    ].join('\n');
    const html = page(`${script}<p><a href="https://shop.example/dp/B1">Buy</a></p>`);
    const options = { links: [{ rel: 'sponsored', hosts: ['shop.example'] }] };
    // parse5: the script holds both document.write calls; the only link is the one after it.
    expect(htmlElements(html, 'a')).toHaveLength(1);
    expect(rewrite(html, options)).toBe(expectedLinks(html, 'sponsored', (href) => href.includes('shop.example')));
    expect(rewrite(html, options)).toContain(script);
  });
});

describe('issue 34: the body pass follows foreign content as the tree builder does', () => {
  const nofollow = { links: [{ rel: 'nofollow', external: true }] };
  const external = (href: string) => href.startsWith('https://');

  it('a self-closing `<svg/>` is complete: the sections and links after it are edited', () => {
    const html = page(
      '<header><svg class="icon"/><nav><a href="https://a.org/">a</a></nav></header>' +
        '<section class="x"><a href="https://b.org/">b</a></section><math/><main><a href="https://c.org/">c</a></main>',
    );
    expect(htmlElements(html, 'a')).toHaveLength(3);
    expect(rewrite(html, nofollow)).toBe(expectedLinks(html, 'nofollow', external));
    const nosnippet = rewrite(html, { nosnippet: ['section'] });
    expect(nosnippet).toBe(html.replace('<section class="x">', '<section class="x" data-nosnippet>'));
    expect(htmlElements(html, 'section')).toHaveLength(1);
  });

  it.each([
    ['<foreignObject>', '<svg><foreignObject><p><a href="https://a.org/">a</a></p></foreignObject></svg>'],
    ['<svg><title>', '<svg><title><a href="https://a.org/">a</a></title><a href="https://svg.org/">s</a></svg>'],
    ['<svg><desc>', '<svg><desc><a href="https://a.org/">a</a></desc></svg>'],
    [
      '<math><mtext>',
      '<math><mtext><a href="https://a.org/">a</a></mtext><mi><a href="https://b.org/">b</a></mi></math>',
    ],
    [
      '<annotation-xml encoding="text/html">',
      '<math><annotation-xml encoding="text/html"><a href="https://a.org/">a</a></annotation-xml></math>',
    ],
  ])('links in the HTML integration point %s are edited; SVG links are not', (_, body) => {
    const html = page(`${body}<p><a href="https://z.org/">z</a></p>`);
    expect(htmlElements(html, 'a').length).toBeGreaterThan(1);
    expect(rewrite(html, nofollow)).toBe(expectedLinks(html, 'nofollow', external));
  });

  it('a `<section>` in an integration point gets data-nosnippet; an SVG element named section does not', () => {
    const html = page(
      '<svg><foreignObject><section>x</section></foreignObject><section>svg</section></svg><section>y</section>',
    );
    const sections = htmlElements(html, 'section').map((s) => s.sourceCodeLocation!.startTag!.endOffset - 1);
    let expected = html;
    for (const end of sections.reverse()) expected = `${expected.slice(0, end)} data-nosnippet${expected.slice(end)}`;
    expect(rewrite(html, { nosnippet: ['section'] })).toBe(expected);
  });
});

describe('issue 34: `<select>` contents as parse5 reads them (start tags other than option, optgroup, hr, script, template dropped)', () => {
  const nofollow = { links: [{ rel: 'nofollow', external: true }] };
  const external = (href: string) => href.startsWith('https://');
  /** The hrefs of the links parse5 has (outside templates), in order. */
  const parse5Links = (html: string) =>
    htmlElements(html, 'a').map((a) => a.attrs.find((x) => x.name === 'href')!.value);

  it.each([
    ['`<select><a href=…>`: the link is dropped', '<select><a href="https://a.org/">a</a><option>o</option></select>'],
    [
      '`<select><option><a href=…>`: dropped inside an option too',
      '<select><option><a href="https://a.org/">a</a></select>',
    ],
    ['`<select><style>`: dropped, so no raw text swallows the page', '<select><style></select>'],
    [
      '`</div>` in a select is ignored: the link before `</select>` is dropped',
      '<div><select></div><a href="https://a.org/">a</a></select></div>',
    ],
    [
      '`<select><textarea>` closes the select: its text is no link',
      '<select><textarea><a href="https://a.org/">a</a></textarea>',
    ],
    ['`<select><select>` closes the select', '<select><select><a href="https://s.org/">s</a>'],
  ])('%s: the body pass edits, and the audit counts, the links parse5 has', (_, body) => {
    const html = page(`${body}<p><a href="https://z.org/">z</a></p>`);
    expect(rewrite(html, nofollow)).toBe(expectedLinks(html, 'nofollow', external));
    expect((readPage(html).links ?? []).map((link) => link.href)).toEqual(parse5Links(html));
  });

  it('a `<div>` in a select is dropped: no data-nosnippet on it, nor in the audit', () => {
    const html = page('<select><option><div data-nosnippet class="x">d</div></select><div class="x">e</div>');
    expect(htmlElements(html, 'div')).toHaveLength(1);
    const edited = rewrite(html, { nosnippet: ['.x'] });
    expect(edited).toBe(html.replace('<div class="x">e', '<div class="x" data-nosnippet>e'));
    expect(readPage(html).nosnippetTags ?? []).toEqual([]);
  });
});

describe('issue 34: the audit reads the head where parse5 and the transform do', () => {
  const cases = [
    [
      'stray text in the head moves a later robots meta into the body',
      '<!DOCTYPE html><html><head><title>t</title>stray<meta name="robots" content="noindex"></head><body><p>x</p></body></html>',
    ],
    [
      '`<bgsound>` before the meta keeps it in the head',
      '<!DOCTYPE html><html><head><bgsound src="a.wav"><meta name="robots" content="noindex"></head><body><p>x</p></body></html>',
    ],
    [
      'a meta after `</head>` is put back into the head',
      '<!DOCTYPE html><html><head><title>t</title></head>\n<meta name="robots" content="noindex"><body><p>x</p></body></html>',
    ],
    [
      'a meta inside a head `<template>` is inert',
      '<!DOCTYPE html><html><head><template><meta name="robots" content="noindex"></template></head><body></body></html>',
    ],
  ] as const;

  it.each(cases)('%s: readPage says where parse5 puts it', (_, html) => {
    const expected = robotsMetaPlaces(html);
    const found = readPage(html).robotsTags.map((tag) => (tag.inHead ? 'head' : 'body'));
    expect(found).toEqual(expected.filter((place) => place === 'head' || place === 'body'));
  });

  it.each(cases)('%s: injectRobots reports the head robots metas parse5 has', (_, html) => {
    let existing: unknown[] = [];
    injectRobots(html, (tags) => {
      existing = tags;
      return {};
    });
    expect(existing.length).toBe(robotsMetaPlaces(html).filter((place) => place === 'head').length);
  });

  it('a meta in a head `<noscript>`: read as crawlers without scripting read it (parse5 without scripting), by both', () => {
    const html =
      '<!DOCTYPE html><html><head><noscript><meta name="robots" content="noindex"></noscript></head><body></body></html>';
    expect(robotsMetaPlaces(html, false)).toEqual(['head']);
    expect(readPage(html).robotsTags.map((tag) => tag.inHead)).toEqual([true]);
    let existing: unknown[] = [];
    injectRobots(html, (tags) => {
      existing = tags;
      return {};
    });
    expect(existing).toHaveLength(1);
  });

  const sites: Array<() => void> = [];
  afterAll(() => {
    for (const cleanup of sites) cleanup();
  });
  it.each([
    ['stray text in the head: robots-tag-in-body reported', cases[0][1], true],
    ['`<bgsound>` before the meta: no robots-tag-in-body', cases[1][1], false],
  ])('%s', async (_, html, inBody) => {
    const site = tempSite({ 'index.html': html });
    sites.push(site.cleanup);
    const report = await auditSite(site.root, { now: new Date('2026-06-01T00:00:00Z') });
    expect(report.findings.some((finding) => finding.id === 'robots-tag-in-body')).toBe(inBody);
  });
});

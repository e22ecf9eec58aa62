/**
 * The audit's page reader against parse5 (issue 34): the facts it reads (robots metas and whether
 * each is in the head, the head's canonical, base, hreflang alternates and refresh, links,
 * `data-nosnippet` elements) are what parse5's tree of the page holds, on generated hostile pages
 * cut anywhere, on realistic pages, and on every html5lib tree-construction document with robots
 * tags spliced in; and reading the bytes finds what reading the decoded text finds.
 */
import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
  lineNumbersAt,
  MAX_ALTERNATES,
  MAX_CANONICALS,
  MAX_LINKS_READ,
  type PageFacts,
} from '../../src/audit/page-facts.js';
import { decodeUtf8 } from '../../src/audit/read-files.js';
import { readPage, readPageBytes } from '../../src/audit/read-page.js';
import { isRobotsMetaName } from '../../src/directives/vocabulary.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { html5libDocuments } from '../helpers/vendored-data.js';
import { expectedExisting } from '../html/parse5-oracle.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const HTML = 'http://www.w3.org/1999/xhtml';
const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((candidate) => candidate.name === name && candidate.namespace === undefined)?.value;
const relHas = (rel: string | undefined, token: string): boolean =>
  rel !== undefined &&
  rel
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .includes(token);

/**
 * The facts parse5's tree holds. Head robots metas as the head transform counts them (parse5 with
 * scripting, and the metas of a head `<noscript>` for crawlers without scripting); every other
 * fact from the tree with scripting: elements of the head (not template contents), HTML elements
 * of the body. An element the tree builder clones (reconstructed formatting elements) is counted
 * once, by where its tag is.
 */
function parse5Facts(html: string, extraNames: ReadonlySet<string>): PageFacts {
  const shift = html.startsWith('\uFEFF') ? 1 : 0;
  const document = parse(html.slice(shift), { sourceCodeLocationInfo: true });
  const facts: PageFacts = { robotsTags: [] };
  const found: Array<{ start: number; tag: PageFacts['robotsTags'][number] }> = [];
  for (const meta of expectedExisting(html, extraNames))
    found.push({
      start: meta.start,
      tag: {
        name: meta.tag.name.trim().toLowerCase(),
        rawName: meta.tag.name,
        content: meta.tag.content,
        line: 0,
        inHead: true,
      },
    });
  const root = document.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'html')!;
  const head = root.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'head')!;
  for (const child of head.childNodes) {
    if (!isElement(child)) continue;
    const href = attribute(child, 'href');
    if (child.tagName === 'meta') {
      const name = attribute(child, 'name');
      const content = attribute(child, 'content');
      const robots = name !== undefined && content !== undefined && isRobotsMetaName(name, extraNames);
      if (!robots && facts.refresh === undefined && content !== undefined) {
        if (attribute(child, 'http-equiv')?.trim().toLowerCase() === 'refresh') facts.refresh = content;
      }
    } else if (child.tagName === 'base' && href !== undefined) facts.baseHref ??= href.trim();
    else if (child.tagName === 'link' && href !== undefined) {
      const rel = attribute(child, 'rel');
      const hreflang = attribute(child, 'hreflang');
      if (facts.canonical === undefined && relHas(rel, 'canonical')) facts.canonical = href.trim();
      else if (hreflang !== undefined && relHas(rel, 'alternate')) {
        const alternates = (facts.alternates ??= []);
        if (alternates.length < MAX_ALTERNATES) alternates.push({ hreflang: hreflang.trim(), href: href.trim() });
      } else if (relHas(rel, 'canonical')) {
        const value = href.trim();
        const others = facts.otherCanonicals ?? [];
        if (value !== facts.canonical && others.length < MAX_CANONICALS && !others.includes(value))
          facts.otherCanonicals = [...others, value];
      }
    }
  }
  const seen = new Set<number>();
  const visit = (node: Node, inBody: boolean): void => {
    if (isElement(node) && node.namespaceURI === HTML && node.sourceCodeLocation?.startTag) {
      const start = node.sourceCodeLocation.startOffset + shift;
      if (inBody && !seen.has(start)) {
        seen.add(start);
        if (node.attrs.some((attr) => attr.name === 'data-nosnippet')) (facts.nosnippetTags ??= []).push(node.tagName);
        const name = attribute(node, 'name');
        const content = attribute(node, 'content');
        if (
          node.tagName === 'meta' &&
          name !== undefined &&
          content !== undefined &&
          isRobotsMetaName(name, extraNames)
        )
          found.push({
            start,
            tag: { name: name.trim().toLowerCase(), rawName: name, content, line: 0, inHead: false },
          });
        const href = attribute(node, 'href');
        if (node.tagName === 'a' && href !== undefined) {
          const links = (facts.links ??= []);
          if (links.length < MAX_LINKS_READ) links.push({ href: href.trim(), rel: attribute(node, 'rel') ?? '' });
        }
      }
    }
    // Template contents are not the page's markup: parse5 keeps them apart, under `content`.
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child, inBody || node === root);
  };
  for (const child of root.childNodes) if (child !== head) visit(child, true);
  found.sort((a, b) => a.start - b.start);
  const lines = lineNumbersAt(
    html,
    found.map((meta) => meta.start),
  );
  facts.robotsTags = found.map((meta, index) => ({ ...meta.tag, line: lines[index]! }));
  return facts;
}

const EXTRA = new Set(['mybot']);
const same = (html: string): void => {
  expect(readPage(html, EXTRA), JSON.stringify(html)).toEqual(parse5Facts(html, EXTRA));
};
/** The bytes read as Latin-1 with only the kept values decoded, against decoding them whole and reading the text. */
const sameBytes = (bytes: Uint8Array): void => {
  const decoded = decodeUtf8(bytes);
  const expected = decoded.text === undefined ? { skipped: decoded.skipped } : { facts: readPage(decoded.text, EXTRA) };
  expect(readPageBytes(bytes, EXTRA), JSON.stringify(Buffer.from(bytes).toString('latin1'))).toEqual(expected);
};

/** Elements the reader collects, written every way the tokenizer reads differently. */
const collected = [
  '<meta name="robots" content="noindex">',
  '<META NAME=ROBOTS CONTENT=nofollow>',
  "<meta name='googlebot' content='nosnippet'/>",
  '<meta content="noarchive" name="robots">',
  '<meta name="robots" content="max-snippet:5&#44; noarchive">',
  '<meta name="robots" content="a&amp;b&amp">',
  '<meta name="robots" content=&quot;x&gt>',
  '<meta name="rob&#111;ts" content="noindex">',
  '<meta name=robots content="none" name=googlebot content=x>',
  '<meta name="mybot" content="noindex">',
  '<meta\nname="robots"\ncontent="noindex"\n>',
  '<meta name="robots" content="noindex"',
  '<meta name="robots" content>',
  '<meta/name="robots"/content="noindex">',
  '<meta name="robots" content="noindex" &amp;>',
  '<meta name="robots" content="x&notit;y&notin;z&#x2c&#0;&#xD800;">',
  '<meta name=robots content=a&ampb>',
  '<metal name="robots" content="noindex">',
  '<meta http-equiv="refresh" content="0;url=/moved/">',
  '<META HTTP-EQUIV=" Refresh " CONTENT="2; URL=\'/a&amp;b\'">',
  '<meta http-equiv="refresh&#32;" content="0;url=/x/">',
  '<meta name="description" http-equiv="refresh" content="0;/y/">',
  '<meta name="rob&#111;ts" http-equiv="refresh" content="noindex">',
  '<meta name="x&amp;" http-equiv="refresh" content="0;/z/">',
  '<meta http-equiv="refresh">',
  '<meta http-equiv="content-type" content="text/html">',
  '<link rel="canonical" href="/a/?x=1&amp;y=2">',
  '<link rel="Alternate\tCANONICAL" href=" /b/ ">',
  '<link rel=canonical href=/c/&lt;>',
  '<link rel="alternate" hreflang="de" href="/de/?a=1&amp;b=2">',
  '<LINK REL="ALTERNATE" HREFLANG=" x-default " href=/>',
  '<link hreflang="fr" rel="alternate stylesheet" href="/fr/">',
  '<a href="/x/?a=1&amp;b=2" rel="nofollow ugc">x</a>',
  '<A HREF=" /y/ ">y</A>',
  '<a rel=nofollow>no href</a>',
  '<div data-nosnippet>z</div>',
  '<p DATA-NOSNIPPET data-nosnippet>w</p>',
  '<span data-nosnippet="" class=x>v</span>',
  '<base href="/base/&lt;x">',
  '<base href>',
  '<base href="/b2/" href="/b3/">',
];
/** Everything that changes the tokenizer's state or the head/body boundary. */
const structure = [
  '<!-- <meta name="robots" content="noindex"> -->',
  '<!-->',
  '<!--->',
  '<!-- a --!>',
  '<!--',
  '-->',
  '--!>',
  '<![CDATA[<meta name="robots" content="noindex">]]>',
  '<![CDATA[',
  ']]>',
  '<?xml <meta name="robots" content="x"> ?>',
  '<!doctype html>',
  '<!DOCTYPE',
  '<!x>',
  '<!>',
  '<script>',
  '</script>',
  '<script>"<meta name=robots content=noindex>"</script>',
  '</script ',
  '</scrip',
  '<style>',
  '</style>',
  '<title>',
  '</title>',
  '<title>&amp;<meta name="robots" content="noindex"></title>',
  '<textarea>',
  '</textarea>',
  '<xmp>',
  '</xmp>',
  '<plaintext>',
  '<iframe>',
  '</iframe>',
  '<noembed>',
  '</noembed>',
  '<noframes>',
  '</noframes>',
  '<noscript>',
  '</noscript>',
  '<template>',
  '</template>',
  '<head>',
  '</head>',
  '<HEAD >',
  '</head\n>',
  '</HEAD x="<meta name=robots content=x>">',
  '<body>',
  '<BODY class=x>',
  '</body>',
  '<html>',
  '<p>',
  '<div title="<meta name=robots content=noindex>">',
  "<a title='>'>",
  '<a href=x>',
  '</ p>',
  '</>',
  '< meta',
  '<',
  '&',
  '&amp;',
  '&notit;',
  '&#x3c;meta',
  'text',
  '\n',
  ' ',
  '"',
  "'",
  '>',
  '=',
  '/',
  '<svg><meta name="robots" content="noindex"></svg>',
  '<<meta name="robots" content="noindex">',
  '<sc',
  '<m',
  '<me',
  '<met',
  '<meta',
  '<Meta',
  '<mEtA name=robots content=noindex>',
  // The tokenizer's quirks: U+001C and U+000F stand in for `<` and `/` in raw text, `=` can start a name, spaces around `=` and `/`.
  '\u001c/script>',
  '\u001c\u000fstyle>',
  '<title>\u001c/title>',
  '<title>a\u001c/title>',
  '<textarea>a<\u001c/textarea>',
  '</SCRIPT\t>',
  '<script/>',
  '<plaintext/>',
  '<!doctypex>',
  '<!DOCTYPE>',
  '<!doc>',
  '<![CDATA[x]]]>',
  '<![CDATA>',
  '<!---->',
  '<!-- --!-->',
  '<!-- --!x -->',
  '<!-- ---->',
  '<a =x>',
  '<meta name = "robots" content = noindex >',
  '<meta name="robots" / content="noindex">',
  '<meta name="robots" content="noindex" / >',
  '<meta name="robots"content="noindex">',
  '<meta\fname=robots\rcontent=x>',
  '</head x>',
  '</head/>',
  '</ head>',
  '</\u212Aead>',
  '<meta \u212Aname="robots" content="x">',
  '<met\u212A>',
  // Characters of two, three and four bytes, next to what is looked for in the bytes.
  'é',
  '—',
  '😀',
  '<meta name="robots" content="noindex, é—😀">',
  '<title>é</title>',
  // Beyond ASCII where the bytes are read as Latin-1: names (the Kelvin sign lower-cases to `k`), values kept, values decoded.
  '<lin\u212A rel="canonical" href="/kelvin/">',
  '<LIN\u212A rel=alternate hreflang=é href=/é/>',
  '<méta name="robots" content="noindex">',
  '<a href="/café/—/" rel="nofollow é">',
  '<a href="/é&amp;—/">',
  '<a href=" /x/ ">',
  '<a href="\t/y/\u000b">',
  '<a href="/z/\u00a0">',
  '<a href="">',
  '<a href="/p/1/" href="/q/">',
  '<a rel=x href=/r/>',
  '<dÉv data-nosnippet>',
  '<sp\u212Aan data-nosnippet>',
  '<meta name="robots" content="é&#44;—">',
  '<a href=/😀/ rel=NOFOLLOW>',
];
const page = fc
  .record({
    pieces: fc.array(fc.oneof(fc.constantFrom(...collected), fc.constantFrom(...structure)), { maxLength: 30 }),
    cut: fc.option(fc.nat()),
  })
  .map(({ pieces, cut }) => {
    const whole = pieces.join('');
    return cut === null ? whole : whole.slice(0, cut % (whole.length + 1));
  });

/** A page like a real site's: a head of metas, links, a script and a style, a long body, optionally microdata metas in it. */
function realisticPage(index: number, bodyMetas: boolean): string {
  const head = [
    '<meta charset="utf-8">',
    `<title>Post ${index} &amp; friends</title>`,
    index % 3 === 0
      ? '<meta name="robots" content="index, follow">'
      : '<meta name="googlebot" content="max-snippet:50&#44; noarchive">',
    `<link rel="canonical" href="https://example.com/posts/${index}/?a=1&amp;b=2">`,
    '<!-- </head> in a comment -->',
    `<script>window.x = "</head><body><meta name=robots content=noindex>";</script>`,
    '<style>.a{margin:0}</style>',
  ].join('\n');
  const blocks = Array.from({ length: 40 }, (_, i) =>
    i % 7 === 3 && bodyMetas
      ? `<div itemscope><meta itemprop="position" content="${i}"></div>`
      : `<p>Paragraph ${i} &copy; <a href="/p/${i}/" title="a > b">more</a></p>`,
  );
  if (bodyMetas && index % 2 === 0) blocks.push('<meta name="robots" content="noindex">');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n${head}\n</head>\n<body>\n${blocks.join('\n')}\n</body>\n</html>\n`;
}

describe('the audit reads a page as parse5 does', () => {
  it('on generated hostile pages, cut anywhere', () => {
    fc.assert(
      fc.property(page, (html) => same(html)),
      fuzzRuns(4000),
    );
  });

  it('from the bytes, read as Latin-1 (a byte order mark, characters of every width, bytes that are not UTF-8)', () => {
    const bytes = fc
      .record({
        html: page,
        bom: fc.boolean(),
        bad: fc.option(fc.tuple(fc.nat(), fc.constantFrom(0xff, 0x80, 0xc3, 0xed))),
      })
      .map(({ html, bom, bad }) => {
        const encoded = Buffer.from((bom ? '\uFEFF' : '') + html, 'utf8');
        if (bad && encoded.length > 0) encoded[bad[0] % encoded.length] = bad[1];
        return encoded;
      });
    fc.assert(
      fc.property(bytes, (encoded) => sameBytes(encoded)),
      fuzzRuns(4000),
    );
    const realistic = Buffer.from(realisticPage(4, true), 'utf8');
    sameBytes(realistic);
    expect(readPageBytes(realistic, EXTRA).facts!.robotsTags.at(-1)).toMatchObject({ inHead: false });
    // Names and values beyond ASCII are read from the text, not from their Latin-1 view; names
    // are ASCII-lowercased only (the Kelvin sign is no `k`: `<lin\u212A>` is no link).
    const kelvinPage =
      '<head><link rel=canonical href="/é/"><lin\u212A rel=alternate hreflang=de href="/de/"></head><sp\u212Aan data-nosnippet><a href="/—/" rel="é nofollow">';
    const kelvin = readPageBytes(Buffer.from(kelvinPage, 'utf8'), EXTRA).facts!;
    expect(kelvin).toEqual(parse5Facts(kelvinPage, EXTRA));
    expect(kelvin).toMatchObject({
      canonical: '/é/',
      links: [{ href: '/—/', rel: 'é nofollow' }],
      nosnippetTags: ['sp\u212Aan'],
    });
  });

  it('on realistic pages, with and without metas in the body', () => {
    for (let index = 0; index < 40; index++) {
      for (const bodyMetas of [false, true]) {
        const html = realisticPage(index, bodyMetas);
        same(html);
        sameBytes(Buffer.from(html, 'utf8'));
        // Facts are found at all, so the comparison is not between two empty results.
        expect(readPage(html).robotsTags.length).toBeGreaterThan(0);
      }
    }
    expect(readPage(realisticPage(0, true)).robotsTags.at(-1)).toMatchObject({ content: 'noindex', inHead: false });
  });

  it('on every html5lib tree-construction document, bare and with robots tags and a link spliced in', () => {
    let documents = 0;
    for (const { html } of html5libDocuments()) {
      // Not modelled, and left out: `<select>` contents (parse5 drops them, as browsers did before
      // customizable select; Chromium 135 on keeps them, as the reader does) and a `<frameset>`
      // that replaces a body (browsers drop the body's content; the reader reads it).
      if (/<(?:select|frameset)/i.test(html)) continue;
      const meta = '<meta name="robots" content="noindex&amp;x"><a href="/x/?a&amp;b">';
      for (const at of [0, Math.floor(html.length / 3), Math.floor((2 * html.length) / 3), html.length])
        same(html.slice(0, at) + meta + html.slice(at));
      same(html);
      // And from its bytes, read as Latin-1.
      sameBytes(Buffer.from(html, 'utf8'));
      documents++;
    }
    expect(documents).toBeGreaterThan(1000);
  });
});

import fc from 'fast-check';
import type { Element } from 'hast';
import { rehype } from 'rehype';
import { describe, expect, it } from 'vitest';
import { isRobotsMetaName } from '../../src/directives/vocabulary.js';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import { injectRobots } from '../../src/index.js';
import { fuzzRuns } from '../fuzz-runs.js';

/** A piece of a generated document; robots tags know their name and decoded content. */
interface Piece {
  text: string;
  robots?: ExistingRobotsTag;
  /** Markup around the piece: a robots tag inside a head `<noscript>` (crawlers without scripting read it). */
  wrap?: [string, string];
}

const RUNS = fuzzRuns(300, 20_251_121);

const whitespace = fc.constantFrom('', '\n', '\r\n', '\n  ', '\r\n\t', ' ', '\n\n    ');
const robotsName = fc.constantFrom('robots', 'ROBOTS', 'Robots', 'googlebot', 'GoogleBot', 'bingbot', 'ExampleBot');
const robotsContent = fc.constantFrom(
  { raw: 'noindex', decoded: 'noindex' },
  { raw: 'nofollow, noarchive', decoded: 'nofollow, noarchive' },
  { raw: 'max-snippet:50', decoded: 'max-snippet:50' },
  { raw: '', decoded: '' },
  { raw: 'noindex&comma; nofollow', decoded: 'noindex, nofollow' },
  { raw: 'NONE', decoded: 'NONE' },
);

function attribute(name: string, value: string, style: number): string {
  if (style === 0 || (style === 2 && !/^[\w:,&;-]+$/.test(value))) return `${name}="${value}"`;
  if (style === 1) return `${name}='${value}'`;
  return `${name}=${value}`;
}

const robotsMeta: fc.Arbitrary<Piece> = fc
  .record({
    name: robotsName,
    content: robotsContent,
    nameStyle: fc.integer({ min: 0, max: 2 }),
    contentStyle: fc.integer({ min: 0, max: 2 }),
    contentFirst: fc.boolean(),
    upperCase: fc.boolean(),
    extra: fc.constantFrom('', ' data-x="</head>"', ' id=robots-tag', ' class=""'),
    close: fc.constantFrom('>', ' />', '/>'),
  })
  .map((meta) => {
    const name = attribute(meta.upperCase ? 'NAME' : 'name', meta.name, meta.nameStyle);
    const content = attribute(meta.upperCase ? 'CONTENT' : 'content', meta.content.raw, meta.contentStyle);
    const attributes = meta.contentFirst ? `${content} ${name}` : `${name} ${content}`;
    // An unquoted value would swallow a `/` written right after it.
    const close = meta.contentStyle === 2 || (meta.contentFirst && meta.nameStyle === 2) ? ' >' : meta.close;
    return {
      text: `<${meta.upperCase ? 'META' : 'meta'} ${attributes}${meta.extra}${close}`,
      robots: { name: meta.name, content: meta.content.decoded },
    };
  });

const otherHeadElement: fc.Arbitrary<Piece> = fc
  .constantFrom(
    '<meta charset="utf-8">',
    '<META CHARSET=UTF-8>',
    '<meta name="viewport" content="width=device-width">',
    '<title>Hello</title>',
    '<TITLE>About </head> &amp; <body> tags</TITLE>',
    '<title><meta name="robots" content="x"></title>',
    '<!-- </head> -->',
    '<!-- <meta name="robots" content="noindex"> --!>',
    '<!----><!-->',
    '<script>var a = "</head>"; if (a < b) {}</script>',
    '<script><!-- document.write("<script>x()</script>") --></script>',
    '<SCRIPT type=module>document.write("<body>")</SCRIPT>',
    '<style>/* </head> */ p { color: red }</style>',
    "<link rel=stylesheet href='/a.css' data-x='</head>'>",
    '<meta name="description" content="a &amp; b">',
    '<meta property="og:title" content="</head><body>">',
    '<template><meta name="robots" content="none"></head><p>x</p></template>',
    '<base href="/">',
  )
  .map((text) => ({ text }));

const bodyPiece: fc.Arbitrary<Piece> = fc
  .constantFrom(
    '<p>Tom &amp; Jerry&nbsp;&#169;</p>',
    '<pre>\n  keep   these\r\n   spaces </pre>',
    '<meta name="robots" content="nofollow">',
    '<!-- </body> <head> -->',
    '<script>var x = "</head>";</script>',
    '<DIV CLASS=x data-a="1">text</DIV>',
    'plain text &lt; &gt;',
    '<svg><style>a{}</style></svg>',
  )
  .map((text) => ({ text }));

const document = fc.record({
  bom: fc.boolean(),
  doctype: fc.constantFrom(
    '',
    '<!DOCTYPE html>',
    '<!doctype HTML>',
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">',
  ),
  htmlTag: fc.constantFrom('', '<html lang="en">', '<HTML>'),
  headTag: fc.constantFrom('', '<head>', '<HEAD data-x="</head>">'),
  head: fc.array(
    fc.tuple(
      whitespace,
      fc.oneof(
        robotsMeta,
        otherHeadElement,
        robotsMeta.map((meta): Piece => ({ ...meta, wrap: ['<noscript>', '</noscript>'] })),
      ),
    ),
    { maxLength: 10 },
  ),
  headEnd: fc.constantFrom('', '</head>', '</HEAD >'),
  afterHead: fc.array(fc.tuple(whitespace, robotsMeta), { maxLength: 2 }),
  bodyTag: fc.constantFrom('', '<body>', '<BODY class="x">'),
  body: fc.array(fc.tuple(whitespace, bodyPiece), { maxLength: 6 }),
  end: fc.constantFrom('', '\n</body>\n</html>\n', '\r\n</BODY></HTML>'),
});

type GeneratedDocument = typeof document extends fc.Arbitrary<infer T> ? T : never;

function pieces(generated: GeneratedDocument): Piece[] {
  const result: Piece[] = [];
  const add = (text: string, robots?: ExistingRobotsTag) => result.push(robots ? { text, robots } : { text });
  if (generated.bom) add('\uFEFF');
  add(generated.doctype);
  add('\n');
  add(generated.htmlTag);
  add('\n');
  add(generated.headTag);
  for (const [space, piece] of generated.head) {
    add(space);
    if (piece.wrap) add(piece.wrap[0]);
    add(piece.text, piece.robots);
    if (piece.wrap) add(piece.wrap[1]);
  }
  add('\n');
  add(generated.headEnd);
  if (generated.headEnd !== '') {
    for (const [space, piece] of generated.afterHead) {
      add(space);
      add(piece.text, piece.robots);
    }
  }
  add('\n');
  // Without `<body>`, content opens the body: start it with a paragraph.
  add(generated.bodyTag === '' ? '<p>start</p>' : generated.bodyTag);
  for (const [space, piece] of generated.body) add(space + piece.text);
  add(generated.end);
  return result;
}

/** The input with the given robots tags cut out, each with the whitespace before it. */
function cutRobotsTags(parts: readonly Piece[], isCut: (piece: Piece) => boolean): string {
  let text = '';
  for (const piece of parts) {
    if (isCut(piece)) text = text.replace(/[\t\n\f\r ]+$/, '');
    else text += piece.text;
  }
  return text;
}

function countOf(text: string, search: RegExp): number {
  return text.match(search)?.length ?? 0;
}

const tagSets = fc
  .subarray(['robots', 'googlebot', 'bingbot', 'examplebot'])
  .map((names) => Object.fromEntries(names.map((name) => [name, `x-marker ${name}`])));

describe('injectRobots properties', () => {
  it('changes only the robots tags, passes every head robots tag to resolve, and is idempotent', () => {
    fc.assert(
      fc.property(document, tagSets, (generated, tags) => {
        const parts = pieces(generated);
        const input = parts.map((piece) => piece.text).join('');
        const resolvedNames = new Set(Object.keys(tags));
        const isRemoved = (piece: Piece) =>
          piece.robots !== undefined && isRobotsMetaName(piece.robots.name, resolvedNames);
        const calls: ExistingRobotsTag[][] = [];
        const result = injectRobots(input, (existing) => {
          calls.push(existing);
          return tags;
        });
        const codes = result.diagnostics.map((diagnostic) => diagnostic.code);
        expect(codes).not.toContain('internal-error');

        if (codes.includes('fragment') || codes.includes('not-html')) {
          expect(result.html).toBe(input);
          expect(calls).toEqual([]);
          return;
        }
        const expectedExisting = parts.flatMap((piece) =>
          piece.robots && isRobotsMetaName(piece.robots.name) ? [piece.robots] : [],
        );
        expect(calls).toEqual([expectedExisting]);

        let output = result.html;
        // A tag that replaces one keeps its other attributes, in their order.
        const written = (name = '[a-z]+', content = 'x-marker [a-z]+') =>
          `<meta (?:name="${name}" content="${content}"|content="${content}" name="${name}")(?: data-x="</head>"| id=robots-tag| class="")*\\s?/?>`;
        if (codes.includes('no-head')) {
          // Written where the parser creates the head (before what implies it), then a line break.
          const created = new RegExp(`<head>(?:[\\t\\n\\f\\r ]*${written()})+[\\t\\n\\f\\r ]*</head>[\\t\\n\\f\\r ]*`);
          expect(output).toMatch(created);
          output = output.replace(created, '');
        }
        // A head without `<head>` whose first element goes (with nothing in its place) gets a
        // `<head>` there when a comment follows, so that the comment stays in the head.
        if (countOf(output, /<head>/g) > countOf(input, /<head>/g)) output = output.replace('<head>', '');
        output = output.replace(new RegExp(`[\\t\\n\\f\\r ]*${written()}`, 'g'), '');
        expect(output).toBe(cutRobotsTags(parts, isRemoved));

        for (const [name, content] of Object.entries(tags)) {
          expect(countOf(result.html, new RegExp(written(name, content), 'g'))).toBe(1);
        }
        const again = injectRobots(result.html, (existing) => {
          expect(existing).toEqual(
            Object.entries(tags)
              .filter(([name]) => isRobotsMetaName(name))
              .map(([name, content]) => expect.objectContaining({ name, content })),
          );
          return tags;
        });
        expect(again.html).toBe(result.html);
        expect(again.changed).toBe(false);
      }),
      RUNS,
    );
  });

  const htmlish = fc.constantFrom(
    '<',
    '>',
    '</',
    '<!--',
    '-->',
    '--!>',
    '<!-->',
    '<head>',
    '</head>',
    '<HEAD>',
    '<body>',
    '<html>',
    '<!doctype html>',
    '<meta name=robots content=x>',
    '<meta content="y" name="googlebot"/>',
    '<script>',
    '</script>',
    '<script><!--<script>',
    '<title>',
    '</title>',
    '<template>',
    '</template>',
    '<noscript>',
    '<?xml version="1.0"?>',
    '<![CDATA[',
    '&',
    '&#32;',
    '"',
    "'",
    '=',
    '\r',
    '\n',
    '\0',
    '\uD800',
    '\uDFFF',
    '\uFEFF',
  );
  const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
  const chaos = fc.oneof(
    fc
      .array(fc.oneof(htmlish, fc.string({ unit: anyCodeUnit, maxLength: 4 })), { maxLength: 40 })
      .map((parts) => parts.join('')),
    fc.string({ unit: anyCodeUnit, maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );

  it('never throws, whatever the input, and stays idempotent', () => {
    fc.assert(
      fc.property(chaos, tagSets, (input, tags) => {
        const result = injectRobots(input, () => tags);
        expect(result.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('internal-error');
        if (!result.changed) expect(result.html).toBe(input);
        expect(injectRobots(result.html, () => tags).html).toBe(result.html);
      }),
      fuzzRuns(1000, 20_251_121),
    );
  });

  /** The robots tags a browser's parser (parse5, through rehype) puts in the head. */
  function robotsTagsInParsedHead(html: string): ExistingRobotsTag[] {
    // A byte order mark is gone once bytes are decoded; parse5 reads strings, so drop it here.
    const tree = rehype().parse(html.replace(/^\uFEFF/, ''));
    const root = tree.children.find((node): node is Element => node.type === 'element' && node.tagName === 'html');
    const head = root?.children.find((node): node is Element => node.type === 'element' && node.tagName === 'head');
    return (head?.children ?? []).flatMap((node) => {
      if (node.type !== 'element' || node.tagName !== 'meta' || typeof node.properties.name !== 'string') return [];
      if (!isRobotsMetaName(node.properties.name)) return [];
      return [
        {
          name: node.properties.name,
          content: node.properties.content === undefined ? '' : String(node.properties.content),
        },
      ];
    });
  }

  it('finds exactly the robots tags that a browser parser puts in the head', () => {
    // rehype parses with scripting disabled, which changes only `<noscript>`: leave it out.
    const tokens = htmlish.filter((token) => !token.includes('noscript'));
    const markup = fc.oneof(
      tokens,
      tokens,
      fc.constantFrom(
        '<meta name="robots" content="a&amp;b">',
        '<link rel=x>',
        '</div>',
        '<p>',
        '</br>',
        '<frameset>',
        '<textarea>',
        ' ',
        'x',
      ),
      fc.string({ unit: anyCodeUnit, maxLength: 3 }),
    );
    const page = fc
      .tuple(
        fc.constantFrom('', '<!doctype html>', '<html>', '<head>', '<!doctype html><head>'),
        fc.array(markup, { maxLength: 30 }),
      )
      .map(([start, parts]) => start + parts.join(''));
    let compared = 0;
    fc.assert(
      fc.property(page, (input) => {
        let found: ExistingRobotsTag[] | undefined;
        injectRobots(input, (existing) => {
          found = existing;
          return {};
        });
        if (found === undefined) return;
        compared++;
        expect(found).toEqual(robotsTagsInParsedHead(input));
      }),
      fuzzRuns(2000, 20_251_121),
    );
    expect(compared).toBeGreaterThan(1000);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { decodeAttributeValue } from '../../src/html/tag-reader.js';
import {
  findCommentEnd,
  findRawTextEnd,
  findScriptDataEnd,
  firstContentCharacter,
  readMarkup,
  readTag,
  textElementEnd,
} from '../../src/html/tokenizer.js';
import { fastTemplateEnd } from '../../src/html/template-contents.js';
import type { StartTagToken } from '../../src/html/types.js';

function startTag(html: string): StartTagToken {
  const token = readTag(html, 0);
  if (token.type !== 'start-tag') throw new Error(`not a start tag: ${token.type}`);
  return token;
}

describe('readTag', () => {
  it('reads names and attributes in any case and quoting, keeping the first of duplicates', () => {
    const tag = startTag(`<META Name=robots CONTENT='a > b' name="second" data-x="</head>" checked>rest`);
    expect(tag.name).toBe('meta');
    expect(`<META Name=robots CONTENT='a > b' name="second" data-x="</head>" checked>rest`.slice(tag.end)).toBe('rest');
    expect(tag.attributes).toEqual([
      { name: 'name', rawValue: 'robots', quote: '' },
      { name: 'content', rawValue: 'a > b', quote: "'" },
      { name: 'data-x', rawValue: '</head>', quote: '"' },
      { name: 'checked', rawValue: '', quote: '' },
    ]);
    expect(tag.selfClosing).toBe('none');
  });

  it('follows the tokenizer on odd syntax', () => {
    expect(startTag('<meta =x a = "1"b=2 c=>').attributes).toEqual([
      { name: '=x', rawValue: '', quote: '' },
      { name: 'a', rawValue: '1', quote: '"' },
      { name: 'b', rawValue: '2', quote: '' },
      { name: 'c', rawValue: '', quote: '' },
    ]);
    expect(startTag('<meta a/b>').attributes.map((attribute) => attribute.name)).toEqual(['a', 'b']);
    expect(startTag('<meta\na="x"\n/>').selfClosing).toBe('spaced');
    expect(startTag('<meta a="x"/>').selfClosing).toBe('tight');
    expect(startTag('<meta a=x/>').attributes[0]).toEqual({ name: 'a', rawValue: 'x/', quote: '' });
    expect(startTag('<lin\u212Ak>').name).toBe('lin\u212Ak');
  });

  it('reads attributes of <meta> and <font> only, and still finds where any other tag ends', () => {
    const html = `<LINK rel="x>y" href='a>b' crossorigin>rest`;
    const link = startTag(html);
    expect(link.name).toBe('link');
    expect(link.attributes).toEqual([]);
    expect(html.slice(link.end)).toBe('rest');
    expect(startTag('<font Color=red size=2>').attributes.map((attribute) => attribute.name)).toEqual([
      'color',
      'size',
    ]);
  });

  it('keeps the first of duplicate attributes past the linear check, among thousands', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `a${i % 1500}=${i}`);
    const tag = startTag(`<meta ${names.join(' ')} A0=late>`);
    expect(tag.attributes).toHaveLength(1500);
    expect(tag.attributes[0]).toEqual({ name: 'a0', rawValue: '0', quote: '' });
    expect(tag.attributes[1499]).toEqual({ name: 'a1499', rawValue: '1499', quote: '' });
    expect(new Set(tag.attributes.map((attribute) => attribute.name)).size).toBe(1500);
  });

  it('reads end tags with attributes', () => {
    expect(readTag('</HEAD foo=">">x', 0)).toEqual({ type: 'end-tag', start: 0, end: 15, name: 'head' });
  });

  it.each(['<meta', '<meta a', '<meta a=', '<meta a="x', "<meta a='x", '<meta a=x', '<meta /', '</head'])(
    'drops a tag cut off by the end of input: %j',
    (html) => {
      expect(readTag(html, 0)).toEqual({ type: 'end-of-file', start: 0, end: html.length });
    },
  );
});

describe('readMarkup', () => {
  it.each([
    ['<!-- a --> b', 'comment', 10],
    ['<!DOCTYPE html> b', 'doctype', 15],
    ['<?xml version="1.0"?> b', 'comment', 21],
    ['<![CDATA[ x ]]> b', 'comment', 15],
    ['<!x> b', 'comment', 4],
    ['</ head> b', 'comment', 8],
    ['</> b', 'ignored', 3],
    ['</', 'character', 1],
    ['< b', 'character', 1],
    ['<3', 'character', 1],
    ['<!unclosed', 'comment', 10],
  ])('%j is a %s ending at %i', (html, type, end) => {
    expect(readMarkup(html, 0)).toMatchObject({ type, end });
  });

  it('reads the doctype name', () => {
    expect(readMarkup('<!doctype HTML>', 0)).toMatchObject({ name: 'html' });
    expect(readMarkup('<!DOCTYPEhtml>', 0)).toMatchObject({ name: 'html' });
    expect(readMarkup('<!DOCTYPE rss PUBLIC "x">', 0)).toMatchObject({ name: 'rss' });
    expect(readMarkup('<!DOCTYPE>', 0)).toMatchObject({ name: undefined });
    expect(readMarkup('<!DOCTYPE', 0)).toMatchObject({ type: 'doctype', end: 9, name: undefined });
  });
});

describe('findCommentEnd', () => {
  it.each([
    ['<!-->x', 5],
    ['<!--->x', 6],
    ['<!---->x', 7],
    ['<!-- </head> -->x', 16],
    ['<!-- a --!>x', 11],
    ['<!-- a --!> b -->x', 11],
    ['<!-- a --> b --!>x', 10],
    ['<!-- -- > -->x', 13],
    ['<!-- unclosed', 13],
  ])('%j ends at %i', (html, end) => {
    expect(findCommentEnd(html, 0)).toBe(end);
  });
});

describe('findRawTextEnd', () => {
  it('needs the element’s own end tag, in any case, followed by whitespace, / or >', () => {
    const html = 'a </titles> </b> </TITLE\t>';
    expect(findRawTextEnd(html, 0, 'title')).toBe(html.indexOf('</TITLE'));
    expect(findRawTextEnd('x </title', 0, 'title')).toBe(9);
    expect(findRawTextEnd('x </style/>', 0, 'style')).toBe(2);
  });
});

describe('findScriptDataEnd', () => {
  it.each([
    ['a = "<b>"; </script>', 11],
    ['<!-- <script>x</script> --> y </script>', 30],
    ['<!-- </script> -->', 5],
    ['<!--> </script>', 6],
    ['<!---> </script>', 7],
    ['<!-- <script > </SCRIPT> --> </script>', 29],
    ['<!-- <scripts></script>', 14],
    ['<!-- <script/></script><!-- --> </script>', 32],
    ['<!-- <script> - -> </script>', 28],
    ['<!- </script>', 4],
    ['if (a<b) {} </script>', 12],
    ['never closed', 12],
    ['<!-- <script> -- x > <script> still </script', 44],
  ])('%j ends at %i', (script, end) => {
    expect(findScriptDataEnd(script, 0)).toBe(end);
  });
});

describe('element extents', () => {
  it('spans text elements to their end tag, or to the end of input when unclosed', () => {
    expect(textElementEnd('<title>a</head>b</title>c', startTag('<title>a</head>b</title>c'))).toEqual({
      end: 24,
      closed: true,
    });
    expect(textElementEnd('<title>a</title', startTag('<title>a</title'))).toEqual({ end: 15, closed: false });
    expect(textElementEnd('<style>a</style x="', startTag('<style>a</style x="'))).toEqual({ end: 19, closed: false });
    expect(textElementEnd('<plaintext>a</plaintext>', startTag('<plaintext>a</plaintext>'))).toEqual({
      end: 24,
      closed: false,
    });
    expect(textElementEnd('<script/>x</script>', startTag('<script/>x</script>'))).toEqual({ end: 19, closed: true });
    expect(textElementEnd('<link>x', startTag('<link>x'))).toEqual({ end: 6, closed: true });
  });

  it('spans nested templates and skips their text contents', () => {
    const html =
      '<template><template></template><script>"</template>"</script><textarea></template></textarea><!--</template>--></head></template>x';
    expect(fastTemplateEnd(html, startTag(html))).toEqual({ end: html.length - 1, closed: true });
    expect(fastTemplateEnd('<template><p>', startTag('<template><p>'))).toEqual({ end: 13, closed: false });
    expect(fastTemplateEnd('<template>a < b', startTag('<template>a < b'))).toEqual({ end: 15, closed: false });
  });
});

describe('firstContentCharacter', () => {
  it('skips whitespace and character references to whitespace', () => {
    const text = ' \t\r\n\f&#32;&#x20&#X0a;&#9;&#0010;&Tab;&NewLine;x';
    expect(firstContentCharacter(text, 0, text.length)).toBe(text.length - 1);
    expect(firstContentCharacter('  ', 0, 2)).toBe(-1);
    expect(firstContentCharacter(' &#320;', 0, 7)).toBe(1);
    expect(firstContentCharacter(' &#x20a;', 0, 8)).toBe(1);
    expect(firstContentCharacter(' &nbsp;', 0, 7)).toBe(1);
    expect(firstContentCharacter('\uFEFF', 0, 1)).toBe(0);
  });
});

describe('decodeAttributeValue', () => {
  it.each([
    ['r&#111;bots', '"', 'robots'],
    ['a&amp;b&comma;c', "'", 'a&b,c'],
    ['&amp=x&notit;', '"', '&amp=x&notit;'],
    ['x&lt;script&gt;"', '', 'x<script>"'],
    ['a\r\nb\rc', '"', 'a\nb\nc'],
    ['a&#13;b&#x0D;\r\n', '"', 'a\rb\r\n'],
    ['a\0b', '"', 'a\uFFFDb'],
    ['&#0;&#x110000;', '"', '\uFFFD\uFFFD'],
    ['say "hi" &amp; go', "'", 'say "hi" & go'],
  ] as const)('%j (quoted with %j) is %j', (rawValue, quote, decoded) => {
    expect(decodeAttributeValue(rawValue)).toBe(decoded);
  });
});

/** The value parse5 reads for the same attribute (character references decoded, line breaks normalized). */
function tokenizerValue(rawValue: string, quote: '"' | "'" | ''): string {
  const fragment = parseFragment(`<a v=${quote}${rawValue}${quote}>`);
  const element = fragment.childNodes[0] as DefaultTreeAdapterMap['element'];
  return element.attrs.find((attribute) => attribute.name === 'v')!.value;
}

describe('decodeAttributeValue agrees with parse5', () => {
  // Pieces that exercise the decoder: named references with and without `;`, legacy prefixes
  // (`&notit;`, `&amp=`), numeric ones out of range or in C1, and plain text between them.
  const piece = fc.constantFrom(
    '&amp',
    '&amp;',
    '&AMP',
    '&not',
    '&notit;',
    '&notin;',
    '&lt',
    '&gt;',
    '&copy',
    '&nbsp;',
    '&Tab;',
    '&NewLine;',
    '&#',
    '&#x',
    '&#0;',
    '&#13;',
    '&#x80;',
    '&#x9F;',
    '&#xD800;',
    '&#x110000;',
    '&#65',
    '&#x41',
    '&#1114111;',
    '&',
    '&;',
    '&=',
    '=',
    ';',
    'a',
    'Z',
    '0',
    ' ',
    '\n',
    '\u00e9',
    '\u{1F600}',
    'x&y',
    '&amp=x',
    '&ampx',
  );
  const value = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
  it('on generated values, quoted both ways', () => {
    fc.assert(
      fc.property(value, fc.constantFrom('"', "'"), (rawValue, quote) => {
        expect(decodeAttributeValue(rawValue)).toBe(tokenizerValue(rawValue, quote));
      }),
      { numRuns: 3000 },
    );
  });
  it('on unquoted values (no whitespace, quotes or `>` in them)', () => {
    fc.assert(
      fc.property(
        value.map((text) => text.replace(/[\s"'>`<=]/g, '')).filter((text) => text !== ''),
        (rawValue) => {
          expect(decodeAttributeValue(rawValue)).toBe(tokenizerValue(rawValue, ''));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

/**
 * The tag scanner against htmlparser2's Tokenizer (HTML mode, character references not decoded),
 * event by event: start tag names (lower-cased, from the name cache or not), every attribute's
 * name and value spans and quote, where each start tag ends and whether it is self-closing, and
 * end tags; with a foreign-context answer that turns raw-text names into ordinary tags inside
 * `<svg>`. And what a sink that asks for less (ends only, nothing) is told.
 */
import fc from 'fast-check';
import { QuoteType, Tokenizer } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { END_ONLY, TagScanner, type TagInterest } from '../../src/html/tag-scanner.js';
import { fuzzRuns } from '../fuzz-runs.js';

type Event = Array<string | number | boolean>;
const QUOTES: Record<number, number> = { [QuoteType.Unquoted]: 0, [QuoteType.Single]: 39, [QuoteType.Double]: 34 };

/** Inside `<svg>` until `</svg>`: a model of the body pass's answer, driven by the events already told. */
class Foreign {
  depth = 0;
  open(name: string): void {
    if (name === 'svg') this.depth++;
  }
  close(html: string, start: number, end: number): void {
    if (this.depth > 0 && html.slice(start, end).toLowerCase() === 'svg') this.depth--;
  }
}

function tokenizerEvents(html: string, foreignContext: boolean): Event[] {
  const events: Event[] = [];
  const foreign = new Foreign();
  let tagStart = 0;
  let name: [number, number] = [0, 0];
  let value: [number, number] | undefined;
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tagStart = start - 1;
        const tag = html.slice(start, end).toLowerCase();
        events.push(['open', tag, tagStart, end]);
        foreign.open(tag);
      },
      onattribname(start, end) {
        name = [start, end];
        value = undefined;
      },
      onattribdata(start, end) {
        value = value === undefined ? [start, end] : [value[0], end];
      },
      onattribend(quote) {
        if (quote === QuoteType.NoValue) events.push(['attribute', ...name, -1, -1, 0]);
        else events.push(['attribute', ...name, ...(value ?? [-1, -1]), QUOTES[quote]!]);
      },
      onopentagend: (end) => events.push(['end', end, false]),
      onselfclosingtag: (end) => events.push(['end', end, true]),
      onclosetag(start, end) {
        events.push(['close', start, end]);
        foreign.close(html, start, end);
      },
      onattribentity() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
      isInForeignContext: () => foreignContext && foreign.depth > 0,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return events;
}

function scannerEvents(
  html: string,
  foreignContext: boolean,
  interest: (name: string) => TagInterest = () => true,
): Event[] {
  const events: Event[] = [];
  const foreign = new Foreign();
  new TagScanner(html, {
    openTag(name, start, nameEnd) {
      events.push(['open', name, start, nameEnd]);
      foreign.open(name);
      return interest(name);
    },
    attribute: (nameStart, nameEnd, valueStart, valueEnd, quote) =>
      events.push(['attribute', nameStart, nameEnd, valueStart, valueEnd, quote]),
    openTagEnd: (end, selfClosing) => events.push(['end', end, selfClosing]),
    closeTag(start, end) {
      events.push(['close', start, end]);
      foreign.close(html, start, end);
    },
    ...(foreignContext ? { isInForeignContext: () => foreign.depth > 0 } : {}),
  }).run();
  return events;
}

const PIECES = [
  '<a href="x">',
  "<A HREF='y' rel>",
  '<a href=z/>',
  '<br/>',
  '<br / >',
  '<img src=a / x>',
  '<p class="c" id=d data-x>',
  '<DIV\tclass=\nc>',
  '<x =y>',
  '<x a = "b" c=d e>',
  '<Svg>',
  '</svg>',
  '</SVG >',
  '<script>',
  '</script>',
  '<SCRIPT>a<b</script>',
  '<style>',
  '</style>',
  '<title>',
  '</title>',
  '<textarea>',
  '</textarea>',
  '<xmp>',
  '<iframe>',
  '<noembed>',
  '<noframes>',
  '<plaintext>',
  '<scriptx>',
  '<styles>',
  '<tit>',
  '<!-- <a href=c> -->',
  '<!--',
  '-->',
  '--!>',
  '<!-->',
  '<!doctype html>',
  '<!x>',
  '<?pi?>',
  '<![CDATA[<a>]]>',
  '<![CDAT',
  '</p>',
  '</ x>',
  '</>',
  '<lİnk>',
  '<liNK>',
  '<lınk>',
  '<custom-element>',
  '<CUSTOM-Element a=b>',
  '<h1>',
  '<H1>',
  '<tEmPlAtE>',
  '<a href="',
  "<a href='",
  '<a ',
  '<',
  '>',
  '/',
  '=',
  '"',
  "'",
  ' ',
  '\n',
  '&amp;',
  'text',
  'é',
  '\u0000',
];

describe('the tag scanner against htmlparser2’s Tokenizer', () => {
  it.each([false, true])('reports the same events on generated documents (foreign context: %s)', (foreignContext) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (parts) => {
        const html = parts.join('');
        expect(scannerEvents(html, foreignContext), JSON.stringify(html)).toEqual(
          tokenizerEvents(html, foreignContext),
        );
      }),
      fuzzRuns(3000),
    );
  });

  it('lower-cases names as toLowerCase does, whether the name cache has them or not, and tells every name apart', () => {
    // Names that share a cache slot or differ only in case or in a non-ASCII letter, read twice (the second time from the cache).
    const names = [
      'a',
      'A',
      'b',
      'lİnk',
      'link',
      'LINK',
      'lınk',
      'sCrIpTs',
      'scripts',
      'x-y',
      'X-Y',
      'h1',
      'H1',
      'aa',
      'aB',
      'Ab',
      'bA',
      'ba',
    ];
    const html = [...names, ...names].map((name) => `<${name}>`).join('');
    const seen: string[] = [];
    new TagScanner(html, {
      openTag: (name) => (seen.push(name), false),
      attribute() {},
      openTagEnd() {},
      closeTag() {},
    }).run();
    expect(seen).toEqual([...names, ...names].map((name) => name.toLowerCase()));
  });

  it('tells a sink that asks for the end only, or for nothing, just that', () => {
    const html = '<a href=x/><b c=d>text<i/></b><svg><script>x</script></svg>';
    const full = scannerEvents(html, false);
    const interest = (name: string): TagInterest => (name === 'a' ? true : name === 'b' ? END_ONLY : false);
    const expected = full.filter((event, i) => {
      if (event[0] !== 'attribute' && event[0] !== 'end') return true;
      let open = i;
      while (full[open]![0] !== 'open') open--;
      const name = full[open]![1] as string;
      return name === 'a' || (name === 'b' && event[0] === 'end');
    });
    expect(scannerEvents(html, false, interest)).toEqual(expected);
    expect(expected.filter((event) => event[0] === 'attribute')).toHaveLength(1);
  });
});

/**
 * The tokenizer (tokenizer.ts, on tag-reader.ts's tag states) against parse5's tokenizer, event by
 * event, on generated documents: every start tag (name, where it starts and ends, `/>`, its
 * attributes with the first of duplicates and character references decoded) and every end tag,
 * with the tree builder's switch to RCDATA, RAWTEXT, script data and PLAINTEXT made on both sides
 * after the start tags that make it in HTML content; and what a sink that asks for less is told.
 */
import fc from 'fast-check';
import { Tokenizer as Parse5Tokenizer, TokenizerMode, type Token } from 'parse5';
import { describe, expect, it } from 'vitest';
import { decodeAttributeValue } from '../../src/html/tag-reader.js';
import { END_ONLY, Tokenizer, type TagInterest } from '../../src/html/tokenizer.js';
import { asciiLowercase } from '../../src/html/types.js';
import { fuzzRuns } from '../fuzz-runs.js';

type Event = Array<string | number | boolean>;
const TEXT_MODES: Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = {
  title: TokenizerMode.RCDATA,
  textarea: TokenizerMode.RCDATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  noscript: TokenizerMode.RAWTEXT,
  script: TokenizerMode.SCRIPT_DATA,
  plaintext: TokenizerMode.PLAINTEXT,
};

function parse5Events(html: string): Event[] {
  const events: Event[] = [];
  const ignore = (): void => {};
  const tokenizer: Parse5Tokenizer = new Parse5Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag(token: Token.TagToken) {
        const attributes = token.attrs.map((attribute) => `${attribute.name}=${attribute.value}`).join('|');
        events.push([
          'start',
          token.tagName,
          token.location!.startOffset,
          token.location!.endOffset,
          token.selfClosing,
          attributes,
        ]);
        const mode = TEXT_MODES[token.tagName];
        if (mode !== undefined) tokenizer.state = mode;
      },
      onEndTag(token: Token.TagToken) {
        events.push(['end', token.tagName, token.location!.startOffset]);
      },
      onComment: ignore,
      onDoctype: ignore,
      onEof: ignore,
      onCharacter: ignore,
      onNullCharacter: ignore,
      onWhitespaceCharacter: ignore,
    },
  );
  tokenizer.write(html, true);
  return events;
}

/** A name as parse5 gives it: the input stream's NUL is U+FFFD there. */
const named = (name: string): string => name.replaceAll('\0', '\uFFFD');
function ourEvents(html: string, interest: (name: string) => TagInterest = () => true): Event[] {
  const events: Event[] = [];
  let tag: { name: string; start: number; attributes: Map<string, string> } | undefined;
  new Tokenizer(html, {
    openTag(name, start) {
      tag = { name, start, attributes: new Map() };
      return interest(name);
    },
    attribute(nameStart, nameEnd, valueStart, valueEnd) {
      const name = named(asciiLowercase(html.slice(nameStart, nameEnd)));
      if (!tag!.attributes.has(name))
        tag!.attributes.set(name, valueStart === -1 ? '' : decodeAttributeValue(html.slice(valueStart, valueEnd)));
    },
    openTagEnd(end, selfClosing) {
      const attributes = [...tag!.attributes].map(([name, value]) => `${name}=${value}`).join('|');
      events.push(['start', named(tag!.name), tag!.start, end, selfClosing, attributes]);
    },
    closeTag(start, end) {
      events.push(['end', named(asciiLowercase(html.slice(start, end))), start - 2]);
    },
  }).run();
  return events;
}

const PIECES = [
  '<a href="x&amp;y" class=c>',
  '<A HREF=x HREF=y>',
  '<a =x b = "c" d=\'e\'/>',
  '<a / >',
  '<div/x=">">',
  '<p title="a>b">',
  '</p>',
  '</P x=">">',
  '</ p>',
  '</>',
  '<!-- <a href=x> -->',
  '<!-->',
  '<!--->',
  '<!-- --!>',
  '<!--',
  '-->',
  '<!doctype html>',
  '<!DOCTYPE',
  '<!x>',
  '<?pi <a>?>',
  '<![CDATA[<a href=x>]]>',
  '<script>',
  '</script>',
  '<script><!--',
  '<!--<script>',
  '</script>-->',
  '--></script>',
  '<SCRIPT>document.write("<a href=x>")</SCRIPT >',
  '<style>',
  '</style>',
  '<title>',
  '</title>',
  '<textarea>',
  '</textarea>',
  '<xmp>',
  '</xmp>',
  '<noscript>',
  '</noscript>',
  '<iframe>',
  '</iframe>',
  '<plaintext>',
  '<svg>',
  '<K\u212Aa>',
  '<a',
  '<',
  '</',
  '"',
  "'",
  '=',
  '>',
  '/',
  ' ',
  '\n',
  '\r\n',
  'text',
  '&amp;',
  '\u0000',
];
const documents = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(''));

describe('the tokenizer against parse5’s', () => {
  it('tells the same start and end tags, with their attributes, on generated documents', () => {
    fc.assert(
      fc.property(documents, (html) => {
        // parse5 normalizes line breaks before its offsets: compared on documents without `\r`, and with.
        const events = ourEvents(html);
        if (!html.includes('\r')) expect(events, JSON.stringify(html)).toEqual(parse5Events(html));
        else
          expect(events.map((event) => event.slice(0, 2))).toEqual(
            parse5Events(html).map((event) => event.slice(0, 2)),
          );
      }),
      fuzzRuns(4000),
    );
  });

  it('reads legacy `<script><!--` as browsers do: markup inside is never a tag', () => {
    const html = '<script><!--\ndocument.write("<script src=a></script><a href=x>");\n//--></script><a href=y>';
    expect(ourEvents(html)).toEqual(parse5Events(html));
    expect(ourEvents(html).filter((event) => event[1] === 'a')).toHaveLength(1);
  });

  it('tells a sink that asks for the end only, or for nothing, just that', () => {
    const html = '<a href=x>1</a><b class="y"/><i>';
    const endOnly = ourEvents(html, (name) => (name === 'a' ? false : END_ONLY));
    expect(endOnly).toEqual([
      ['end', 'a', 11],
      ['start', 'b', 15, 29, true, ''],
      ['start', 'i', 29, 32, false, ''],
    ]);
  });
});

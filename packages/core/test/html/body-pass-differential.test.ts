/**
 * The body pass on the tag scanner against the pass it replaced (htmlparser2's Tokenizer with
 * callbacks, kept verbatim in `oracle/`): the same output page, the same counts and the same
 * ignored-`data-nosnippet` reports, on generated documents made of hostile pieces (unclosed quotes
 * and tags, `<a` inside comments, scripts, raw text and `<template>`, CDATA in and out of SVG,
 * raw-text names inside SVG, which start no raw text there, `</p>` with no open p, entity-like
 * text in `href` and `rel`, self-closing tags, upper case, stray characters), under plans that take
 * each of the pass's paths: no selectors (no element stack), selectors of any tag (every tag's
 * attributes read), selectors of named tags only (other tags placed without their attributes).
 */
import fc from 'fast-check';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { rewriteBody, type BodyPlan } from '../../src/html/body-rewrite.js';
import { parseSimpleSelector } from '../../src/html/simple-selector.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { rewriteBodyOracle } from './oracle/body-rewrite-htmlparser2.js';

const selectors = (...texts: string[]) => texts.map((text) => parseSimpleSelector(text, 'within'));
/** The link is the raw href; rules test it without URL parsing, so that the passes' reading of `href` is what is compared. */
const resolveLink = (href: string): string | undefined => (href.startsWith('mailto:') ? undefined : href);
const external = (href: string): boolean => /^(?:https?:)?\/\//i.test(href.trim());

const PLANS: Record<string, BodyPlan<string>> = {
  'no selectors': {
    selectors: [],
    links: [
      { rel: ['nofollow'], withinMask: 0, target: external },
      { rel: ['sponsored', 'nofollow'], withinMask: 0, target: (href) => href.includes('go') },
    ],
    nosnippetMask: 0,
    resolveLink,
  },
  'selectors of any tag': {
    selectors: selectors('.c', '[data-ugc]', '#p', '[lang=en]', 'div', 'span.n', 'a'),
    links: [
      { rel: ['ugc'], withinMask: 0b11 },
      { rel: ['nofollow'], withinMask: 0, target: external },
      { rel: ['sponsored'], withinMask: 0b1000000, target: (href) => href.includes('go') },
    ],
    nosnippetMask: 0b110100,
    resolveLink,
  },
  'selectors of named tags only': {
    selectors: selectors('div.c', 'section', 'span[data-n]', 'li#p'),
    links: [
      { rel: ['ugc'], withinMask: 0b1001 },
      { rel: ['nofollow'], withinMask: 0b10, target: external },
    ],
    nosnippetMask: 0b110,
    resolveLink,
  },
};

const PIECES = [
  // links, quoted every way, with entity-like text and existing rel values
  '<a href="https://x.org/">',
  "<a href='//y.org/go'>",
  '<a href=https://z.org/ >',
  '<a href=/go/1>',
  '<A HREF="HTTPS://X.ORG/" CLASS=c>',
  '<a href="https://x.org/?a=1&amp;b=2&copy">',
  '<a href=https://x.org/&lt;>',
  '<a href="&#104;ttps://x.org/">',
  '<a href="mailto:a@b.c">',
  '<a href="https://x.org/" rel="noopener">',
  "<a rel='NoFollow' href=https://x.org/>",
  '<a href=https://x.org/ rel=ugc>',
  '<a href=https://x.org/ rel>',
  '<a href="https://x.org/" rel="">',
  '<a href=https://x.org/ rel="a\'b">',
  '<a href=https://x.org/ rel=a"b\'c>',
  '<a href="https://x.org/" rel="&#110;ofollow">',
  '<a href=https://x.org/ rel=x rel=y>',
  '<a href=https://x.org/ href=/local>',
  '<a href="https://x.org/"/>',
  "<a href='https://x.org/' / >",
  '<a href=https://x.org//>',
  '<a\thref=https://x.org/\n>',
  '<a href = "https://x.org/" >',
  '<a =x href=https://x.org/>',
  '<a href="https://x.org/\r\n">',
  '<a href="https://x\0.org/">',
  '<a>',
  '</a>',
  // selectors' elements
  '<div class=c>',
  '<div class="x c">',
  '<DIV CLASS=C>',
  '<div>',
  '</div>',
  '<span class=n>',
  '<span class="n" data-nosnippet>',
  '<span data-n>',
  '</span>',
  '<section>',
  '<section class=c/>',
  '</section>',
  '<p id=p>',
  '<p>',
  '</p>',
  '<li id=p>',
  '<li/>',
  '<li>',
  '</li>',
  '<ul>',
  '</ul>',
  '<div data-ugc>',
  '<div lang=en>',
  '<div lang="&#101;n">',
  '<div class=&#99;>',
  '<aside class=c>',
  '<h2>',
  '</h3>',
  '<html class=c>',
  '<body data-ugc>',
  '</body>',
  '</html>',
  '<br/>',
  '<img class=c>',
  '<button>',
  '</button>',
  // what is never read as markup, and what ends it
  '<!-- <a href=https://x.org/> -->',
  '<!--',
  '-->',
  '--!>',
  '<!-->',
  '<!--->',
  '<!---->',
  '<!doctype html>',
  '<!DOCTYPE',
  '<!x>',
  '<?pi <a href=https://x.org/>?>',
  '<![CDATA[<a href=https://x.org/>]]>',
  '<script>"<a href=https://x.org/>"</script>',
  '<script>',
  '</script>',
  '</script >',
  '</SCRIPT',
  '<style>a{}</style>',
  '<style>',
  '</style>',
  '<textarea><a href=https://x.org/></textarea>',
  '<title>',
  '</title>',
  '<xmp>',
  '</xmp>',
  '<noembed>',
  '</noembed>',
  '<iframe>',
  '</iframe>',
  '<noframes>',
  '</noframes>',
  '<plaintext>',
  '<template>',
  '</template>',
  '<TEMPLATE>',
  // foreign content: raw-text names start no raw text in SVG, CDATA is CDATA there, `/>` closes
  '<svg>',
  '</svg>',
  '<svg/>',
  '<math>',
  '</math>',
  '<svg><a href=https://x.org/>s</a></svg>',
  '<svg><style><a href=https://x.org/></style>',
  '<svg><title><a href=https://x.org/></title>',
  '<svg><script>',
  '<svg><![CDATA[<a href=https://x.org/>]]>',
  '<foreignObject>',
  '<foreignObject/>',
  '<foreignObject class=c />',
  '</foreignObject>',
  '<desc>',
  '<desc/>',
  '<svg><title/>',
  '<g class=c>',
  '<rect/>',
  '<math><mi>',
  '<svg><foreignObject><p>',
  // stray characters and broken syntax
  '</p>',
  '</x>',
  '</ a>',
  '< a href=https://x.org/>',
  '<a href="',
  "<a href='",
  '<a href=',
  '<a ',
  '<',
  '>',
  '/',
  '=',
  '"',
  "'",
  '&',
  '&amp;',
  ' ',
  '\n',
  'text',
  'é',
  '\u0000',
  '</',
];

/** Pieces every plan acts on, drawn more often so that most documents have something to change. */
const COMMON = [
  '<a href="https://x.org/">',
  '<a href=/go/1>',
  '<div class=c>',
  '<section>',
  '<li id=p>',
  '<span data-n>',
  '<span class=n>',
  '<aside class=c>',
  '</div>',
];
const pieces = fc.array(
  fc.oneof({ arbitrary: fc.constantFrom(...PIECES), weight: 3 }, { arbitrary: fc.constantFrom(...COMMON), weight: 1 }),
  { maxLength: 50 },
);

describe('the body pass on the tag scanner against the htmlparser2 pass it replaced', () => {
  for (const [name, plan] of Object.entries(PLANS)) {
    it(`gives the same page, counts and reports on generated hostile documents (${name})`, () => {
      fc.assert(
        fc.property(pieces, (parts) => {
          const html = parts.join('');
          expect(rewriteBody(html, plan), html).toEqual(rewriteBodyOracle(html, plan));
        }),
        fuzzRuns(3000),
      );
    });
  }

  it('gives the same page on documents of random characters from the syntax', () => {
    const chars = fc.constantFrom(
      '<',
      '>',
      '/',
      '!',
      '-',
      '?',
      '[',
      ']',
      '=',
      '"',
      "'",
      ' ',
      '\n',
      '&',
      ';',
      'a',
      'A',
      'h',
      'r',
      'e',
      'f',
      'c',
      's',
      'v',
      'g',
      'x',
      'p',
      '.',
      ':',
    );
    const plan = PLANS['selectors of any tag']!;
    fc.assert(
      fc.property(fc.array(fc.oneof(chars, fc.constantFrom(...PIECES)), { maxLength: 120 }), (parts) => {
        const html = parts.join('');
        expect(rewriteBody(html, plan), html).toEqual(rewriteBodyOracle(html, plan));
      }),
      fuzzRuns(3000),
    );
  });

  it('can fail: the documents change links and elements on every path', () => {
    const changed = Object.fromEntries(Object.keys(PLANS).map((name) => [name, 0]));
    let ignored = 0;
    const runs = 300;
    fc.assert(
      fc.property(pieces, (parts) => {
        for (const [name, plan] of Object.entries(PLANS)) {
          const result = rewriteBody(parts.join(''), plan);
          if (result.changed) changed[name]!++;
          if (result.ignored.length > 0) ignored++;
        }
      }),
      fuzzRuns(runs),
    );
    for (const count of Object.values(changed)) expect(count).toBeGreaterThan(runs * 0.15);
    expect(ignored).toBeGreaterThan(runs * 0.05);
  });

  it('reads each page alone, though the element stack is reused from page to page (after a page that grew it past what is kept, too)', () => {
    const plan = PLANS['selectors of any tag']!;
    const small = '<div class=c><p><a href="https://x.org/">x</a></div><template><a href=/go/1>';
    const deep = '<div data-ugc><template><svg>' + '<div><span>'.repeat(5000) + '<a href="https://x.org/">';
    const alone = rewriteBodyOracle(small, plan);
    for (const before of ['', deep, '<svg><template><div class=c>' + '<li id=p>'.repeat(100)]) {
      rewriteBody(before, plan);
      expect(rewriteBody(small, plan)).toEqual(alone);
    }
    expect(alone.links).toBe(1);
  });

  it('differs from the old pass only in lower-casing attribute names as the HTML tokenizer does, ASCII only (parse5 agrees)', () => {
    // U+212A KELVIN SIGN lower-cases to `k` with toLowerCase, which the old pass used; the spec and parse5 leave it.
    const plan: BodyPlan<string> = {
      selectors: selectors('[data-k]'),
      links: [{ rel: ['ugc'], withinMask: 1 }],
      nosnippetMask: 0,
      resolveLink,
    };
    const html = '<div data-\u212A><a href=/x>x</a></div>';
    const div = (
      parse(html).childNodes[0] as unknown as {
        childNodes: Array<{ childNodes: Array<{ attrs: Array<{ name: string }> }> }>;
      }
    ).childNodes[1]!.childNodes[0]!;
    expect(div.attrs.map((attribute) => attribute.name)).toEqual(['data-\u212A']);
    expect(rewriteBody(html, plan).html).toBe(html);
    expect(rewriteBodyOracle(html, plan).html).toBe('<div data-\u212A><a href=/x rel="ugc">x</a></div>');
  });
});

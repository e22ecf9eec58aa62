/**
 * The body pass against parse5 (issue 34): on generated documents made of hostile pieces
 * (unclosed quotes and tags, `<a` inside comments, scripts, raw text and `<template>`, CDATA in and
 * out of SVG, raw-text names inside SVG, integration points, `<svg/>`, `</p>` with no open p,
 * entity-like text in `href` and `rel`, self-closing tags, upper case, stray characters), the page
 * it writes parses to the tree parse5 makes of the input with exactly the expected edits: `rel`
 * tokens on every HTML `<a>` outside template contents whose href a rule takes, `data-nosnippet` on
 * every such element a selector chooses, nothing else. Under plans that take each of the pass's
 * paths: no selectors (no element stack until SVG, MathML or a template), selectors of any tag
 * (every tag's attributes read), selectors of named tags only. Rules that depend on ancestry
 * (`within`) are not compared here: the stack does not model the adoption agency or foster
 * parenting (body-rewrite.test.ts has their cases).
 */
import fc from 'fast-check';
import { parse, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { NOSNIPPET_ELEMENTS, rewriteBody, type BodyPlan } from '../../src/html/body-rewrite.js';
import { matchesSimpleSelector, parseSimpleSelector } from '../../src/html/simple-selector.js';
import { fuzzRuns } from '../fuzz-runs.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const HTML = 'http://www.w3.org/1999/xhtml';

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
      { rel: ['nofollow'], withinMask: 0, target: external },
      { rel: ['sponsored', 'ugc'], withinMask: 0, target: (href) => href.includes('go') },
    ],
    nosnippetMask: 0b1110111,
    resolveLink,
  },
  'selectors of named tags only': {
    selectors: selectors('div.c', 'section', 'span[data-n]', 'li#p'),
    links: [{ rel: ['ugc'], withinMask: 0, target: external }],
    nosnippetMask: 0b1111,
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

const isElement = (node: Node): node is Element => 'tagName' in node;
const attributeOf = (element: Element, name: string): string | undefined =>
  element.attrs.find((attribute) => attribute.name === name && attribute.namespace === undefined)?.value;

/**
 * parse5's tree of `html` with the edits the plan asks for made in it: on every HTML element
 * outside template contents (each clone the tree builder makes of one tag alike), the missing
 * `rel` tokens of the rules that take its href (appended to the first `rel`, or a new `rel` last),
 * and `data-nosnippet` (last) where a selector chooses a `span`, `div` or `section` without one.
 */
function expectedTree(html: string, plan: BodyPlan<string>): string {
  const document = parse(html);
  const visit = (node: Node): void => {
    if (isElement(node) && node.namespaceURI === HTML) edit(node);
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child);
  };
  const edit = (element: Element): void => {
    const view = { tag: element.tagName, attribute: (name: string) => attributeOf(element, name) };
    let own = 0;
    plan.selectors.forEach((selector, bit) => {
      if (matchesSimpleSelector(selector, view)) own |= 1 << bit;
    });
    const href = attributeOf(element, 'href');
    if (element.tagName === 'a' && href !== undefined) {
      const link = plan.resolveLink(href);
      const add: string[] = [];
      for (const rule of link === undefined ? [] : plan.links)
        if (!rule.target || rule.target(link!)) for (const token of rule.rel) if (!add.includes(token)) add.push(token);
      const rel = element.attrs.find((attribute) => attribute.name === 'rel');
      const existing = (rel?.value ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
      const missing = add.filter((token) => !existing.includes(token)).join(' ');
      if (missing !== '') {
        if (rel === undefined) element.attrs.push({ name: 'rel', value: missing });
        else rel.value += (rel.value.trim() === '' ? '' : ' ') + missing;
      }
    }
    if ((own & plan.nosnippetMask) !== 0 && NOSNIPPET_ELEMENTS.has(element.tagName))
      if (attributeOf(element, 'data-nosnippet') === undefined)
        element.attrs.push({ name: 'data-nosnippet', value: '' });
  };
  // Template contents are under `content`, which the walk does not enter: they stay as they are.
  visit(document);
  return serialize(document);
}
const agrees = (html: string, plan: BodyPlan<string>): void => {
  expect(serialize(parse(rewriteBody(html, plan).html)), JSON.stringify(html)).toBe(expectedTree(html, plan));
};

describe('the body pass edits what parse5 says the page holds, and nothing else', () => {
  for (const [name, plan] of Object.entries(PLANS)) {
    it(`on generated hostile documents (${name})`, () => {
      fc.assert(
        fc.property(pieces, (parts) => agrees(parts.join(''), plan)),
        fuzzRuns(3000),
      );
    });
  }

  it('on documents of random characters from the syntax', () => {
    const chars = fc.constantFrom(...'<>/!-?[]="\' \n&;aAhrefcsvgxp.:');
    const plan = PLANS['selectors of any tag']!;
    fc.assert(
      fc.property(fc.array(fc.oneof(chars, fc.constantFrom(...PIECES)), { maxLength: 120 }), (parts) =>
        agrees(parts.join(''), plan),
      ),
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
    const alone = rewriteBody(small, plan);
    agrees(small, plan);
    for (const before of ['', deep, '<svg><template><div class=c>' + '<li id=p>'.repeat(100)]) {
      rewriteBody(before, plan);
      expect(rewriteBody(small, plan)).toEqual(alone);
    }
    expect(alone.links).toBe(1);
  });

  it('lower-cases attribute names as the HTML tokenizer does, ASCII only (parse5 agrees)', () => {
    // U+212A KELVIN SIGN lower-cases to `k` with toLowerCase; the spec and parse5 leave it.
    const plan: BodyPlan<string> = { selectors: selectors('[data-k]'), links: [], nosnippetMask: 1, resolveLink };
    const html = '<div data-\u212A><a href=/x>x</a></div><div data-k>';
    expect(rewriteBody(html, plan).html).toBe('<div data-\u212A><a href=/x>x</a></div><div data-k data-nosnippet>');
    agrees(html, plan);
  });
});

/**
 * The body pass's element stack against a spec-compliant parser (parse5): generated documents with
 * omitted end tags (`p`, `li`, `dd`/`dt`), stray end tags, void elements, headings, buttons,
 * `<template>`, SVG, comments and scripts. For every `<a>`, parse5's answer to "is it inside (or
 * is it) an element matching `.c`, in the HTML namespace, outside template contents" must be the
 * body pass's: the link got `rel="ugc"` exactly then. Tables and misnested formatting elements
 * (the adoption agency), which the stack does not model, are not generated (see element-stack.ts).
 * The html5lib tree-construction documents that have links are checked too, for ancestors other
 * than table parts (foster parenting moves a link out of a table: not modelled).
 */
import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { rewriteBody, type BodyPlan } from '../../src/html/body-rewrite.js';
import { parseSimpleSelector } from '../../src/html/simple-selector.js';
import { html5libDocuments } from '../helpers/vendored-data.js';
import { fuzzRuns } from '../fuzz-runs.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const HTML = 'http://www.w3.org/1999/xhtml';

const PLAN: BodyPlan<true> = {
  selectors: [parseSimpleSelector('.c', 'within')],
  links: [{ rel: ['ugc'], withinMask: 1 }],
  nosnippetMask: 0,
  resolveLink: () => true,
};

/** The pieces documents are made of; `A` becomes a numbered link. */
const PIECES = [
  '<div class=c>',
  '<div>',
  '</div>',
  '<p>',
  '<p class="c">',
  '</p>',
  '<ul>',
  '<ul class=c>',
  '</ul>',
  '<ol>',
  '</ol>',
  '<li>',
  '<li class=c>',
  '</li>',
  '<dl>',
  '<dt class=c>',
  '<dd>',
  '</dl>',
  '<section class="x c">',
  '</section>',
  '<span class=c>',
  '<span>',
  '</span>',
  '<h2 class=c>',
  '<h3>',
  '</h2>',
  '</h3>',
  '<br>',
  '<br/>',
  '<img class=c>',
  '<hr>',
  '<input class=c>',
  '<button class=c>',
  '</button>',
  '<article>',
  '</article>',
  '<div class=c/>',
  '<template>',
  '</template>',
  '<svg><a href=/s>s</a></svg>',
  '<svg class=c><rect/>',
  '</svg>',
  '<math>',
  '</math>',
  '<!-- <a href=/x> -->',
  '<script>"<a href=/y>"</script>',
  '<style>a{}</style>',
  '<textarea><a href=/z></textarea>',
  '</x>',
  '</body>',
  'text ',
  '<nav class=c>',
  '</nav>',
  '<figure>',
  '</figure>',
  '<address class=c>',
  '</address>',
  '<main>',
  '</main>',
  'A',
  'A',
  'A',
  'A',
];

function generate(choices: number[]): string {
  let n = 0;
  return (
    '<!doctype html><html><head><title>t</title></head><body>' +
    choices.map((i) => (PIECES[i] === 'A' ? `<a href=/i${n++}>l</a>` : PIECES[i])).join('')
  );
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}
/** parse5's verdict per numbered link: inside `.c` (itself included), in HTML, not in template contents. */
function expected(html: string, anywhere = false): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  const walk = (node: Node, inside: boolean, inert: boolean): void => {
    if (!isElement(node) && !('childNodes' in node)) return;
    let here = inside;
    if (isElement(node)) {
      const classes = node.attrs.find((attribute) => attribute.name === 'class')?.value.split(/[\t\n\f\r ]+/) ?? [];
      here = anywhere || inside || classes.includes('c');
      const href = node.attrs.find((attribute) => attribute.name === 'href')?.value;
      if (node.tagName === 'a' && href?.startsWith('/i'))
        verdicts.set(href, node.namespaceURI === HTML && !inert && here);
      const content = (node as unknown as { content?: { childNodes: Node[] } }).content;
      if (node.tagName === 'template' && content) for (const child of content.childNodes) walk(child, here, true);
    }
    for (const child of (node as { childNodes?: Node[] }).childNodes ?? []) walk(child, here, inert);
  };
  walk(parse(html), false, false);
  return verdicts;
}
/** The body pass's verdict per numbered link: whether it got `rel="ugc"`. */
function actual(html: string): Map<string, boolean> {
  const out = rewriteBody(html, PLAN).html;
  return new Map(
    [...out.matchAll(/<a href=(\/i\d+)( rel="ugc")?>/g)].map((match) => [match[1]!, match[2] !== undefined]),
  );
}

describe('the body pass’s ancestry against parse5', () => {
  it('agrees on every link of generated documents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: PIECES.length - 1 }), { maxLength: 60 }), (choices) => {
        const html = generate(choices);
        expect(actual(html), html).toEqual(expected(html));
      }),
      fuzzRuns(3000),
    );
  });

  it('agrees, for rules without selectors (the pass without an element stack up to the first SVG, MathML or template start tag, then with it from the top), on which links are HTML links outside templates', () => {
    const anywhere: BodyPlan<true> = {
      selectors: [],
      links: [{ rel: ['ugc'], withinMask: 0 }],
      nosnippetMask: 0,
      resolveLink: () => true,
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: PIECES.length - 1 }), { maxLength: 60 }), (choices) => {
        const html = generate(choices);
        const out = rewriteBody(html, anywhere).html;
        const marked = new Map(
          [...out.matchAll(/<a href=(\/i\d+)( rel="ugc")?>/g)].map((match) => [match[1]!, match[2] !== undefined]),
        );
        expect(marked, html).toEqual(expected(html, true));
      }),
      fuzzRuns(2000),
    );
  });

  it('can fail: a document where a naive "last .c start tag" rule is wrong', () => {
    const html =
      '<!doctype html><body><div class=c><p>x</div><a href=/i0>l</a><ul class=c><li><p>y</ul><a href=/i1>l</a>';
    expect(expected(html)).toEqual(
      new Map([
        ['/i0', false],
        ['/i1', false],
      ]),
    );
    expect(actual(html)).toEqual(expected(html));
  });
});

describe('the body pass’s ancestry against parse5, html5lib documents', () => {
  /** Every `#data` document with a link; each `<a` gets a number and an `href` of ours first (the first attribute wins). */
  const documents: string[] = [];
  for (const { html: data } of html5libDocuments()) {
    let n = 0;
    const html = data.replace(/<a(?=[\t\n\f\r />])/gi, () => `<a data-n=${n++} href=/x`);
    if (n > 0) documents.push(html);
  }

  it.each(['div', 'p', 'li', 'section', 'span'])('agrees on every link inside (or outside) a `%s`', (tag) => {
    const plan: BodyPlan<true> = {
      selectors: [parseSimpleSelector(tag, 'within')],
      links: [{ rel: ['ugc'], withinMask: 1 }],
      nosnippetMask: 0,
      resolveLink: () => true,
    };
    expect(documents.length).toBeGreaterThan(50);
    for (const html of documents) {
      const want = new Map<string, boolean>();
      const walk = (node: Node, inside: boolean, inert: boolean): void => {
        let here = inside;
        if (isElement(node)) {
          here = inside || (node.tagName === tag && node.namespaceURI === HTML);
          const n = node.attrs.find((attribute) => attribute.name === 'data-n')?.value;
          // The adoption agency clones links: the first in tree order is the one the source's tag made.
          if (node.tagName === 'a' && n !== undefined && !want.has(n))
            want.set(n, node.namespaceURI === HTML && !inert && here);
          const content = (node as unknown as { content?: { childNodes: Node[] } }).content;
          if (node.tagName === 'template' && content) for (const child of content.childNodes) walk(child, here, true);
        }
        for (const child of (node as { childNodes?: Node[] }).childNodes ?? []) walk(child, here, inert);
      };
      walk(parse(html), false, false);
      const got = new Map(
        [...rewriteBody(html, plan).html.matchAll(/<a data-n=(\d+)([^>]*)>/gi)].map((match) => [
          match[1]!,
          / rel="ugc"/.test(match[2]!),
        ]),
      );
      for (const [n, inside] of want) expect(got.get(n) ?? false, `${html}: link ${n}`).toBe(inside);
    }
  });
});

/**
 * injectRobots against a spec-compliant parser (parse5): the html5lib tree-construction corpus, each
 * document also with robots tags spliced in at several places, and generated pre-body documents
 * cut off at every point. See parse5-oracle.ts for the four checks.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTemplateParser } from '../../src/html/template-contents.js';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import { planInjection } from '../../src/html/inject.js';
import type { InjectRobotsOptions } from '../../src/html/types.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { html5libDocuments } from '../helpers/vendored-data.js';
import { disagreements, headOf, parseDocument, waivers, type Disagreement, type Element } from './parse5-oracle.js';

/** The `#data` documents of the html5lib tree-construction files. */
function readCorpus(): Array<{ file: string; data: string }> {
  return html5libDocuments().map(({ file, html }) => ({ file, data: html }));
}

/** What resolve() does in a run: the tags it returns for the existing ones. */
interface Resolver {
  name: string;
  resolve: (existing: ExistingRobotsTag[]) => Record<string, string>;
  options: InjectRobotsOptions;
}
const resolvers: Resolver[] = [
  {
    name: 'robots and googlebot',
    resolve: () => ({ robots: 'noindex, nofollow', googlebot: 'nosnippet' }),
    options: { fragments: 'add-head' },
  },
  { name: 'remove all', resolve: () => ({}), options: { fragments: 'add-head' } },
  {
    name: 'merge with an extra name',
    resolve: (existing) => ({ robots: ['noarchive', ...existing.map((tag) => tag.content)].join(', ') }),
    options: { fragments: 'add-head', extraNames: new Set(['examplebot']) },
  },
];

interface Failure {
  document: string;
  resolver: string;
  disagreements: Disagreement[];
}
/** Runs injectRobots on one document with one resolver and returns what disagrees with parse5. */
function check(document: string, resolver: Resolver): Failure | undefined {
  let tags: Record<string, string> = {};
  const injection = planInjection(
    document,
    (existing) => {
      tags = resolver.resolve(existing);
      return tags;
    },
    resolver.options,
  );
  const refused = injection.result.diagnostics.some((diagnostic) => diagnostic.code === 'unterminated-doctype');
  const found = disagreements({
    input: document,
    output: injection.result.html,
    existing: injection.existing,
    tags,
    edits: injection.edits,
    extraNames: resolver.options.extraNames ?? new Set(),
    refused,
  });
  if (refused) {
    // Refused: the page ends inside its doctype, after the system identifier. Then no text
    // closes it as the end of input does (with the force-quirks flag): check that neither `>`
    // nor a bogus character keeps the page as parse5 reads it, and that the page is unchanged.
    const mode = parseDocument(document).document.mode;
    const closable = ['>', ' _>', '_>'].some((closer) => parseDocument(document + closer).document.mode === mode);
    if (closable || injection.result.html !== document)
      found.push({ check: 'refusal', detail: 'an unterminated doctype was refused though it can be closed' });
  }
  const internal = injection.result.diagnostics.filter((diagnostic) => diagnostic.code === 'internal-error');
  found.push(...internal.map((diagnostic) => ({ check: 'internal error', detail: diagnostic.message })));
  return found.length === 0 ? undefined : { document, resolver: resolver.name, disagreements: found };
}

const ROBOTS_TAGS = '<meta name="robots" content="noindex"><meta name=GoogleBot content=\'nosnippet\'/>';
/** Places in a document, by what parse5 makes of it, to splice robots tags into. */
function splicePositions(document: string): Array<[string, number]> {
  const parsed = parseDocument(document);
  const head = headOf(parsed.document);
  const location = head.sourceCodeLocation;
  const firstChild = head.childNodes[0]?.sourceCodeLocation;
  const lastChild = head.childNodes.at(-1)?.sourceCodeLocation;
  const body = parsed.document.childNodes
    .flatMap((node) => ('childNodes' in node ? node.childNodes : []))
    .find((node): node is Element => 'tagName' in node && node.tagName === 'body');
  const positions: Array<[string, number | undefined]> = [
    ['start', 0],
    ['in head', location?.startTag?.endOffset ?? firstChild?.startOffset],
    ['after head', location?.endTag?.endOffset ?? lastChild?.endOffset],
    [
      'in body',
      body?.sourceCodeLocation?.startTag?.endOffset ??
        body?.childNodes[0]?.sourceCodeLocation?.startOffset ??
        document.length,
    ],
  ];
  return positions.flatMap(([name, at]) => (at === undefined ? [] : [[name, at + parsed.shift] as [string, number]]));
}
/** The corpus document, and the same with robots tags spliced in at each place, bare or wrapped. */
function variants(document: string): string[] {
  const result = [document];
  const positions = splicePositions(document);
  const inHead = positions.find(([name]) => name === 'in head')?.[1] ?? 0;
  const splice = (at: number, text: string) => document.slice(0, at) + text + document.slice(at);
  for (const [, at] of positions) result.push(splice(at, ROBOTS_TAGS));
  for (const [open, close] of [
    ['<!--', '-->'],
    ['<script>', '</script>'],
    ['<template>', '</template>'],
    ['<noscript>', '</noscript>'],
  ]) {
    result.push(splice(inHead, `${open}${ROBOTS_TAGS}${close}`));
  }
  return result;
}

const robotsMetas = [
  '<meta name=robots content=noindex>',
  '<META NAME="GoogleBot" CONTENT="nosnippet" />',
  "<meta content='max-snippet:5' name='bingbot'/>",
  '<meta name="robots" content="a&#13;b&#10;c">',
  '<meta name=robots content="&amp;x&comma;y" data-rh="true" id=r>',
  '<meta name=examplebot content=noarchive>',
  '<meta name=" Robots\n" content="none">',
  '<meta name=robots content=noindex name=googlebot>',
  '<meta\rname=robots\r\ncontent="x\0y">',
  '<meta name=robots content="</noscript></template></head>">',
];
const headElements = [
  '<meta charset="utf-8">',
  '<meta name=viewport content="width=device-width">',
  '<meta http-equiv=content-type content="text/html">',
  '<title>t</title>',
  '<title>a</head><b></title>',
  '<style>a{}</style>',
  '<style></head><meta name=robots content=x></style>',
  '<script>x()</script>',
  '<script><!--<script></script>--></script>',
  '<script><!-- </script>',
  '<base href=/>',
  '<link rel=x>',
  '<meta property=og:x content=y>',
  '<noframes></head></noframes>',
  '<link title="</noscript>" rel=x>',
  '<TITLE>x</title >',
  '<script>a = "<!--"; b = "<script>";</script>',
];
const markup = [
  '<!DOCTYPE html>',
  '<!doctype HTML>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
  '<!DOCTYPE html SYSTEM "about:legacy-compat">',
  "<!DOCTYPE html PUBLIC '-//W3C//DTD XHTML 1.0 Strict//EN'>",
  '<!DOCTYPE>',
  '<!-- c -->',
  '<!---->',
  '<!-->',
  '<!--->',
  '<!-- a --!>',
  '<!-- -- -->',
  '<!--<!-- x -->',
  '<!-- <meta name=robots content=x> -->',
  '<?php x ?>',
  '</ x>',
  '</>',
  '<!x>',
  '<![CDATA[ x ]]>',
  '<html>',
  '<HTML lang=en>',
  '<head>',
  '<HEAD>',
  '</head>',
  '</html>',
  '</br>',
  '</p>',
  '</div>',
  '</template>',
  '</TEMPLATE foo=x>',
  '<html class=x>',
  '</body>',
  '<frameset>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE html SYSTEM "about:legacy-compat"',
  '<!-- -',
];
const text = [
  ' ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\f',
  '&#32;',
  '&#x0a;',
  '&Tab;',
  '&#13;',
  '&NewLine;',
  '&#x20',
  '&nbsp;',
  'x',
  '<',
  '< x',
  '&',
  '\0',
];
const bodyStarts = [
  '<body>',
  '<BODY class=x>',
  '<p>x',
  '<div>',
  '<img src=x>',
  '<textarea>x</textarea>',
  '<frameset>',
  '<svg></svg>',
];
const noscriptInside = [
  '<link rel=stylesheet href=x>',
  '<style>a{}</style>',
  '<style></noscript></style>',
  '<img src=pixel>',
  'text',
  ' ',
  '&#32;',
  '<!-- c -->',
  '<title>x</title>',
  '<script>x</script>',
  '<template><meta name=robots content=t></template>',
  '<p>',
  '</br>',
  '</head>',
  '<noscript>',
  '<head>',
  '<noframes></noscript></noframes>',
  '<!-- </noscript> -->',
  ...robotsMetas,
];
const templateInside = [
  '<svg viewBox="0 0 1 1"><title/><path d="M0 0"/></svg>',
  '<svg><title>Icon</title><style>a{}</style><script>x</script></svg>',
  '<svg><style></template></style></svg>',
  '<svg><![CDATA[</template>]]></svg>',
  '<svg><![CDATA[x',
  '<svg><template></template></svg>',
  '<svg><template>',
  '<svg><template/>',
  '<SVG><TITLE/></SVG>',
  '<svg><foreignObject><div>x</div></foreignObject></svg>',
  '<svg><foreignobject/><style></template>',
  '<svg><desc><style></template></style></desc></svg>',
  '<svg><b></svg>',
  '<svg></p>',
  '<svg><font color=red>',
  '<svg><font>',
  '<svg></svg ><![CDATA[x]]>',
  '<math><mi>x</mi><annotation-xml encoding="text/html"><p>x</p></annotation-xml></math>',
  '<math><mi><svg><title></template>',
  '<math><mtext><style></template></style></mtext></math>',
  '<table><tr><td>x</td></tr></table>',
  '<select><style>x</template></style></select>',
  '<col><script></template></script>',
  '<tr><td><svg><title></template>',
  '<p>x</p>',
  '<b><p></b><svg><title>x<![CDATA[</template>]]>',
  '<script></template></script>',
  '<textarea></template></textarea>',
  '<noscript></template></noscript>',
  '<!-- </template> -->',
  '<plaintext>',
  '<TEMPLATE></TEMPLATE>',
  '<template/>',
  '</template x="</template>">',
  '<svg><![CDATA[ ]] > ]]></svg>',
  '<math><annotation-xml encoding="text/html"><svg><title>',
  '<math><annotation-xml><svg></template>',
  '<svg><foreignObject/><desc></desc></svg>',
  '<svg><script></template></script>',
  '<body><p>',
  '<frameset>',
  '<noscript><template></noscript>',
  '<xmp></template></xmp>',
  '<iframe></template></iframe>',
  ...robotsMetas,
];

/** Pre-body documents: head markup, robots tags, noscripts and templates (SVG and MathML inside), then the body; cut anywhere. */
const { piece } = fc.letrec<{ piece: string; template: string; noscript: string }>((tie) => ({
  template: fc
    .tuple(
      fc.array(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...templateInside) },
          { weight: 1, arbitrary: tie('template') },
        ),
        { maxLength: 4 },
      ),
      fc.boolean(),
    )
    .map(([inside, closed]) => `<template>${inside.join('')}${closed ? '</template>' : ''}`),
  noscript: fc
    .tuple(fc.array(fc.constantFrom(...noscriptInside), { maxLength: 3 }), fc.boolean())
    .map(([inside, closed]) => `<noscript>${inside.join('')}${closed ? '</noscript>' : ''}`),
  piece: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...markup) },
    { weight: 4, arbitrary: fc.constantFrom(...text) },
    { weight: 4, arbitrary: fc.constantFrom(...headElements) },
    { weight: 4, arbitrary: fc.constantFrom(...robotsMetas) },
    { weight: 2, arbitrary: tie('noscript') },
    { weight: 2, arbitrary: tie('template') },
  ),
}));
const generatedDocument = fc
  .record({
    bom: fc.boolean(),
    pieces: fc.array(piece, { maxLength: 14 }),
    body: fc.option(fc.constantFrom(...bodyStarts)),
    after: fc.array(fc.constantFrom(...robotsMetas, ...text), { maxLength: 2 }),
    // Where the input ends: anywhere, so that it ends inside every kind of token.
    cut: fc.option(fc.nat()),
  })
  .map(({ bom, pieces, body, after, cut }) => {
    const whole = `${bom ? '\uFEFF' : ''}${pieces.join('')}${body ?? ''}${after.join('')}`;
    return cut === null ? whole : whole.slice(0, cut % (whole.length + 1));
  });

function report(failures: Failure[]): string {
  const counts = new Map<string, number>();
  for (const failure of failures)
    for (const { check } of failure.disagreements) counts.set(check, (counts.get(check) ?? 0) + 1);
  return (
    `${[...counts].map(([check, count]) => `${check}: ${count}`).join(', ')}\n` +
    failures
      .slice(0, 8)
      .map(
        (failure) =>
          `${JSON.stringify(failure.document)} [${failure.resolver}]\n    ${failure.disagreements.map((d) => `${d.check}: ${d.detail}`).join('\n    ')}`,
      )
      .join('\n')
  );
}

describe('injectRobots agrees with parse5', () => {
  // Head templates that only parse5 reads exactly: loaded first, as a build's first await would.
  beforeAll(async () => {
    expect(await loadTemplateParser()).toBe(true);
  });

  it('on every html5lib tree-construction document, bare and with robots tags spliced in', () => {
    const corpus = readCorpus();
    expect(corpus.length).toBeGreaterThan(1000);
    const failures: Failure[] = [];
    let checked = 0;
    for (const { data } of corpus) {
      for (const document of variants(data)) {
        // The resolvers take turns: each meets every kind of variant.
        const resolver = resolvers[checked++ % resolvers.length]!;
        const failure = check(document, resolver);
        if (failure) failures.push(failure);
      }
    }
    expect(checked).toBeGreaterThan(corpus.length * 7);
    console.info(
      `differential.test.ts: ${checked} corpus documents checked; on ${waivers.readingsConflict} of them a removed robots tag is not in the head ` +
        "for crawlers without scripting (body content or text for them), so their tree check was waived: the browsers' reading wins.",
    );
    expect(failures.length, `${failures.length} of ${checked} documents disagree:\n${report(failures)}`).toBe(0);
  });

  const runs = fuzzRuns(4000, 20_261_122);
  // `npm run fuzz` runs 50 times as many: about a millisecond each, on a busy machine.
  const timeout = Math.max(180_000, runs.numRuns * 5);
  it(`on ${runs.numRuns} generated pre-body documents cut off anywhere`, { timeout }, () => {
    let generated = 0;
    fc.assert(
      fc.property(generatedDocument, fc.nat(resolvers.length - 1), (document, which) => {
        generated++;
        const failure = check(document, resolvers[which]!);
        if (failure) throw new Error(report([failure]));
      }),
      runs,
    );
    expect(generated).toBeGreaterThanOrEqual(runs.numRuns);
  });
});

/**
 * The pre-body scan (tag-reader.ts: no token object per tag, `<meta>` attributes looked up only
 * when asked for) and injectRobots on it against parse5, on generated hostile head documents made
 * of the pieces below: the checks of parse5-oracle.ts (the resolved tags are the head's robots
 * metas, the trees are otherwise the same, the existing tags reported are those parse5 puts in
 * the head, the edits take only robots metas), with every resolver; and each `<meta>` the scan
 * keeps has the attributes parse5 reads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planInjection } from '../../src/html/inject.js';
import { namedMetas, scanPreBody } from '../../src/html/scan-head.js';
import { attributeValue } from '../../src/html/tag-reader.js';
import type { ResolveRobotsTags } from '../../src/html/types.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { disagreements, parseDocument, type Element } from './parse5-oracle.js';

const PIECES = [
  // the document's frame, in every case and repeated
  '<!doctype html>',
  '<!DOCTYPE html>',
  '<!doctype foo>',
  '<!DOCTYPE',
  '<!doctype html PUBLIC "x',
  '<html>',
  '<HTML lang=en>',
  '<html/>',
  '</html>',
  '<head>',
  '<HEAD>',
  '<head >',
  '</head>',
  '</HEAD >',
  '</head x=">">',
  '<body>',
  '<BODY class=a>',
  '</body>',
  '</br>',
  '</p>',
  '<p>',
  '\uFEFF',
  // robots and other metas, quoted every way, duplicates, references, odd closings
  '<meta name="robots" content="noindex">',
  "<meta name='robots' content='index, follow'/>",
  '<meta name=robots content=noindex />',
  '<META NAME=ROBOTS CONTENT=NOFOLLOW>',
  '<meta content="nofollow" name="googlebot">',
  '<meta name=" Robots " content=x>',
  '<meta name="robots" name="googlebot" content=a content=b>',
  '<meta name="&#114;obots" content="&amp;x">',
  '<meta name=robots content="a>b">',
  "<meta name=robots content='a\"b'>",
  '<meta name=robots content=a/>',
  '<meta name=robots content>',
  '<meta name content=x>',
  '<meta name="">',
  '<meta charset="utf-8">',
  '<meta CHARSET=utf-8 />',
  '<meta http-equiv="Content-Type" content="text/html">',
  '<meta name="viewport" content="width=device-width">',
  '<meta name=VIEWPORT>',
  '<meta name=description content="a &quot;b&quot; c">',
  '<meta name="bingbot" content="noarchive" id=x data-rh=true>',
  '<meta =x name=robots>',
  '<meta name=robots\r\ncontent="a\r\nb">',
  '<meta name="robots\0" content=x>',
  '<meta name=robots content="x" /',
  '<meta name=robots content="x',
  '<meta\tname=robots\fcontent=x>',
  '<meta/name=robots/content=x>',
  '<meta name=myspider content=x>',
  // other head elements, with contents that hide tags
  '<link rel=stylesheet href="/a.css">',
  '<link rel="preload" href=/f.woff2 as=font crossorigin/>',
  '<base href="/">',
  '<title>T &amp; </head> <meta name=robots></title>',
  '<title>',
  '<style>a{}</style>',
  '<style>.a>b{}</head></style>',
  '<script>1</script>',
  '<script>"</script>"</script>',
  '<script><!-- <script> </script> --></script>',
  '<script src="/a.js"></script>',
  '<script>',
  '</script>',
  '<noscript><meta name="robots" content="noindex"></noscript>',
  '<noscript><img src=x></noscript>',
  '<noscript><link rel=x><meta name=googlebot content=a>',
  '</noscript>',
  '<template><meta name=robots content=x></template>',
  '<template><svg><style></template></style></svg></template>',
  '<template>',
  '</template>',
  '<noframes></head></noframes>',
  '<basefont>',
  '<bgsound>',
  '<textarea>',
  '<plaintext>',
  // tags whose end only the attribute states find: `>` in values, `=` starting a name, values unquoted or empty
  '<link a="b>c" d=e/>',
  '<link =x>',
  '<link/=x/>',
  '<link a=b/>',
  '<link a = "x" / >',
  '<link a b"c d=>',
  '<link a= >',
  "<link a='>'/ >",
  '<link a=b=c d>',
  '<link\n=\n"x">',
  '<script a="</script>">x</script>',
  "<style x='>'>a</style>",
  '<title x=">">t</title>',
  '<base href=/ />',
  '<link a="x"b=\'y\'c>',
  '</script x="</head>">',
  '<link a=',
  // comments, bogus comments and what ends them
  '<!-- c -->',
  '<!-- </head> <meta name=robots> -->',
  '<!-->',
  '<!--->',
  '<!--',
  '-->',
  '--!>',
  '<?xml version="1.0"?>',
  '<!x>',
  '</>',
  '</ x>',
  '<![CDATA[x]]>',
  // text and whitespace: what opens the body before it
  ' ',
  '\n  ',
  '\r\n\t',
  'x',
  '&amp;',
  '&#32;',
  '&#x0A;',
  '&Tab;',
  '&nbsp;',
  '<',
  '< a',
  '<3',
  '<img src=x>',
  '<div>',
  '<svg>',
  '<font color=red>',
  '<a b="c',
];
const documents = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));

const RESOLVERS: Record<string, ResolveRobotsTags> = {
  fixed: () => ({ robots: 'noindex, follow' }),
  empty: () => ({}),
  'existing merged': (existing) =>
    Object.fromEntries(existing.map((tag) => [tag.name.trim().toLowerCase(), `${tag.content}, nofollow`])),
  several: () => ({ robots: 'noindex', googlebot: 'nosnippet', 'googlebot-news': 'x\r"&' }),
  'invalid (an error)': () => ({ description: 'x' }),
  frozen: (() => {
    const tags = Object.freeze({ robots: 'noarchive', bingbot: 'noindex' });
    return () => tags;
  })(),
};

/** Every HTML `<meta>` of parse5's tree, by the offset of its tag, with its attributes. */
function parse5Metas(html: string): Map<number, Element> {
  const parsed = parseDocument(html);
  const metas = new Map<number, Element>();
  const visit = (node: { childNodes?: unknown[] }): void => {
    const element = node as Element;
    if (element.tagName === 'meta' && element.sourceCodeLocation)
      metas.set(element.sourceCodeLocation.startOffset + parsed.shift, element);
    for (const child of (node.childNodes ?? []) as Array<{ childNodes?: unknown[] }>) visit(child);
  };
  visit(parsed.document);
  return metas;
}

describe('the head scan read in place agrees with parse5', () => {
  it('keeps each head `<meta>` with the attributes parse5 reads, with and without scripting', () => {
    fc.assert(
      fc.property(documents, (html) => {
        const metas = parse5Metas(html);
        for (const scripting of [true, false]) {
          for (const meta of namedMetas(scanPreBody(html, { scripting }).headNodes)) {
            const element = metas.get(meta.node.start);
            // Scripting off, a `<noscript>`'s metas are markup that parse5 (scripting on) reads as text.
            if (element === undefined) {
              expect(scripting).toBe(false);
              continue;
            }
            for (const name of ['name', 'content', 'charset', 'http-equiv'])
              expect(attributeValue(meta.tag, name), `${name} of ${html}`).toBe(
                element.attrs.find((attribute) => attribute.name === name)?.value,
              );
          }
        }
      }),
      fuzzRuns(1500),
    );
  });

  it.each(Object.keys(RESOLVERS))('injectRobots with a resolver that returns %s tags', (resolver) => {
    const resolve = RESOLVERS[resolver]!;
    fc.assert(
      fc.property(documents, fc.constantFrom<'leave' | 'add-head'>('leave', 'add-head'), (html, fragments) => {
        const extraNames = new Set(['myspider']);
        let tags: Record<string, string> = {};
        let injection: ReturnType<typeof planInjection>;
        try {
          injection = planInjection(
            html,
            (existing) => {
              tags = resolve(existing);
              return tags;
            },
            { fragments, extraNames },
          );
        } catch (error) {
          // Only the resolver's own errors propagate (an invalid tag name).
          expect(String(error)).toMatch(/description/);
          return;
        }
        const refused = injection.result.diagnostics.some((diagnostic) => diagnostic.code === 'unterminated-doctype');
        const found = disagreements({
          input: html,
          output: injection.result.html,
          existing: injection.existing,
          tags,
          edits: injection.edits,
          extraNames,
          refused,
        });
        expect(found, html).toEqual([]);
        expect(injection.result.diagnostics.filter((diagnostic) => diagnostic.code === 'internal-error')).toEqual([]);
      }),
      fuzzRuns(800),
    );
  });

  it('reads the bench-like page (a large head of many tags) with every resolver', () => {
    const head = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? `<meta property="og:x${i}" content="v ${i}">`
        : i % 3 === 1
          ? `<link rel="stylesheet" href="/s-${i}.css">`
          : `<meta name="twitter:${i}" content='t ${i}'>`,
    ).join('\n    ');
    const html = `<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n    ${head}\n    <meta name="robots" content="index">\n    <script>var a = "</head>";</script>\n  </head>\n  <body><p>x</p></body>\n</html>\n`;
    for (const [name, resolve] of Object.entries(RESOLVERS)) {
      if (name.startsWith('invalid')) continue;
      let tags: Record<string, string> = {};
      const injection = planInjection(html, (existing) => (tags = resolve(existing)));
      expect(injection.result.changed).toBe(true);
      expect(
        disagreements({
          input: html,
          output: injection.result.html,
          existing: injection.existing,
          tags,
          edits: injection.edits,
          extraNames: new Set(),
        }),
      ).toEqual([]);
    }
  });
});

/**
 * The pre-body scan read in place (tag-reader.ts: no token object per tag, `<meta>` attributes
 * looked up only when asked for, one scanner object) against the scan it replaced
 * (oracle/head/, main at 8a7c8c2: a token per tag, attributes of `<meta>` read into objects):
 * on generated hostile head documents, both readings (with and without scripting) must give the
 * same scan, and injectRobots the same page, the same existing tags and the same diagnostics.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planInjection } from '../../src/html/inject.js';
import { namedMetas, scanPreBody, type PreBodyScan } from '../../src/html/scan-head.js';
import { attributeValue } from '../../src/html/tag-reader.js';
import type { ResolveRobotsTags, StartTagToken } from '../../src/html/types.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { planInjection as planInjectionOracle } from './oracle/head/inject.js';
import {
  attributeValue as attributeValueOracle,
  namedMetas as namedMetasOracle,
  scanPreBody as scanPreBodyOracle,
  type PreBodyScan as OraclePreBodyScan,
} from './oracle/head/scan-head.js';

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

/** A scan as plain data: tags by offsets, names, closing and (for `<meta>`) the attributes that matter, read through each side's attributeValue. */
function normalized(
  scan: PreBodyScan | OraclePreBodyScan,
  value: (tag: StartTagToken, name: string) => string | undefined,
) {
  const tag = (token: StartTagToken | undefined) =>
    token === undefined
      ? undefined
      : {
          start: token.start,
          end: token.end,
          name: token.name,
          selfClosing: token.selfClosing,
          ...(token.name === 'meta'
            ? {
                attributes: token.attributes,
                name_: value(token, 'name'),
                content: value(token, 'content'),
                charset: value(token, 'charset'),
                httpEquiv: value(token, 'http-equiv'),
              }
            : {}),
        };
  return {
    doctype: scan.doctype,
    html: tag(scan.htmlStartTag),
    head: tag(scan.headStartTag),
    headEnd: scan.headEndTag,
    body: tag(scan.bodyStartTag),
    first: scan.firstStartTag?.name,
    ignoredHeadTags: scan.ignoredHeadTags,
    bodyStart: scan.bodyStart,
    headImpliedAt: scan.headImpliedAt,
    cutOff: scan.cutOff,
    hasNoscript: scan.hasNoscript ?? false,
    unreadable: scan.unreadable,
    ignoredDoctype: scan.ignoredDoctype,
    nodes: scan.headNodes.map((node) => ({
      name: node.name,
      start: node.start,
      end: node.end,
      whitespaceStart: node.whitespaceStart,
      closed: node.closed,
      afterHead: node.afterHead,
      inNoscript: node.inNoscript ?? false,
      // The new scan keeps start tags of `<meta>`, `<noscript>` and `<template>` only.
      tag: ['meta', 'noscript', 'template'].includes(node.name) ? tag(node.tag) : undefined,
    })),
  };
}

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

describe('the head scan read in place, against the scan it replaced', () => {
  it('gives the same scan, with and without scripting, on generated hostile head documents', () => {
    fc.assert(
      fc.property(documents, (html) => {
        for (const scripting of [true, false]) {
          const scan = scanPreBody(html, { scripting });
          const oracle = scanPreBodyOracle(html, { scripting });
          expect(normalized(scan, attributeValue)).toEqual(normalized(oracle, attributeValueOracle));
          expect(namedMetas(scan.headNodes).map((meta) => [meta.node.start, meta.name])).toEqual(
            namedMetasOracle(oracle.headNodes).map((meta) => [meta.node.start, meta.name]),
          );
        }
      }),
      fuzzRuns(1500),
    );
  });

  it.each(Object.keys(RESOLVERS))(
    'gives the same page, existing tags and diagnostics with a resolver that returns %s tags',
    (resolver) => {
      const resolve = RESOLVERS[resolver]!;
      fc.assert(
        fc.property(documents, fc.constantFrom<'leave' | 'add-head'>('leave', 'add-head'), (html, fragments) => {
          const options = { fragments, extraNames: new Set(['MySpider']) };
          let error: unknown;
          let oracleError: unknown;
          let injection: ReturnType<typeof planInjection> | undefined;
          let oracle: ReturnType<typeof planInjectionOracle> | undefined;
          try {
            injection = planInjection(html, resolve, options);
          } catch (caught) {
            error = caught;
          }
          try {
            oracle = planInjectionOracle(html, resolve, options);
          } catch (caught) {
            oracleError = caught;
          }
          expect(String(error)).toBe(String(oracleError));
          expect(injection?.result).toEqual(oracle?.result);
          expect(injection?.existing).toEqual(oracle?.existing);
          expect(injection?.head).toEqual(oracle?.head);
        }),
        fuzzRuns(800),
      );
    },
  );

  it('reads the bench-like page the same (a large head of many tags) with every resolver', () => {
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
      const injection = planInjection(html, resolve);
      expect(injection.result).toEqual(planInjectionOracle(html, resolve).result);
      expect(injection.result.changed).toBe(true);
    }
  });
});

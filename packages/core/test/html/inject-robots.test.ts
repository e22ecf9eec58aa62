import { describe, expect, it } from 'vitest';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import { applyEdits } from '../../src/html/inject.js';
import { injectRobots } from '../../src/index.js';
import { pickInsertionSlot, deeperSeparator, separatorOf } from '../../src/html/render.js';

const robots = { robots: 'noindex' };
const tag = '<meta name="robots" content="noindex">';

function inject(html: string, tags: Record<string, string> = robots): string {
  return injectRobots(html, () => tags).html;
}

describe('injectRobots', () => {
  it('passes the existing tags to resolve, which merges them', () => {
    const html =
      '<!doctype html><head><meta name="robots" content="noarchive"><meta name="Bingbot" content="nosnippet"><meta name="author" content="x"></head>';
    const received: ExistingRobotsTag[][] = [];
    const result = injectRobots(html, (existing) => {
      received.push(existing);
      return {
        robots: ['noindex', ...existing.filter((found) => found.name === 'robots').map((found) => found.content)].join(
          ', ',
        ),
      };
    });
    expect(received).toEqual([
      [
        { name: 'robots', content: 'noarchive' },
        { name: 'Bingbot', content: 'nosnippet' },
      ],
    ]);
    expect(result.html).toBe(
      '<!doctype html><head><meta name="robots" content="noindex, noarchive"><meta name="author" content="x"></head>',
    );
  });

  it('passes an empty content for a robots tag without content', () => {
    const received: ExistingRobotsTag[][] = [];
    injectRobots('<html><head><meta name=robots></head>', (existing) => {
      received.push(existing);
      return {};
    });
    expect(received).toEqual([[{ name: 'robots', content: '' }]]);
  });

  it('treats extraNames case-insensitively', () => {
    const html = '<html><head><meta name="MyBot" content="x"></head>';
    const received: ExistingRobotsTag[][] = [];
    const result = injectRobots(
      html,
      (existing) => {
        received.push(existing);
        return {};
      },
      { extraNames: new Set([' MYBOT ']) },
    );
    expect(received).toEqual([[{ name: 'MyBot', content: 'x' }]]);
    expect(result).toEqual({ html: '<html><head></head>', changed: true, diagnostics: [] });
  });

  it('returns the input itself when the tags are already in place', () => {
    const html = `<!doctype html><html><head><meta charset="utf-8">${tag}<title>t</title></head></html>`;
    const result = injectRobots(html, () => robots);
    expect(result).toEqual({ html, changed: false, diagnostics: [] });
  });

  describe('placement', () => {
    it.each([
      [
        'after the charset tag',
        '<html><head><title>t</title><meta charset=utf-8><link rel=x></head>',
        `<html><head><title>t</title><meta charset=utf-8>${tag}<link rel=x></head>`,
      ],
      [
        'after the viewport tag when it follows the charset tag',
        '<html><head><meta charset=utf-8><meta name=viewport content=x><title>t</title></head>',
        `<html><head><meta charset=utf-8><meta name=viewport content=x>${tag}<title>t</title></head>`,
      ],
      [
        'after the charset tag when the viewport tag comes after a script',
        '<html><head><meta charset=utf-8><script></script><meta name=viewport content=x></head>',
        `<html><head><meta charset=utf-8>${tag}<script></script><meta name=viewport content=x></head>`,
      ],
      [
        'after a charset declared with http-equiv',
        '<html><head><title>t</title><META HTTP-EQUIV="Content-Type" content="text/html"><link></head>',
        `<html><head><title>t</title><META HTTP-EQUIV="Content-Type" content="text/html">${tag}<link></head>`,
      ],
      [
        'where the old tag was, when it precedes the scripts',
        '<html><head><title>t</title><meta name=robots content=x><link><script></script></head>',
        `<html><head><title>t</title>${tag}<link><script></script></head>`,
      ],
      [
        'before the first script, when the old tag follows it',
        '<html><head><title>t</title><script></script><meta name=robots content=x></head>',
        `<html><head><title>t</title>${tag}<script></script></head>`,
      ],
      [
        'at the end of the head otherwise',
        '<html><head><title>t</title><!-- c --></head>',
        `<html><head><title>t</title><!-- c -->${tag}</head>`,
      ],
      ['into an empty head', '<html><head></head><body>', `<html><head>${tag}</head><body>`],
      ['into a head without end tag', '<html><head><title>t</title><p>x', `<html><head><title>t</title>${tag}<p>x`],
      [
        'before an element left open at the end of input',
        '<html><head><title>t</title><script>never closed',
        `<html><head><title>t</title>${tag}<script>never closed`,
      ],
      ['into a new head after the html tag', '<html lang=en><body>', `<html lang=en><head>${tag}</head><body>`],
      ['into a new head after the doctype', '<!DOCTYPE html><body>', `<!DOCTYPE html><head>${tag}</head><body>`],
      [
        'into a new head at the start, after a byte order mark',
        '\uFEFF<body><p>x',
        `\uFEFF<head>${tag}</head><body><p>x`,
      ],
    ])('%s', (_, html, expected) => {
      expect(inject(html)).toBe(expected);
      expect(inject(expected)).toBe(expected);
    });

    it('uses the page style for void elements', () => {
      expect(inject('<html><head><link rel=x /></head>')).toBe(
        '<html><head><link rel=x /><meta name="robots" content="noindex" /></head>',
      );
      expect(inject('<html><head><meta name=robots content=x/ ></head>')).toBe(
        '<html><head><meta name="robots" content="noindex"></head>',
      );
      expect(inject('<html><head><meta name="robots" content="x"/></head>')).toBe(
        '<html><head><meta name="robots" content="noindex"/></head>',
      );
    });
  });

  describe('layout', () => {
    it('puts each tag on its own line, indented like its neighbours, keeping the newline style', () => {
      expect(
        inject('<html>\r\n<head>\r\n    <meta charset="utf-8">\r\n    <title>t</title>\r\n</head>', {
          robots: 'a',
          googlebot: 'b',
        }),
      ).toBe(
        '<html>\r\n<head>\r\n    <meta charset="utf-8">\r\n    <meta name="robots" content="a">\r\n    <meta name="googlebot" content="b">\r\n    <title>t</title>\r\n</head>',
      );
      expect(inject('<html>\n<head>\n\t\t<title>t</title>\n</head>')).toBe(
        `<html>\n<head>\n\t\t<title>t</title>\n\t\t${tag}\n</head>`,
      );
      expect(inject('<html><head>\n<title>t</title> <link></head>')).toBe(
        `<html><head>\n<title>t</title> <link> ${tag}</head>`,
      );
    });

    it('removes the whitespace before a removed tag, blank lines included', () => {
      expect(inject('<html><head>\n  <title>t</title>\n\n\n  <meta name="robots" content="x">\n</head>', {})).toBe(
        '<html><head>\n  <title>t</title>\n</head>',
      );
    });

    it('indents a new head one level deeper than the markup around it', () => {
      expect(inject('<html>\n\t<body>')).toBe(`<html>\n\t<head>\n\t\t${tag}\n\t</head>\n\t<body>`);
      expect(inject('<!doctype html>\r\n<body>')).toBe(`<!doctype html>\r\n<head>\r\n  ${tag}\r\n</head>\r\n<body>`);
      // The head goes where the parser creates it: at `<body>`, after the whitespace it ignores.
      expect(inject('<html> <body>')).toBe(`<html> <head>${tag}</head><body>`);
    });
  });

  describe('diagnostics', () => {
    it('reports documents without head, fragments, non-HTML and extra heads with the package name', () => {
      const codes = (html: string, tags: Record<string, string> = robots) => injectRobots(html, () => tags).diagnostics;
      expect(codes('<html><body>')).toEqual([
        { code: 'no-head', message: expect.stringMatching(/^\[@robots-kit\/core\] the page has no `<head>`/) },
      ]);
      expect(codes('<p>x</p>')).toEqual([
        { code: 'fragment', message: expect.stringMatching(/^\[@robots-kit\/core\] an HTML fragment/) },
      ]);
      expect(codes('{}')).toEqual([
        { code: 'not-html', message: expect.stringMatching(/^\[@robots-kit\/core\] not an HTML document/) },
      ]);
      expect(codes('<head></head><head></head>', {})).toEqual([
        {
          code: 'multiple-heads',
          message: expect.stringMatching(/^\[@robots-kit\/core\] the page has 2 `<head>` start tags/),
        },
      ]);
      expect(codes('<html><body>', {})).toEqual([]);
    });

    it("gives a fragment a head at its start only with fragments: 'add-head'", () => {
      const page = '<h1>Draft</h1>\n<p>Hello &amp; bye</p>\n';
      const added = injectRobots(page, () => robots, { fragments: 'add-head' });
      expect(added.html).toBe(`<head>${tag}</head>${page}`);
      expect(added.diagnostics.map((d) => d.code)).toEqual(['no-head']);
      expect(injectRobots(added.html, () => robots, { fragments: 'add-head' }).html).toBe(added.html);
      expect(injectRobots(page, () => robots, { fragments: 'leave' }).html).toBe(page);
      expect(injectRobots('{"a":1}', () => robots, { fragments: 'add-head' }).html).toBe('{"a":1}');
    });

    it('reports instead of throwing when the input is not even a string', () => {
      const input = Buffer.from('<html>') as unknown as string;
      const result = injectRobots(input, () => robots);
      expect(result.html).toBe(input);
      expect(result.changed).toBe(false);
      expect(result.diagnostics).toEqual([
        {
          code: 'internal-error',
          message: expect.stringMatching(/^\[@robots-kit\/core\] could not place the robots tags/),
        },
      ]);
    });

    it('calls resolve once per page, and never for a fragment or non-HTML', () => {
      let calls = 0;
      const count = () => {
        calls++;
        return robots;
      };
      injectRobots('<!doctype html><p>x', count);
      injectRobots('<p>x', count);
      injectRobots('<?xml version="1.0"?><feed></feed>', count);
      expect(calls).toBe(1);
    });
  });
});

describe('pickInsertionSlot', () => {
  it.each([
    [[], 0],
    [['other', 'other'], 2],
    [['charset', 'other', 'viewport', 'other'], 3],
    [['other', 'script', 'charset'], 3],
    [['viewport', 'script', 'charset', 'viewport'], 3],
    [['other', 'robots', 'script'], 1],
    [['script', 'robots'], 0],
    [['other', 'script', 'other', 'script'], 1],
  ] as const)('%j → %i', (roles, slot) => {
    expect(pickInsertionSlot(roles)).toBe(slot);
  });
});

describe('layout helpers', () => {
  it('keeps the last line break and indentation of a whitespace run', () => {
    expect(separatorOf('\n\n  ')).toBe('\n  ');
    expect(separatorOf(' \r\n\t')).toBe('\r\n\t');
    expect(separatorOf('\r  ')).toBe('\r  ');
    expect(separatorOf('  ')).toBe('  ');
    expect(deeperSeparator('\n\t')).toBe('\n\t\t');
    expect(deeperSeparator('\r\n')).toBe('\r\n  ');
    expect(deeperSeparator(' ')).toBe('');
  });

  it('applies insertions before removals that start at the same offset', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 6, text: '' },
        { start: 1, end: 3, text: '' },
        { start: 1, end: 1, text: 'X' },
        { start: 6, end: 6, text: 'Y' },
      ]),
    ).toBe('aXdY');
  });
});

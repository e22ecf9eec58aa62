import type { Root } from 'hast';
import { rehype } from 'rehype';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { rehypeRobots, type RehypeRobotsOptions } from '../../src/index.js';

function run(html: string, options: RehypeRobotsOptions): string {
  return rehype().use(rehypeRobots, options).processSync(html).toString();
}

const tags = { robots: 'noindex, follow', googlebot: 'max-snippet:-1' };

describe('rehypeRobots', () => {
  it('inserts the tags after the charset and viewport tags, indented like them', () => {
    const input = [
      '<!doctype html><html><head>',
      '  <meta charset="utf-8">',
      '  <meta name="viewport" content="width=device-width">',
      '  <title>Page</title>',
      '  <script src="/a.js"></script>',
      '</head>',
      '<body><p>x</p></body></html>',
    ].join('\n');
    expect(run(input, { tags })).toBe(
      [
        '<!doctype html><html><head>',
        '  <meta charset="utf-8">',
        '  <meta name="viewport" content="width=device-width">',
        '  <meta name="robots" content="noindex, follow">',
        '  <meta name="googlebot" content="max-snippet:-1">',
        '  <title>Page</title>',
        '  <script src="/a.js"></script>',
        '</head>',
        '<body><p>x</p></body></html>',
      ].join('\n'),
    );
  });

  it('keeps the other attributes of a replaced robots tag, as injectRobots does (issue 20)', () => {
    const input = '<html><head><meta data-rh="true" name="Robots" content="noindex" id="r"></head><body></body></html>';
    expect(run(input, { tags: { robots: 'nofollow' } })).toBe(
      '<html><head><meta data-rh="true" name="robots" content="nofollow" id="r"></head><body></body></html>',
    );
  });

  it('removes the robots tags of a head noscript, as injectRobots does (issue 20)', () => {
    const input =
      '<html><head><noscript>\n  <meta name="robots" content="noindex">\n  <link rel="stylesheet" href="a.css"></noscript></head><body></body></html>';
    expect(run(input, { tags: { robots: 'nofollow' } })).toBe(
      '<html><head><noscript>\n  <link rel="stylesheet" href="a.css"></noscript><meta name="robots" content="nofollow"></head><body></body></html>',
    );
  });

  it('replaces existing robots tags in any case, leaving body tags alone', () => {
    const input =
      '<!doctype html><html><head>\n<title>T</title>\n<META NAME="ROBOTS" CONTENT="noarchive">\n<meta name="GoogleBot" content="nosnippet">\n</head>' +
      '<body><meta name="robots" content="none"></body></html>';
    expect(run(input, { tags })).toBe(
      '<!doctype html><html><head>\n<title>T</title>\n<meta name="robots" content="noindex, follow">\n<meta name="googlebot" content="max-snippet:-1">\n</head>' +
        '<body><meta name="robots" content="none"></body></html>',
    );
  });

  it('goes before the first script when there is no charset or viewport tag', () => {
    const input =
      '<html><head><title>T</title><script>x()</script><meta name="robots" content="x"></head><body></body></html>';
    expect(run(input, { tags: { robots: 'noindex' } })).toBe(
      '<html><head><title>T</title><meta name="robots" content="noindex"><script>x()</script></head><body></body></html>',
    );
  });

  it('removes every robots tag when tags is empty, and a name in extraNames or tags too', () => {
    const input =
      '<html><head>\n  <meta name="robots" content="noindex">\n  <meta name="mybot" content="x">\n  <meta name="otherbot" content="y">\n  <meta name="description" content="d">\n</head><body></body></html>';
    expect(run(input, { tags: {}, extraNames: new Set(['mybot']) })).toBe(
      '<html><head>\n  <meta name="otherbot" content="y">\n  <meta name="description" content="d">\n</head><body></body></html>',
    );
    expect(run(input, { tags: { otherbot: 'nofollow' } })).toBe(
      '<html><head>\n  <meta name="otherbot" content="nofollow">\n  <meta name="mybot" content="x">\n  <meta name="description" content="d">\n</head><body></body></html>',
    );
  });

  it('moves a robots tag written after </head> into the head, as the parser already did', () => {
    const input =
      '<!doctype html><html><head><title>T</title></head><meta name="robots" content="x"><body></body></html>';
    expect(run(input, { tags: { robots: 'noindex' } })).toBe(
      '<!doctype html><html><head><title>T</title><meta name="robots" content="noindex"></head><body></body></html>',
    );
  });

  it('fills an empty head and an implied one', () => {
    expect(run('<!doctype html><p>x</p>', { tags: { robots: 'noindex' } })).toBe(
      '<!doctype html><html><head><meta name="robots" content="noindex"></head><body><p>x</p></body></html>',
    );
  });

  it('is idempotent', () => {
    const input =
      '<!doctype html><html><head>\n  <meta charset="utf-8">\n  <title>T</title>\n</head><body></body></html>';
    const once = run(input, { tags });
    expect(run(once, { tags })).toBe(once);
  });

  it('escapes content', () => {
    expect(run('<html><head></head><body></body></html>', { tags: { robots: '"><script>alert(1)</script>' } })).toBe(
      '<html><head><meta name="robots" content="&#x22;><script>alert(1)</script>"></head><body></body></html>',
    );
  });

  it('leaves a fragment without html element alone and creates a head inside a bare html element', () => {
    const fragment = rehype().data('settings', { fragment: true }).use(rehypeRobots, { tags });
    expect(fragment.processSync('<p>x</p>').toString()).toBe('<p>x</p>');

    const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'html', properties: {}, children: [] }] };
    rehypeRobots({ tags: { robots: 'noindex' } })(tree);
    expect(tree.children[0]).toMatchObject({
      children: [
        { tagName: 'head', children: [{ tagName: 'meta', properties: { name: 'robots', content: 'noindex' } }] },
      ],
    });
    const empty: Root = {
      type: 'root',
      children: [{ type: 'element', tagName: 'html', properties: {}, children: [] }],
    };
    rehypeRobots({ tags: {} })(empty);
    expect(empty.children[0]).toMatchObject({ children: [] });
  });

  it('leaves template contents alone, and body noscripts', () => {
    const input =
      '<html><head><template><meta name="robots" content="y"></template></head><body><noscript><meta name="robots" content="x"></noscript></body></html>';
    expect(run(input, { tags: { robots: 'noindex' } })).toBe(
      '<html><head><template><meta name="robots" content="y"></template><meta name="robots" content="noindex"></head><body><noscript><meta name="robots" content="x"></noscript></body></html>',
    );
  });

  it('rejects bad options with the value in backticks', () => {
    expect(() => rehypeRobots(undefined as unknown as RehypeRobotsOptions)).toThrow(RobotsError);
    expect(() => rehypeRobots({} as RehypeRobotsOptions)).toThrow(/tags.*`undefined`/);
    expect(() => rehypeRobots({ tags: { 'google bot': 'noindex' } })).toThrow(
      /invalid robots meta name `google bot`.*Did you mean `google-bot`\?/,
    );
    expect(() => rehypeRobots({ tags: { robots: 1 as unknown as string } })).toThrow(/key `tags.robots`.*`1`/);
    expect(() => rehypeRobots({ tags, extraNames: ['mybot'] as unknown as Set<string> })).toThrow(
      /extraNames.*`\["mybot"\]`/,
    );
    expect(() => rehypeRobots({ tags, extraNames: new Set([1]) as unknown as Set<string> })).toThrow(
      /extraNames.*`\[1\]`/,
    );
  });
});

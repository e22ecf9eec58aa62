import { rehype } from 'rehype';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { injectRobots, rehypeRobots } from '../../src/index.js';

const page =
  '<!doctype html>\n<html>\n<head>\n  <meta charset="utf-8">\n  <title>T</title>\n</head>\n<body><p>x</p></body>\n</html>\n';

/** Every element name in a page, as a browser's parser sees it. */
function elementNames(html: string): string[] {
  const names: string[] = [];
  const visit = (node: { type: string; tagName?: string; children?: unknown[] }) => {
    if (node.type === 'element') names.push(node.tagName!);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(rehype().parse(html));
  return names;
}

/** The head's elements and their attributes, as a browser's parser sees them. */
function parsedHead(html: string) {
  const tree = rehype().parse(html);
  const root = tree.children.find((node) => node.type === 'element' && node.tagName === 'html');
  if (root?.type !== 'element') throw new Error('no html element');
  const head = root.children.find((node) => node.type === 'element' && node.tagName === 'head');
  if (head?.type !== 'element') throw new Error('no head element');
  return head.children.flatMap((node) =>
    node.type === 'element' ? [{ tagName: node.tagName, properties: node.properties }] : [],
  );
}

function asParsed(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}

const hostileContents = [
  'noindex"><script>alert(1)</script>',
  "noindex' onload='alert(1)",
  'noindex --> <script>alert(1)</script> <!--',
  'noindex\n<meta name="robots" content="index">',
  'noindex\r\n\r\nX-Injected: 1',
  '</head><body onload=alert(1)>',
  '&quot;><img src=x onerror=alert(1)>',
  'noindex\u0000\u2028',
];

describe('security: resolved tags cannot inject markup', () => {
  it.each(hostileContents)('content %j stays one attribute value of one meta element', (content) => {
    const result = injectRobots(page, () => ({ robots: content }));
    expect(result.changed).toBe(true);
    const head = parsedHead(result.html);
    expect(head.map((element) => element.tagName)).toEqual(['meta', 'meta', 'title']);
    // The browser reads back exactly the resolved content (a carriage return is written as
    // `&#13;`, since the input stream turns a raw one into a line feed), but for NUL, which no
    // markup can carry (U+FFFD).
    expect(head[1]).toEqual({
      tagName: 'meta',
      properties: { name: 'robots', content: content.replace(/\0/g, '\uFFFD') },
    });
    expect(elementNames(result.html)).toEqual(['html', 'head', 'meta', 'meta', 'title', 'body', 'p']);
    expect(injectRobots(result.html, () => ({ robots: content })).html).toBe(result.html);
  });

  it.each(hostileContents)('rehypeRobots escapes content %j too', (content) => {
    const output = rehype()
      .use(rehypeRobots, { tags: { robots: content } })
      .processSync(page)
      .toString();
    expect(parsedHead(output)[1]).toEqual({
      tagName: 'meta',
      properties: { name: 'robots', content: asParsed(content) },
    });
    expect(elementNames(output)).toEqual(['html', 'head', 'meta', 'meta', 'title', 'body', 'p']);
  });

  it.each([
    'robots" content="index',
    'robots onload=alert(1)',
    'google bot',
    ' robots',
    'robots>',
    "robots'",
    '<script>',
    '',
    'robots\n',
    'goog\u0000lebot',
  ])('rejects meta name %j with a RobotsError before touching the page', (name) => {
    expect(() => injectRobots(page, () => ({ [name]: 'noindex' }))).toThrow(RobotsError);
    expect(() => rehypeRobots({ tags: { [name]: 'noindex' } })).toThrow(RobotsError);
  });

  it('names the bad value in backticks, with control characters escaped, and suggests a fix', () => {
    try {
      injectRobots(page, () => ({ 'Google Bot\u001b': 'noindex' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RobotsError);
      const message = (error as RobotsError).message;
      expect(message).toMatch(
        /^\[@robots-kit\/core\] resolve\(\), key `tags`: invalid robots meta name `Google Bot\\u001b`/,
      );
      expect(message).not.toContain('\u001b');
      expect(message).toContain('Did you mean `google-bot`?');
      expect((error as RobotsError).code).toBe('invalid-meta-name');
    }
  });

  it('rejects contents that are not strings and names given twice', () => {
    expect(() => injectRobots(page, () => ({ robots: 42 }) as unknown as Record<string, string>)).toThrow(
      /key `tags.robots`: robots meta content must be a string, not `42`/,
    );
    expect(() => injectRobots(page, () => ({ robots: 'noindex', ROBOTS: 'nofollow' }))).toThrow(/given twice/);
    expect(() => injectRobots(page, () => null as unknown as Record<string, string>)).toThrow(
      /must be an object.*`null`/,
    );
    expect(() => injectRobots(page, () => ['noindex'] as unknown as Record<string, string>)).toThrow(RobotsError);
  });

  it('propagates errors thrown by resolve', () => {
    const failure = new RobotsError({
      code: 'unknown-directive',
      source: 'src/a.md',
      key: 'robots',
      value: 'noindx',
      problem: 'unknown directive',
    });
    expect(() =>
      injectRobots(page, () => {
        throw failure;
      }),
    ).toThrow(failure);
  });

  it('rejects a __proto__ key in the resolved tags', () => {
    const tags = JSON.parse('{"__proto__": "noindex", "robots": "nofollow"}') as Record<string, string>;
    expect(() => injectRobots(page, () => tags)).toThrow(/invalid robots meta name `__proto__`/);
    expect(({} as Record<string, unknown>).robots).toBeUndefined();
  });
});

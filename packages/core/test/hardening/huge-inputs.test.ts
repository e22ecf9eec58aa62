import { describe, expect, it } from 'vitest';
import { injectRobots, isAllowed, parseRobotsTxt, reconcile } from '../../src/index.js';
import { readRobotsTags } from '../../src/adapter.js';
import { fuzzRuns } from '../fuzz-runs.js';
import fc from 'fast-check';

const tag = '<meta name="robots" content="noindex">';

describe('huge inputs are handled in bounded time and memory', () => {
  it('injects into a 50 MB page by reading only the part before the body', () => {
    const head = '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>big</title>\n</head>\n<body>\n';
    const body = '<p>' + 'x&amp;y '.repeat(7_000_000) + '</p>\n</body>\n</html>\n';
    const html = head + body;
    expect(html.length).toBeGreaterThan(50_000_000);
    const before = process.memoryUsage().rss;
    const result = injectRobots(html, () => ({ robots: 'noindex' }));
    const grown = process.memoryUsage().rss - before;
    expect(result.changed).toBe(true);
    expect(result.html.length).toBe(html.length + tag.length + 1);
    expect(result.html.endsWith(body)).toBe(true);
    expect(result.html.slice(0, 200)).toContain(`<meta charset="utf-8">\n${tag}\n`);
    // The output string is the only new copy of the page: no parse tree of the body.
    expect(grown).toBeLessThan(400 * 1024 * 1024);
  });

  it('reads a page whose head is one 5 MB attribute without blowing up', () => {
    const html = `<!doctype html><html><head><meta name="description" content="${'a'.repeat(5_000_000)}"><meta name="robots" content="nofollow"></head><body></body></html>`;
    expect(readRobotsTags(html)).toEqual([{ name: 'robots', content: 'nofollow' }]);
    const seen: string[] = [];
    const result = injectRobots(html, (existing) => {
      seen.push(...existing.map((e) => e.content));
      return { robots: 'noindex, nofollow' };
    });
    expect(seen).toEqual(['nofollow']);
    expect(result.html.length).toBe(
      html.length -
        '<meta name="robots" content="nofollow">'.length +
        '<meta name="robots" content="noindex, nofollow">'.length,
    );
  });

  it('parses a 1 MB robots.txt up to the 500 KiB crawlers read, and says so', () => {
    const line = 'Disallow: /section/*/private/*.pdf$\n';
    const text = 'User-agent: *\n' + line.repeat(Math.ceil(1_048_576 / line.length));
    const parsed = parseRobotsTxt(text);
    expect(parsed.truncated).toBe(true);
    expect(parsed.diagnostics.map((d) => d.code)).toContain('file-too-large');
    expect(isAllowed(parsed, 'Googlebot', 'https://example.com/section/a/private/b.pdf')).toBe(false);
    expect(isAllowed(parsed, 'Googlebot', 'https://example.com/section/a/public/b.pdf')).toBe(true);
  });

  it('matches many wildcard patterns against a long URL linearly', () => {
    const rules = Array.from({ length: 2000 }, (_, i) => `Disallow: /*a*a*a*a*a*a*a*a*${i}b`).join('\n');
    const url = 'https://example.com/' + 'a'.repeat(20_000);
    expect(isAllowed(`User-agent: *\n${rules}\n`, 'Googlebot', url)).toBe(true);
  });

  it('parses a directive list of 200,000 tokens', () => {
    const list = Array.from({ length: 200_000 }, (_, i) => (i % 2 ? 'noarchive' : 'max-snippet:' + (i % 500))).join(
      ', ',
    );
    expect(reconcile(list)).toBe('noarchive, nosnippet');
  });
});

describe('never throws on arbitrary bytes', () => {
  it('injectRobots and readRobotsTags survive any string, including NUL and lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (text) => {
        const result = injectRobots(text, () => ({ robots: 'noindex' }));
        expect(typeof result.html).toBe('string');
        readRobotsTags(text);
      }),
      fuzzRuns(500),
    );
  });
  it('parseRobotsTxt survives any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const parsed = parseRobotsTxt(bytes);
        expect(Array.isArray(parsed.groups)).toBe(true);
        isAllowed(parsed, 'Googlebot', 'https://example.com/a');
      }),
      fuzzRuns(500),
    );
  });
});

/**
 * parse5, for the head templates only it reads exactly, is loaded with a plain `import()` of the
 * bare specifier (traced by bundlers for edge runtimes; no `createRequire`): the streaming
 * transform awaits it when a page needs it, the synchronous one reads such a page once it is
 * loaded and, before, leaves it unchanged with a diagnostic that names parse5.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { injectRobots } from '../../src/html/inject.js';
import { injectRobotsStream } from '../../src/html/inject-stream.js';

// A head template holding a table: parse5 decides where it ends.
const PAGE =
  '<!DOCTYPE html><html><head><template><table><tr><td><meta name="robots" content="x"></template>' +
  '<meta name="robots" content="noindex"></head><body><p>x</p></body></html>';
const resolve = () => ({ robots: 'nofollow' });
function bytes(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

describe('parse5 for head templates, loaded on first need', () => {
  it('the first synchronous page that needs it is left unchanged, with a diagnostic naming parse5; the stream awaits it; then both read it', async () => {
    const first = injectRobots(PAGE, resolve);
    expect(first.html).toBe(PAGE);
    expect(first.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['internal-error']);
    expect(first.diagnostics[0]!.message).toMatch(/parse5/);

    const streamed = await injectRobotsStream(bytes(PAGE), resolve);
    const text = await new Response(streamed.body).text();
    expect(streamed.changed).toBe(true);
    const expected = PAGE.replace('<meta name="robots" content="noindex">', '<meta name="robots" content="nofollow">');
    expect(text).toBe(expected);
    expect(injectRobots(PAGE, resolve).html).toBe(expected);
  });

  it('no module of the HTML reader (src/html) loads anything through createRequire', () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const html = files.filter((file) => file.startsWith('html'));
    expect(html.length).toBeGreaterThan(10);
    for (const file of html) expect(readFileSync(join(src, file), 'utf8'), file).not.toMatch(/createRequire/);
  });
});

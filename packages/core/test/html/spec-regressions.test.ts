/**
 * Issue 20: the head scanner disagreed with the HTML parsing spec in five ways (A–E) and three
 * smaller ones. Each case: the minimal input of the issue, the exact output, and parse5's verdict
 * on it (the differential checks of parse5-oracle.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTemplateParser } from '../../src/html/template-contents.js';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import { planInjection } from '../../src/html/inject.js';
import { disagreements, parseDocument } from './parse5-oracle.js';

const NOINDEX = '<meta name="robots" content="noindex">';

/** injectRobots with fixed tags; fails on any disagreement with parse5. */
function transform(
  html: string,
  tags: Record<string, string> = { robots: 'noindex' },
): { html: string; existing: ExistingRobotsTag[] | undefined } {
  const injection = planInjection(html, () => tags, { fragments: 'add-head' });
  const found = disagreements({
    input: html,
    output: injection.result.html,
    existing: injection.existing,
    tags,
    edits: injection.edits,
    extraNames: new Set(),
  });
  expect(found).toEqual([]);
  return { html: injection.result.html, existing: injection.existing };
}

describe('issue 20: the head scanner agrees with the HTML parsing spec', () => {
  // Head templates that only parse5 reads exactly: loaded first, as a build's first await would.
  beforeAll(async () => {
    expect(await loadTemplateParser()).toBe(true);
  });

  it('A. tags are not written into a comment that runs to the end of the input', () => {
    expect(transform('<head><!').html).toBe(`<head>${NOINDEX}<!`);
    expect(transform('<!DOCTYPE html><head><title>t</title><!-- unclosed').html).toBe(
      `<!DOCTYPE html><head><title>t</title>${NOINDEX}<!-- unclosed`,
    );
  });

  it('B. a doctype cut off by the end of input is closed as the end closes it, before a new head', () => {
    const { html } = transform('<!DOCTYPE html');
    // The doctype keeps its name and the force-quirks flag that the end of input gave it.
    expect(html).toBe(`<!DOCTYPE html _><head>${NOINDEX}</head>`);
    expect(parseDocument(html).document.mode).toBe('quirks');
    expect(transform('<!DOCTYPE html PUBLIC "-//W3C//DTD').html).toBe(
      `<!DOCTYPE html PUBLIC "-//W3C//DTD><head>${NOINDEX}</head>`,
    );
  });

  it('B. a doctype that no text can close as the end of input does is refused, unchanged', () => {
    const injection = planInjection('<!DOCTYPE html SYSTEM "about:legacy-compat"', () => ({ robots: 'noindex' }));
    expect(injection.result.html).toBe('<!DOCTYPE html SYSTEM "about:legacy-compat"');
    expect(injection.result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['unterminated-doctype']);
  });

  it('C. a new head goes where the token that implies it stands, after leading comments', () => {
    expect(transform('<!DOCTYPE html><!-- X --><p>x').html).toBe(
      `<!DOCTYPE html><!-- X --><head>${NOINDEX}</head><p>x`,
    );
    expect(transform('<!doctype html><html></p><!--foo-->').html).toBe(
      `<!doctype html><html></p><!--foo--><head>${NOINDEX}</head>`,
    );
  });

  it('D. SVG in a head template: self-closing <title/>, then the robots tag after the template is seen', () => {
    const html =
      '<head><template id=icon><svg viewBox="0 0 1 1"><title/><path d="M0 0"/></svg></template><meta name=robots content=noindex></head>';
    const result = transform(html, { robots: 'noindex, nofollow' });
    expect(result.existing).toEqual([{ name: 'robots', content: 'noindex' }]);
    expect(result.html).toBe(
      '<head><template id=icon><svg viewBox="0 0 1 1"><title/><path d="M0 0"/></svg></template><meta name="robots" content="noindex, nofollow"></head>',
    );
  });

  it.each([
    [
      'an SVG <style> is not raw text',
      '<head><template><svg><style></template><meta name=robots content=noindex></style></svg></template></head>',
    ],
    [
      'CDATA in SVG hides a </template>',
      '<head><template><svg><![CDATA[</template>]]></svg></template><meta name=robots content=noindex></head>',
    ],
    [
      'a self-closing SVG <template/> opens nothing',
      '<head><template><svg><template/></svg></template><meta name=robots content=noindex></head>',
    ],
    [
      'MathML text inside a template',
      '<head><template><math><mi>x</mi></math></template><meta name=robots content=noindex></head>',
    ],
    [
      'HTML inside SVG (read by parse5)',
      '<head><template><svg><foreignObject><div></template><meta name=robots content=noindex></head>',
    ],
    [
      'a table in a template (read by parse5)',
      '<head><template><tr><td><svg><title></template><meta name=robots content=noindex></head>',
    ],
  ])('D. %s', (_, html) => {
    const result = transform(html, { robots: 'nofollow' });
    expect(result.existing).toEqual([{ name: 'robots', content: 'noindex' }]);
    expect(result.html).toContain('<meta name="robots" content="nofollow">');
  });

  it('E. removing the robots tag that opened the head keeps the doctype after it ignored (quirks mode stays)', () => {
    const html = '<meta name="robots" content="noindex">\n<!DOCTYPE html><html><head><meta charset="utf-8"></head>';
    expect(transform(html, { robots: 'nofollow' }).html).toBe(
      '<meta name="robots" content="nofollow">\n<!DOCTYPE html><html><head><meta charset="utf-8"></head>',
    );
    expect(transform(html, {}).html).toBe('<head>\n<!DOCTYPE html><html><head><meta charset="utf-8"></head>');
  });

  it('E. removing the robots tag that opened the head keeps the comment after it in the head', () => {
    const html = '<!DOCTYPE html><meta name=robots content=noindex><!-- c --><meta charset=utf-8>';
    expect(transform(html, { robots: 'nofollow' }).html).toBe(
      '<!DOCTYPE html><meta name="robots" content="nofollow"><!-- c --><meta charset=utf-8>',
    );
    expect(transform(html, {}).html).toBe('<!DOCTYPE html><head><!-- c --><meta charset=utf-8>');
  });

  it('&#13; in an attribute value is a carriage return (line breaks are normalized before references are decoded)', () => {
    expect(transform('<head><meta name=robots content="a&#13;b\r\nc">').existing).toEqual([
      { name: 'robots', content: 'a\rb\nc' },
    ]);
    // And a carriage return written back is a reference, so it reads back as one.
    expect(transform('<head></head>', { robots: 'a\rb' }).html).toBe(
      '<head><meta name="robots" content="a&#13;b"></head>',
    );
  });

  it('a replaced robots tag keeps its other attributes (data-rh, id…), in their order', () => {
    const html = '<head><meta data-rh="true" NAME="Robots" content=noindex id=r class=\'x\'/></head>';
    expect(transform(html, { robots: 'nofollow' }).html).toBe(
      '<head><meta data-rh="true" name="robots" content="nofollow" id=r class=\'x\'/></head>',
    );
  });

  it('a robots tag in a head <noscript>, read by crawlers without scripting, is read and replaced', () => {
    const html =
      '<!DOCTYPE html><head><meta charset=utf-8><noscript><meta name=robots content=noindex><link rel=stylesheet href=a.css></noscript></head>';
    const result = transform(html, { robots: 'nofollow' });
    expect(result.existing).toEqual([{ name: 'robots', content: 'noindex' }]);
    expect(result.html).toBe(
      '<!DOCTYPE html><head><meta charset=utf-8><meta name="robots" content="nofollow"><noscript><link rel=stylesheet href=a.css></noscript></head>',
    );
  });

  it('a head <noscript> that ends the head without scripting (a tracking pixel) keeps the tags before it', () => {
    const html = '<!DOCTYPE html><head><noscript><img src=pixel></noscript><meta name=robots content=noindex></head>';
    const result = transform(html, { robots: 'nofollow' });
    expect(result.existing).toEqual([{ name: 'robots', content: 'noindex' }]);
    expect(result.html).toBe(
      '<!DOCTYPE html><head><meta name="robots" content="nofollow"><noscript><img src=pixel></noscript></head>',
    );
  });

  it('a head template that only parse5 reads, past its budget of tags, leaves the page unchanged, in bounded time', () => {
    const page = (cells: string) =>
      `<!DOCTYPE html><head><template><table>${cells}</table></template><meta name=robots content=noindex></head><body>`;
    const hostile = page('<tr><td>x</td></tr>'.repeat(60_000));
    const injection = planInjection(hostile, () => ({ robots: 'nofollow' }));
    expect(injection.result.html).toBe(hostile);
    expect(injection.result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['internal-error']);
    expect(injection.result.diagnostics[0]!.message).toMatch(
      /^\[@robots-kit\/core\] could not place the robots tags \(the head `<template>` at offset \d+ needs the full HTML parser, and the page has more than 10000 tags/,
    );
    // A page as large whose template the fast path reads: parse5 stops at its budget, so the
    // hostile page costs a bounded multiple of it, however long it is.
    const benign = `<!DOCTYPE html><head><template>${'<p>x</p><b>y</b>'.repeat(hostile.length / 16)}</template><meta name=robots content=noindex></head><body>`;
    const cpu = (html: string) => {
      const start = process.cpuUsage();
      for (let run = 0; run < 3; run++) planInjection(html, () => ({ robots: 'nofollow' }));
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    cpu(benign);
    cpu(hostile);
    expect(cpu(hostile) / cpu(benign)).toBeLessThan(3);
  });
});

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import robots from '@robots-kit/astro';
import { robotsSchema } from '@robots-kit/astro/schema';
import { build } from 'astro';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RobotsData } from '../src/page-directives.js';
import { moduleCode } from '../src/vite-plugin.js';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import { LATIN1_BODY_PAGE, LATIN1_HEAD_PAGE, LATIN1_PAGE } from './fixtures/security/src/latin1-page.mjs';

const PWNED = Symbol.for('@robots-kit/astro security test');

describe('values from options and front matter travel to the middleware as data, never as code', () => {
  it('round-trips hostile strings through the virtual module unchanged and without running them', async () => {
    const hostile = [
      `"); globalThis[Symbol.for('@robots-kit/astro security test')] = true; ("`,
      '`; globalThis.x = 1; `${globalThis.y = 2}',
      '</script><script>alert(1)</script>',
      '*/ throw new Error("escaped") /*',
      'line\u2028separator\u2029and\\backslash',
    ];
    const data = {
      options: { frontMatterKey: 'robots', site: hostile[0] },
      routes: { [hostile[2]!]: hostile[3]! },
      frontMatter: Object.fromEntries(hostile.map((value, i) => [`src/pages/${i}.md`, value])),
    } as unknown as RobotsData;
    const code = moduleCode(data);
    const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      default: unknown;
    };
    expect(module.default).toEqual(data);
    expect((globalThis as Record<symbol, unknown>)[PWNED]).toBeUndefined();
    expect((globalThis as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('hostile robots tags and values in a real build', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('security');
  });

  it('replaces a theme tag that tries to break out of its attribute, keeping only the valid directive', async () => {
    const html = await site.read('theme-tag/index.html');
    expect(robotsTags(html)).toEqual([['robots', 'noindex']]);
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<p>Body text stays.</p>');
    expect(site.logs.some((entry) => entry.level === 'warn' && entry.message.includes('/theme-tag/'))).toBe(true);
  });

  it('drops an entity-encoded payload in an existing tag instead of decoding it into markup', async () => {
    const html = await site.read('escaped-entity/index.html');
    expect(robotsTags(html).map(([name]) => name)).toEqual(['googlebot']);
    expect(html).not.toMatch(/<img/i);
  });

  it('does not take a robots tag written inside a head script for a real one', async () => {
    const html = await site.read('script-lookalike/index.html');
    expect(html).toContain(`const s = '</head><meta name="robots" content="index">';`);
    const real = robotsTags(html.replace(/<script>[\s\S]*?<\/script>/, ''));
    expect(real).toEqual([
      ['robots', 'noarchive'],
      ['googlebot', 'noarchive, max-snippet:-1, max-image-preview:large, max-video-preview:-1'],
    ]);
  });

  it('leaves an endpoint that returns text/html untouched (ep.html.ts)', async () => {
    expect(await site.read('ep.html')).toBe(
      '<!doctype html><html><head><title>Endpoint</title></head><body>Made by an endpoint</body></html>',
    );
  });

  it('returns an HTML body that is not valid UTF-8 byte for byte', async () => {
    expect((await site.readBytes('latin1.html')).equals(Buffer.from(LATIN1_PAGE))).toBe(true);
  });

  it('edits the UTF-8 head of a page whose body is not UTF-8, and keeps the body byte for byte', async () => {
    const bytes = await site.readBytes('latin1-body/index.html');
    const input = Buffer.from(LATIN1_BODY_PAGE);
    const headEnd = input.indexOf('</head>');
    expect(bytes.subarray(bytes.indexOf('</head>')).equals(input.subarray(headEnd))).toBe(true);
    expect(robotsTags(bytes.toString('latin1'))).toEqual([['robots', 'noindex']]);
    expect(site.logs.some((entry) => entry.level === 'warn' && entry.message.includes('/latin1-body/'))).toBe(true);
  });

  it('leaves a page whose head is not UTF-8 byte for byte, and says so', async () => {
    expect((await site.readBytes('latin1-head/index.html')).equals(Buffer.from(LATIN1_HEAD_PAGE))).toBe(true);
    expect(
      site.logs.some(
        (entry) =>
          entry.level === 'warn' &&
          entry.message.includes('/latin1-head/') &&
          entry.message.includes('not valid UTF-8'),
      ),
    ).toBe(true);
  });

  it('fails the build on markup passed as directives, quoting it escaped, and writes no page', async () => {
    const root = fixtureRoot('security');
    let failure: unknown;
    try {
      await build({
        root: fileURLToPath(root),
        configFile: false,
        srcDir: './hostile',
        outDir: './dist-hostile',
        cacheDir: './node_modules/.astro-hostile',
        logLevel: 'silent',
        integrations: [robots()],
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('hostile/pages/index.astro (Astro.locals.robots)');
    expect((failure as Error).message).toContain('`"><script>alert(1)</script>`');
    expect(existsSync(new URL('./dist-hostile/index.html', root))).toBe(false);
  });

  it('quotes control characters in error messages instead of printing them to the terminal', () => {
    const result = robotsSchema().safeParse('\u001b[2J\u001b[31mnoindex');
    expect(result.success).toBe(false);
    const message = result.error!.issues[0]!.message;
    expect(message).not.toContain('\u001b');
    expect(message).toContain('\\u001b');
  });
});

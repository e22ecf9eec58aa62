import { matchHeaderPattern, parseHeadersFile, readHtaccessHeaders } from '@robots-kit/core/internal/adapter';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { ours } from './helpers/site-output.js';

/**
 * Another integration that writes `_headers` and `.htaccess` in its own `astro:build:done`,
 * listed after and before robots() (issue 36 item 5): robots-kit writes its X-Robots-Tag
 * entries after that hook in both orders, merged into the other integration's files, so both
 * survive in the deployed files.
 */
describe.each([
  ['listed after robots()', 'robots-first'],
  ['listed before robots()', 'host-first'],
])('an integration that writes header files in astro:build:done, %s', (_order, name) => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('header-files-order', {
      config: { configFile: `./astro.${name}.config.mjs`, outDir: `./dist-${name}`, logLevel: 'info' },
    });
  });

  /** The values of header `name` a `_headers` file gives `path`, read as Netlify matches it. */
  const headerValues = (text: string, path: string, name: string): string[] =>
    [...parseHeadersFile(text)]
      .filter(([pattern]) => matchHeaderPattern(pattern, path))
      .flatMap(([, headers]) => headers.filter((header) => header.name === name).map((header) => header.value));

  it("keeps the other integration's `_headers` rules and adds robots-kit's, once", async () => {
    const text = await site.read('_headers');
    expect(headerValues(text, '/_astro/app.js', 'Cache-Control')).toEqual(['public, max-age=31536000, immutable']);
    expect(headerValues(text, '/private/report', 'X-Robots-Tag')).toEqual(['noindex']);
    expect(headerValues(text, '/', 'X-Robots-Tag')).toEqual([]);
    expect(text.match(/# robots-kit:begin/g)).toHaveLength(1);
  });

  it("keeps the other integration's `.htaccess` lines and adds robots-kit's block, once", async () => {
    const text = await site.read('.htaccess');
    expect(text.split('\n')[0]).toBe('ErrorDocument 404 /404.html');
    const robotsRules = readHtaccessHeaders(text).filter((rule) =>
      rule.headers.some((header) => header.name.toLowerCase() === 'x-robots-tag'),
    );
    expect(robotsRules).toHaveLength(1);
    expect(robotsRules[0]!.headers).toEqual([{ action: 'set', name: 'X-Robots-Tag', value: 'noindex', always: false }]);
    const covers = (path: string): boolean => new RegExp(robotsRules[0]!.pattern!).test(path);
    expect([covers('/private/report'), covers('/')]).toEqual([true, false]);
  });

  it('logs the files as written after the other integration, with no error', () => {
    expect(site.logs.filter((entry) => entry.level === 'error')).toEqual([]);
    const infos = ours(site.logs, 'info');
    expect(infos.some((line) => line.startsWith('`_headers`'))).toBe(true);
    expect(infos.some((line) => line.startsWith('`.htaccess`'))).toBe(true);
  });
});

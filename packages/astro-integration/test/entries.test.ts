/**
 * Issue 11 item 2: which collection entry is the page's own. A real build of pages whose props or
 * renders hold several entries; the page gets the robots of the entry it was generated for, and
 * the build warns when it cannot tell and the choice would matter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

describe('the entry a page is the page of (issue 11 item 2)', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('entries', { config: { logLevel: 'info' } });
  });
  const tags = async (file: string) => robotsTags(await site.read(file));
  const warnings = () => site.logs.filter((entry) => entry.level === 'warn').map((entry) => entry.message);

  it('takes the entry whose id is the route param, not the featured entry listed before it in props', async () => {
    expect(await tags('blog/draft/index.html')).toEqual([['robots', 'noindex']]);
    expect(await tags('blog/archived/index.html')).toEqual([
      ['robots', 'noarchive'],
      ['googlebot', `noarchive, ${GOOGLEBOT}`],
    ]);
    // The featured entry's own page, and a plain post beside it: nothing of the other entry leaks in.
    expect(await tags('blog/featured/index.html')).toEqual([['googlebot', GOOGLEBOT]]);
    expect(await tags('blog/plain-one/index.html')).toEqual([['googlebot', GOOGLEBOT]]);
  });

  it('takes the prop named `entry` when the params name none of them', async () => {
    expect(await tags('entry-prop/named/index.html')).toEqual([['googlebot', GOOGLEBOT]]);
  });

  it('takes the entry the page rendered when it loaded more than one', async () => {
    expect(await tags('rendered/index.html')).toEqual([['robots', 'noindex']]);
  });

  it('applies none and warns once, naming the route and the entries, when it cannot tell and they differ', async () => {
    expect(await tags('pair/compare/index.html')).toEqual([['googlebot', GOOGLEBOT]]);
    const named = warnings().filter((message) => message.includes('cannot tell which collection entry'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain('/pair/[id]');
    expect(named[0]).toContain('`posts/draft`');
    expect(named[0]).toContain('`posts/archived`');
    expect(named[0]).toContain('`entry`');
  });

  it('does not warn about a page that renders several entries that say the same', async () => {
    expect(await tags('feed/index.html')).toEqual([['googlebot', GOOGLEBOT]]);
    expect(warnings().filter((message) => message.includes('/feed'))).toEqual([]);
  });
});

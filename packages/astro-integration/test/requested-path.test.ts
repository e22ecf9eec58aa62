/**
 * The URL path a response is served at, after a rewrite (`Astro.rewrite()`, an i18n fallback
 * with `fallbackType: 'rewrite'`): Astro's `originPathname` (without base, decoded, its
 * trailing slash as the config writes URLs) against `context.url`, string in, string out.
 */
import { describe, expect, it } from 'vitest';
import { requestedPathname } from '../src/served-path.js';

const at = (pathname: string, originPathname: string | undefined, base = '/') =>
  requestedPathname({ url: new URL(pathname, 'https://example.com'), originPathname: originPathname as string }, base);

describe('requestedPathname', () => {
  it('keeps the URL as it is when nothing was rewritten, whatever form Astro gives the origin', () => {
    expect(at('/about/', '/about/')).toBe('/about/');
    expect(at('/docs/about.html', '/about.html', '/docs')).toBe('/docs/about.html');
    expect(at('/docs/about.html', '/about.html/', '/docs/')).toBe('/docs/about.html');
    expect(at('/docs/index.html', '/', '/docs')).toBe('/docs/index.html');
    expect(at('/docs/en/caf%C3%A9/', '/en/café/', '/docs')).toBe('/docs/en/caf%C3%A9/');
    expect(at('/about', undefined)).toBe('/about');
  });

  it('takes the path requested when the page rendered is another: with the base, encoded as URLs are', () => {
    expect(at('/en/about/', '/fr/about/')).toBe('/fr/about/');
    expect(at('/docs/en/about', '/fr/about.html', '/docs')).toBe('/docs/fr/about.html');
    expect(at('/docs/en/about', '/fr/about.html/', '/docs/')).toBe('/docs/fr/about.html');
    expect(at('/docs/en/caf%C3%A9', '/fr/café', '/docs')).toBe('/docs/fr/caf%C3%A9');
    expect(at('/about/', '/tags/old?x#y/')).toBe('/tags/old%3Fx%23y/');
  });
});

/**
 * A small built site for the HTML report tests: every verdict (indexable, noindex, blocked by
 * robots.txt, error page), a tag in the body, an expired date, a crawler group of its own, and
 * URLs and tags with markup in them (`</script>`, `<img onerror>`) that must stay text.
 */
import { tempSite } from '../audit/temp-site.js';

const page = (head: string, body = '<p>text</p>'): string =>
  `<!DOCTYPE html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;

/** A hostile string: it must appear as text in the report, never run. */
export const HOSTILE = '</script><img src=x onerror="window.__pwned=1">';

export function reportSite(): { root: string; cleanup(): void } {
  return tempSite({
    'robots.txt':
      'User-agent: *\nDisallow: /private/\nAllow: /private/open/\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n',
    'sitemap.xml':
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      ['/', '/blog/', '/blog/first/', '/blog/second/', '/drafts/wip/']
        .map((url) => `<url><loc>https://example.com${url}</loc></url>`)
        .join('') +
      '</urlset>',
    'index.html': page(''),
    'blog/index.html': page(''),
    'blog/first/index.html': page('<meta name="robots" content="max-snippet:50">'),
    'blog/second/index.html': page('', '<p>late</p><meta name="robots" content="nofollow">'),
    'drafts/wip/index.html': page('<meta name="robots" content="noindex, follow">'),
    'events/old/index.html': page('<meta name="robots" content="unavailable_after: 2001-01-01">'),
    'private/team/index.html': page('<meta name="robots" content="noindex">'),
    'private/open/index.html': page(''),
    [`odd/${encodeURIComponent(HOSTILE)}/index.html`]: page(
      `<meta name="robots" content="${HOSTILE.replace(/"/g, '&quot;')}">`,
    ),
    '404.html': page(''),
  });
}

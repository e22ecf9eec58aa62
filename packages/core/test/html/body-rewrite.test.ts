/**
 * The body pass, string in and string out: `links` rules (rel merged, quoting kept, targets,
 * `within`), `nosnippet`, what is never touched, the options' and a page's data errors, and the
 * no-rules path that returns the page unread.
 */
import { describe, expect, it } from 'vitest';
import { normalizeOptions, RobotsError } from '../../src/index.js';
import { parseSimpleSelector } from '../../src/html/simple-selector.js';
import { hasBodyRules, pageBodyPlan, rewritePageBody } from '../../src/resolve/body-rules.js';
import { matchesHostGlob } from '../../src/options/body-options.js';

const SITE = 'https://example.com';
function rewrite(
  html: string,
  options: Record<string, unknown>,
  page: { url?: string; data?: Record<string, unknown>; collections?: string[] } = {},
): string {
  return rewritePageBody(
    html,
    { url: page.url ?? '/post/', source: 'src/post.md', ...page },
    normalizeOptions({ site: SITE, ...options }),
  ).html;
}
function error(run: () => unknown): string {
  try {
    run();
  } catch (caught) {
    expect(caught).toBeInstanceOf(RobotsError);
    return (caught as Error).message;
  }
  throw new Error('expected a RobotsError');
}
const EXTERNAL_NOFOLLOW = { links: [{ rel: 'nofollow', external: true }] };

describe('links: rel values merged into the link', () => {
  it.each([
    ['<a href="https://a.org/">x</a>', '<a href="https://a.org/" rel="nofollow">x</a>'],
    ["<a href='https://a.org/'>x</a>", "<a href='https://a.org/' rel='nofollow'>x</a>"],
    ['<a href=https://a.org/ >x</a>', '<a href=https://a.org/ rel="nofollow" >x</a>'],
    ['<a href="https://a.org/" rel="noopener">x</a>', '<a href="https://a.org/" rel="noopener nofollow">x</a>'],
    [
      '<a rel=\'noopener  noreferrer\' href="https://a.org/">x</a>',
      '<a rel=\'noopener  noreferrer nofollow\' href="https://a.org/">x</a>',
    ],
    ['<a href="https://a.org/" rel=noopener>x</a>', '<a href="https://a.org/" rel="noopener nofollow">x</a>'],
    ['<a href="https://a.org/" rel>x</a>', '<a href="https://a.org/" rel="nofollow">x</a>'],
    ['<a href="https://a.org/" rel="">x</a>', '<a href="https://a.org/" rel="nofollow">x</a>'],
    ['<a href="https://a.org/" rel="NoFollow">x</a>', '<a href="https://a.org/" rel="NoFollow">x</a>'],
    ['<a href="https://a.org/" rel="&#110;ofollow">x</a>', '<a href="https://a.org/" rel="&#110;ofollow">x</a>'],
    // The first `rel` is the one browsers and crawlers read.
    [
      '<a href="https://a.org/" rel="ugc" rel="nofollow">x</a>',
      '<a href="https://a.org/" rel="ugc nofollow" rel="nofollow">x</a>',
    ],
    ['<A HREF="https://a.org/" CLASS=x>x</A>', '<A HREF="https://a.org/" CLASS=x rel="nofollow">x</A>'],
    ['<a href="https://a.org/"/>', '<a href="https://a.org/" rel="nofollow"/>'],
  ])('%s', (input, output) => {
    expect(rewrite(input, EXTERNAL_NOFOLLOW)).toBe(output);
  });

  it('leaves links to the site, fragments, mailto:, javascript: and links without href alone', () => {
    const html =
      '<a href="/a">1</a><a href="https://example.com/b">2</a><a href="#top">3</a><a href="mailto:a@b.c">4</a><a href="javascript:void(0)">5</a><a name=x>6</a><a href="//example.com/c">7</a>';
    expect(rewrite(html, EXTERNAL_NOFOLLOW)).toBe(html);
    expect(rewrite('<a href="//cdn.org/x">', EXTERNAL_NOFOLLOW)).toBe('<a href="//cdn.org/x" rel="nofollow">');
  });

  it('never reads comments, scripts, styles, raw text, template contents or SVG links', () => {
    const html =
      '<!-- <a href="https://a.org/"> --><script>x = "<a href=https://a.org/>"</script><style>/* <a href="https://a.org/"> */</style>' +
      '<textarea><a href="https://a.org/"></textarea><title><a href="https://a.org/"></title><template><div><a href="https://a.org/">t</a></div></template>' +
      '<svg><a href="https://a.org/">s</a></svg><noembed><a href="https://a.org/"></noembed><xmp><a href="https://a.org/"></xmp>';
    expect(rewrite(html, EXTERNAL_NOFOLLOW)).toBe(html);
  });

  it('chooses links by host glob, by target path glob and by place, each token once', () => {
    const options = {
      links: [
        { rel: 'sponsored', hosts: ['*.amazon.com', 'amzn.to'] },
        { rel: ['nofollow', 'sponsored'], paths: ['/go/**'] },
        { rel: 'ugc', within: ['.comments', '[data-ugc]'] },
      ],
    };
    expect(rewrite('<a href="https://www.amazon.com/x">', options)).toBe(
      '<a href="https://www.amazon.com/x" rel="sponsored">',
    );
    expect(rewrite('<a href="https://amazon.com/x">', options)).toBe('<a href="https://amazon.com/x">');
    expect(rewrite('<a href="/go/shop">', options)).toBe('<a href="/go/shop" rel="nofollow sponsored">');
    expect(rewrite('<div data-ugc><p><a href="https://amzn.to/1">', options)).toBe(
      '<div data-ugc><p><a href="https://amzn.to/1" rel="sponsored ugc">',
    );
    expect(rewrite('<ul class="list comments"><li>a<li><a href="/x">x</a></ul><a href="/y">', options)).toBe(
      '<ul class="list comments"><li>a<li><a href="/x" rel="ugc">x</a></ul><a href="/y">',
    );
    expect(rewrite('<body class=comments><a href="/x">', options)).toBe('<body class=comments><a href="/x" rel="ugc">');
  });

  it('chooses pages by URL glob, collection and the page’s own data', () => {
    const options = {
      links: [
        { rel: 'nofollow', external: true, pages: ['/forum/**'] },
        { rel: 'sponsored', external: true, collections: ['deals'] },
      ],
    };
    const html = '<a href="https://a.org/">';
    expect(rewrite(html, options, { url: '/forum/t/' })).toBe('<a href="https://a.org/" rel="nofollow">');
    expect(rewrite(html, options, { url: '/blog/' })).toBe(html);
    expect(rewrite(html, options, { collections: ['deals'] })).toBe('<a href="https://a.org/" rel="sponsored">');
    expect(rewrite(html, options, { data: { links: 'ugc' } })).toBe('<a href="https://a.org/" rel="ugc">');
    expect(rewrite(html, options, { data: { links: [{ rel: 'ugc', within: 'a' }] } })).toBe(
      '<a href="https://a.org/" rel="ugc">',
    );
    expect(rewrite(html, options, { url: '/forum/t/', data: { links: false } })).toBe(html);
    expect(
      rewrite(html, { links: { dataKey: 'ugcLinks' } }, { data: { links: 'nonsense', ugcLinks: ['ugc', 'nofollow'] } }),
    ).toBe('<a href="https://a.org/" rel="ugc nofollow">');
  });
});

describe('nosnippet', () => {
  it('adds data-nosnippet to span, div and section, once, and reports other elements', () => {
    const options = { nosnippet: ['.ad', '#price', '[data-private]'] };
    const page = { url: '/', source: 'src/index.md' };
    const result = rewritePageBody(
      '<div class=ad>1</div><span id=price data-nosnippet>2</span><section data-private="">3</section><aside class="ad">4</aside>',
      page,
      normalizeOptions({ ...options }),
    );
    expect(result.html).toBe(
      '<div class=ad data-nosnippet>1</div><span id=price data-nosnippet>2</span><section data-private="" data-nosnippet>3</section><aside class="ad">4</aside>',
    );
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/src\/index\.md.*`<aside>`.*`\.ad`/),
    ]);
  });

  it('refuses, at config time, selectors of elements Google ignores data-nosnippet on', () => {
    expect(error(() => normalizeOptions({ nosnippet: ['aside.ad'] }))).toMatch(
      /key `nosnippet\[0\]`: Google ignores `data-nosnippet` on `<aside>` in `aside\.ad`.*Did you mean `\.ad`\?/,
    );
  });
});

describe('no rules, no work', () => {
  it('has no plan without the options or without a rule for the page, and returns the same string', () => {
    const options = normalizeOptions({ site: SITE });
    expect(hasBodyRules(options)).toBe(false);
    const html = '<a href="https://a.org/">';
    expect(rewritePageBody(html, { url: '/' }, options)).toEqual({ html, changed: false, warnings: [] });
    // The page's `links` data is not read unless the option is set: `links` may mean something else to the site.
    expect(rewritePageBody(html, { url: '/', data: { links: [{ title: 'Nav' }] } }, options).changed).toBe(false);
    expect(
      pageBodyPlan({ url: '/blog/' }, normalizeOptions({ links: [{ rel: 'ugc', pages: ['/forum/**'] }] })),
    ).toBeUndefined();
  });
});

describe('errors', () => {
  it.each([
    [
      { links: [{ rel: 'noopener' }] },
      /key `links\[0\]\.rel`: robots-kit adds only link-level REP values, not `noopener`; expected `nofollow`, `ugc` or `sponsored`/,
    ],
    [{ links: [{ rel: 'nofolow' }] }, /unknown rel value `nofolow`.*Did you mean `nofollow`\?/],
    [
      { links: [{ rel: 'ugc', within: '.comments a' }] },
      /key `links\[0\]\.within`: combinators .* in `\.comments a`.*Did you mean `a`\?/,
    ],
    [
      { links: [{ rel: 'ugc', within: 'a:hover' }] },
      /pseudo-classes are not supported in `a:hover`.*Did you mean `a`\?/,
    ],
    [{ links: [{ rel: 'ugc', within: '.a, .b' }] }, /a list of selectors is written as an array/],
    [{ links: [{ rel: 'ugc', within: '[href^=x]' }] }, /only `\[attr\]` and `\[attr=value\]`/],
    [
      { links: [{ rel: 'ugc', hosts: ['https://amazon.com/'] }] },
      /key `links\[0\]\.hosts\[0\]`: not a host glob `https:\/\/amazon\.com\/`.*Did you mean `amazon\.com`\?/,
    ],
    [
      { links: [{ rel: 'ugc', pages: ['forum/**'] }] },
      /key `links\[0\]\.pages\[0\]`: glob must match URL paths `forum\/\*\*`.*Did you mean `\/forum\/\*\*`\?/,
    ],
    [{ links: [{ rel: 'ugc', externl: true }] }, /key `links\[0\]\.externl`: unknown key.*Did you mean `external`\?/],
    [{ links: { rules: [], dataKey: '' } }, /key `links\.dataKey`: not a data key/],
    [{ links: 'ugc' }, /key `links`: invalid option value `ugc`; expected a list of link rules/],
    [{ nosnippet: { selectors: [] } }, /key `nosnippet\.selectors`: missing/],
  ])('%j', (options, message) => {
    expect(error(() => normalizeOptions(options))).toMatch(message);
  });

  it('names the page’s file and key for bad page data', () => {
    const options = normalizeOptions({ links: {} });
    expect(
      error(() =>
        rewritePageBody(
          '',
          { url: '/', source: 'src/post.md', data: { links: [{ rel: 'ugc', pages: ['/x'] }] } },
          options,
        ),
      ),
    ).toMatch(
      /^\[@robots-kit\/core\] src\/post\.md, key `links\[0\]\.pages`: unknown key `pages`; expected one of `rel`, `external`, `hosts`, `paths`, `within`\.$/,
    );
  });

  it('keeps the normalized options valid input (JSON round trip)', () => {
    const options = normalizeOptions({
      links: [{ rel: ['ugc', 'nofollow'], within: '.c', hosts: 'A.org' }],
      nosnippet: ['.ad'],
    });
    expect(normalizeOptions(JSON.parse(JSON.stringify(options)))).toEqual(options);
  });
});

describe('selectors and host globs', () => {
  it('parses the supported forms', () => {
    expect(parseSimpleSelector('DIV.a.b#main[data-x][lang="en-GB"]', 'k')).toEqual({
      text: 'DIV.a.b#main[data-x][lang="en-GB"]',
      tag: 'div',
      classes: ['a', 'b'],
      ids: ['main'],
      attributes: [{ name: 'data-x' }, { name: 'lang', value: 'en-GB' }],
    });
  });
  it('matches host globs with `*` across dots, without backtracking', () => {
    expect(matchesHostGlob('www.amazon.co.uk', 'www.amazon.*')).toBe(true);
    expect(matchesHostGlob('a.b.example.com', '*.example.com')).toBe(true);
    expect(matchesHostGlob('example.com', '*.example.com')).toBe(false);
    expect(matchesHostGlob('ab', 'a*b*')).toBe(true);
    expect(matchesHostGlob('aab', '*a*ab')).toBe(true);
    expect(matchesHostGlob('abab', '*bab*ab')).toBe(false);
  });
});

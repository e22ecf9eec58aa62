import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_BOTS,
  explainMatch,
  generateRobotsTxt,
  generateRobotsTxtReport,
  isAllowed,
  parseRobotsTxt,
  type RobotsTxtContext,
  type RobotsTxtOptions,
} from '../../src/index.js';
import { AI_BOTS_REVIEWED, NON_INDEXABLE_ROBOTS_TXT } from '../../src/adapter.js';
import { RobotsError } from '../../src/errors.js';
import { thrown } from './thrown.js';
import { caseBody, conformance } from './conformance-data.js';

// A build on the day the AI agent list was reviewed: no warning that it is old.
const live: RobotsTxtContext = {
  indexable: true,
  site: 'https://example.com',
  defaultSitemap: '/sitemap-index.xml',
  now: new Date(`${AI_BOTS_REVIEWED}T12:00:00Z`),
};

describe('generateRobotsTxt: groups', () => {
  it('writes one allow-all `*` group by default', () => {
    expect(generateRobotsTxt({}, { indexable: true })).toBe('User-agent: *\nDisallow:\n');
  });

  it('writes configured groups in order, with comments, crawl delay and rules', () => {
    const options: RobotsTxtOptions = {
      groups: [
        { userAgent: '*', disallow: ['/private/', '/tmp/'], allow: ['/private/open/'] },
        { userAgent: ['Bingbot', 'Slurp'], crawlDelay: 5, comment: ['Slow down,', 'please'] },
        { userAgent: 'Googlebot', disallow: ['/nogoogle/'], comment: 'Google' },
      ],
    };
    expect(generateRobotsTxt(options, live)).toBe(
      [
        'User-agent: *',
        'Allow: /private/open/',
        'Disallow: /private/',
        'Disallow: /tmp/',
        '',
        '# Slow down,',
        '# please',
        'User-agent: Bingbot',
        'User-agent: Slurp',
        'Crawl-delay: 5',
        'Disallow:',
        '',
        '# Google',
        'User-agent: Googlebot',
        'Disallow: /nogoogle/',
        '',
      ].join('\n'),
    );
  });

  it('gives every group a rule so Google does not merge it into the next one', () => {
    const text = generateRobotsTxt(
      {
        groups: [
          { userAgent: 'Bingbot', crawlDelay: 2 },
          { userAgent: 'Googlebot', disallow: ['/'] },
        ],
      },
      live,
    );
    const parsed = parseRobotsTxt(text);
    expect(parsed.groups).toHaveLength(2);
    expect(isAllowed(parsed, 'Bingbot', '/x')).toBe(true);
    expect(isAllowed(parsed, 'Googlebot', '/x')).toBe(false);
  });

  it('merges option groups naming the same crawlers and drops repeated rules', () => {
    const text = generateRobotsTxt(
      {
        groups: [
          { userAgent: ['A', 'b'], disallow: ['/x', '/ツ'] },
          { userAgent: ['B', 'a', 'a'], disallow: ['/x', '/%e3%83%84', '/y'], comment: '' },
        ],
      },
      live,
    );
    expect(text).toBe('#\nUser-agent: A\nUser-agent: b\nDisallow: /x\nDisallow: /ツ\nDisallow: /y\n');
  });

  it('writes an explicit empty disallow once', () => {
    expect(generateRobotsTxt({ groups: [{ userAgent: '*', disallow: ['', ''] }] }, live)).toBe(
      'User-agent: *\nDisallow:\n',
    );
  });

  it('writes only the sitemaps when groups is empty', () => {
    expect(generateRobotsTxt({ groups: [], sitemap: true }, live)).toBe(
      'Sitemap: https://example.com/sitemap-index.xml\n',
    );
  });
});

describe('generateRobotsTxt: sitemaps', () => {
  it('resolves `true` to the default sitemap against site', () => {
    expect(generateRobotsTxt({ sitemap: true }, live)).toBe(
      'User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap-index.xml\n',
    );
  });

  it('keeps absolute URLs, resolves paths and de-duplicates', () => {
    const text = generateRobotsTxt(
      { sitemap: ['https://cdn.example.org/s.xml', '/a.xml', 'https://example.com/a.xml'] },
      { ...live, site: 'https://example.com/blog/' },
    );
    expect(text).toBe(
      'User-agent: *\nDisallow:\n\nSitemap: https://cdn.example.org/s.xml\nSitemap: https://example.com/a.xml\n',
    );
    expect(generateRobotsTxt({ sitemap: 'https://x.test/s.xml' }, { indexable: true })).toContain(
      '\n\nSitemap: https://x.test/s.xml\n',
    );
    expect(generateRobotsTxt({ sitemap: true }, { indexable: true, defaultSitemap: 'https://x.test/s.xml' })).toContain(
      'Sitemap: https://x.test/s.xml\n',
    );
  });

  it('throws naming `site` for a relative sitemap without a site', () => {
    const error = thrown(() =>
      generateRobotsTxt(
        { sitemap: ['https://x.test/a.xml', '/sitemap.xml'] },
        { indexable: true, source: 'astro.config.mjs' },
      ),
    );
    expect(error.code).toBe('robots-txt-sitemap-needs-site');
    expect(error.message).toContain('[@robots-kit/core] astro.config.mjs, key `robotsTxt.sitemap[1]`');
    expect(error.message).toContain('`/sitemap.xml`');
    expect(error.message).toContain('the `site` option is not set');
    expect(
      thrown(() => generateRobotsTxt({ sitemap: true }, { indexable: true, defaultSitemap: '/s.xml' })).message,
    ).toContain('key `robotsTxt.sitemap`');
  });

  it('throws for `sitemap: true` with no default sitemap, or a site that is not a URL', () => {
    const none = thrown(() => generateRobotsTxt({ sitemap: true }, { indexable: true, site: 'https://example.com' }));
    expect(none.code).toBe('robots-txt-no-default-sitemap');
    expect(none.message).toContain('Did you mean `/sitemap-index.xml`?');
    const badSite = thrown(() => generateRobotsTxt({ sitemap: '/s.xml' }, { indexable: true, site: 'example.com' }));
    expect(badSite.message).toContain('key `site`');
    expect(badSite.message).toContain('`example.com`');
  });
});

describe('generateRobotsTxt: AI bots', () => {
  const parsed = parseRobotsTxt(
    generateRobotsTxt({ blockAiBots: true, groups: [{ userAgent: '*', disallow: ['/private/'] }] }, live),
  );

  it('disallows every listed agent everywhere', () => {
    for (const bot of AI_BOTS) {
      // Google's matcher reads `User-agent: AI2Bot` as `AI`: the group is checked as it reads it.
      const asGoogleReads = /\d/.test(bot.userAgent) ? bot.userAgent.replace(/\d.*$/, '') : bot.userAgent;
      expect(isAllowed(parsed, asGoogleReads, '/'), bot.userAgent).toBe(false);
      expect(isAllowed(parsed, asGoogleReads, '/blog/post?x=1'), bot.userAgent).toBe(false);
    }
  });

  it('writes tokens with digits whole, and says in the file how Google-style parsers read them', () => {
    const text = generateRobotsTxt({ blockAiBots: true }, live);
    const withDigits = AI_BOTS.map((bot) => bot.userAgent).filter((token) => /\d/.test(token));
    expect(withDigits).toEqual(expect.arrayContaining(['AI2Bot', 'Ai2Bot-Dolma', 'img2dataset']));
    for (const token of withDigits) expect(text).toContain(`\nUser-agent: ${token}\n`);
    expect(text).toContain(
      `# ${withDigits.join(', ')}: written whole, as their operators match them; parsers that read only letters, - and _ (Google's) read ${withDigits.map((token) => /^[A-Za-z_-]*/.exec(token)![0]).join(', ')}\n`,
    );
    expect(parsed.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.text])).toEqual(
      withDigits.map((token) => ['user-agent-truncated', `User-agent: ${token}`]),
    );
  });

  it('leaves other crawlers to the `*` group', () => {
    expect(isAllowed(parsed, 'Googlebot', '/blog/')).toBe(true);
    expect(isAllowed(parsed, 'Googlebot', '/private/x')).toBe(false);
    expect(parsed.groups).toHaveLength(2);
  });

  it('reports no warnings for a clean configuration', () => {
    expect(generateRobotsTxtReport({ blockAiBots: true }, live).warnings).toEqual([]);
  });

  it('warns when an existing group still lets an AI bot in', () => {
    const report = generateRobotsTxtReport(
      { blockAiBots: true },
      { ...live, existing: 'User-agent: GPTBot\nAllow: /\n', existingSource: 'public/robots.txt' },
    );
    expect(isAllowed(report.parsed, 'GPTBot', '/')).toBe(true);
    const warning = report.warnings.find((entry) => entry.code === 'ai-bot-not-blocked');
    expect(warning?.message).toContain('public/robots.txt');
    expect(warning?.message).toContain('`GPTBot`');
    expect(warning?.message).toContain('`Allow: /` on line 2');
  });
});

describe('generateRobotsTxt: content signals', () => {
  it('writes Content-Signal and Content-Usage in the `*` group', () => {
    const text = generateRobotsTxt(
      {
        contentSignal: { 'ai-train': 'no', search: 'yes', 'ai-input': 'no' },
        contentUsage: { search: 'y', 'train-ai': 'n' },
        groups: [{ userAgent: '*', disallow: ['/x'] }],
      },
      live,
    );
    expect(text).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nContent-Usage: search=y, train-ai=n\nDisallow: /x\n',
    );
    const parsed = parseRobotsTxt(text);
    expect(parsed.otherLines.map((line) => [line.key, line.groupIndex])).toEqual([
      ['content-signal', 0],
      ['content-usage', 0],
    ]);
    expect(isAllowed(parsed, 'Bot', '/x')).toBe(false);
  });

  it('adds a `*` group for them when the options have none', () => {
    const text = generateRobotsTxt(
      { groups: [{ userAgent: 'Googlebot', disallow: ['/g'] }], contentSignal: { 'ai-train': 'no' } },
      live,
    );
    expect(text).toBe('User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nContent-Signal: ai-train=no\nDisallow:\n');
  });

  it('writes nothing for empty signal objects', () => {
    expect(generateRobotsTxt({ contentSignal: {}, contentUsage: {} }, live)).toBe('User-agent: *\nDisallow:\n');
  });
});

describe('generateRobotsTxt: builds that must not be indexed', () => {
  it('disallows everything, says why, and ignores everything else', () => {
    const text = generateRobotsTxt(
      {
        groups: [{ userAgent: 'Googlebot', allow: ['/'] }],
        sitemap: true,
        blockAiBots: true,
        contentSignal: { search: 'yes' },
      },
      { indexable: false, existing: 'User-agent: *\nAllow: /\n' },
    );
    expect(text).toBe(NON_INDEXABLE_ROBOTS_TXT);
    expect(text.startsWith('# ')).toBe(true);
    expect(text).toContain('preview or staging');
    expect(isAllowed(text, 'Googlebot', '/')).toBe(false);
    expect(isAllowed(text, 'AnyBot', '/any/page')).toBe(false);
  });

  it('still validates the options', () => {
    expect(() =>
      generateRobotsTxt({ groups: [{ userAgent: '*', disallow: ['private'] }] }, { indexable: false }),
    ).toThrow(RobotsError);
  });
});

describe('generateRobotsTxt: merging an existing robots.txt', () => {
  const existing = [
    '# Site robots',
    'Sitemap: https://example.com/sitemap-index.xml',
    'Host: example.com',
    '',
    'User-agent: *',
    'Disallow: /admin/ # admin area',
    'Content-Signal: search=yes',
    '',
    '# Bing is slow',
    'User-agent: Bingbot',
    'Crawl-delay: 10',
    'Disallow: /search',
    'this line is garbage',
    '',
    'User-agent: Quxbot',
    '# trailing comment',
  ].join('\n');

  it('keeps every line, merges same-crawler groups, de-duplicates rules and sitemaps', () => {
    const text = generateRobotsTxt(
      {
        groups: [
          { userAgent: '*', disallow: ['/admin/', '/tmp/'] },
          { userAgent: 'bingbot', crawlDelay: 10, disallow: ['/search', '/cart'] },
          { userAgent: 'Googlebot', disallow: ['/g'] },
        ],
        sitemap: ['/sitemap-index.xml', '/news.xml'],
        contentSignal: { search: 'yes' },
      },
      { ...live, existing },
    );
    expect(text).toBe(
      [
        '# Site robots',
        'Host: example.com',
        '',
        'User-agent: *',
        'Disallow: /admin/ # admin area',
        'Content-Signal: search=yes',
        'Disallow: /tmp/',
        '',
        '# Bing is slow',
        'User-agent: Bingbot',
        'Crawl-delay: 10',
        'Disallow: /search',
        'this line is garbage',
        'Disallow: /cart',
        '',
        'User-agent: Quxbot',
        'Disallow:',
        '# trailing comment',
        '',
        'User-agent: Googlebot',
        'Disallow: /g',
        '',
        'Sitemap: https://example.com/sitemap-index.xml',
        'Sitemap: https://example.com/news.xml',
        '',
      ].join('\n'),
    );
    for (const line of existing.split('\n').filter((entry) => entry.trim() !== '')) expect(text).toContain(line);
  });

  it('hostile input #13 item 7: a Latin-1 byte in the site’s robots.txt (`Disallow: /caf\\xe9/`) is refused, never published as another rule', () => {
    const latin1File = Uint8Array.from(Buffer.from('User-agent: *\nDisallow: /caf\xe9/\n', 'latin1'));
    const error = thrown(() =>
      generateRobotsTxt({}, { ...live, existing: latin1File, existingSource: 'public/robots.txt' }),
    );
    expect(error.code).toBe('robots-txt-not-utf8');
    expect(error.message).toContain('public/robots.txt line 2, key `Disallow`');
    expect(error.message).toContain('`Disallow: /caf\\xE9/`');
    expect(error.message).toContain('Did you mean `Disallow: /caf%E9/`?');
    expect(thrown(() => generateRobotsTxtReport({}, { ...live, existing: latin1File })).code).toBe(
      'robots-txt-not-utf8',
    );
    // The suggested line is the same rule for Google; the file read as UTF-8 would publish another one.
    const pattern = (body: string | Uint8Array): string | undefined =>
      parseRobotsTxt(body).groups[0]?.rules[0]?.pattern;
    expect(pattern(latin1File)).toBe('/caf%E9/');
    expect(pattern('User-agent: *\nDisallow: /caf%E9/\n')).toBe('/caf%E9/');
    expect(pattern(new TextDecoder().decode(latin1File))).toBe('/caf%EF%BF%BD/');
  });

  it('refuses any byte outside UTF-8, in comments and other encodings too, naming the line', () => {
    const comment = thrown(() =>
      generateRobotsTxt(
        {},
        { ...live, existing: Uint8Array.from(Buffer.from('# caf\xe9 menu\nUser-agent: *\nDisallow:\n', 'latin1')) },
      ),
    );
    expect(comment.message).toContain('robots.txt line 1:');
    expect(comment.message).toContain('Did you mean `# caf%E9 menu`?');
    const utf16 = Uint8Array.from(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('User-agent: *\n', 'utf16le')]),
    );
    expect(thrown(() => generateRobotsTxt({}, { ...live, existing: utf16 })).code).toBe('robots-txt-not-utf8');
  });

  it('keeps every byte of a UTF-8 file, given as bytes, and refuses every file that is not UTF-8', () => {
    const pieces = [
      'User-agent: *',
      'Disallow: /caf\xc3\xa9/',
      '# na\xc3\xafve \xe3\x83\x84',
      'Allow: /\xe2\x82\xac',
      'Sitemap: https://example.com/s.xml',
      'Foo: \xf0\x9f\x98\x80',
      '\xe9',
      '\xc3',
      '\xe3\x83',
      '  ',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), (lines) => {
        const bytes = Uint8Array.from(Buffer.from(lines.join('\n'), 'latin1'));
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        if (!valid) {
          expect(thrown(() => generateRobotsTxt({}, { ...live, existing: bytes })).code).toBe('robots-txt-not-utf8');
          return;
        }
        const written = Buffer.from(generateRobotsTxt({}, { ...live, existing: bytes }), 'utf8');
        for (const line of lines.filter((entry) => entry.trim() !== ''))
          expect(written.includes(Buffer.from(line, 'latin1'))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('throws when the options and the file set a record differently', () => {
    const delay = thrown(() =>
      generateRobotsTxt(
        { groups: [{ userAgent: 'Bingbot', crawlDelay: 5 }] },
        { ...live, existing, existingSource: 'public/robots.txt' },
      ),
    );
    expect(delay.code).toBe('robots-txt-merge-conflict');
    expect(delay.message).toContain('key `robotsTxt.groups[0].crawlDelay`');
    expect(delay.message).toContain('`Crawl-delay: 10` (from public/robots.txt line 11)');
    expect(delay.message).toContain('`Crawl-delay: 5`');
    const signal = thrown(() => generateRobotsTxt({ contentSignal: { search: 'no' } }, { ...live, existing }));
    expect(signal.message).toContain('key `robotsTxt.contentSignal`');
    expect(signal.message).toContain('`Content-Signal: search=yes`');
  });

  it('treats equal values written differently as the same record', () => {
    const text = generateRobotsTxt(
      { contentSignal: { 'ai-train': 'no', search: 'yes' }, groups: [{ userAgent: 'Bingbot', crawlDelay: 10 }] },
      {
        ...live,
        existing:
          'User-agent: *\nContent-Signal: AI-Train=no,search=yes\nDisallow:\n\nUser-agent: Bingbot\nCrawl-delay: 10.0\nDisallow:\n',
      },
    );
    expect(text.match(/Content-Signal/g)).toHaveLength(1);
    expect(text.match(/Crawl-delay/g)).toHaveLength(1);
  });

  it('throws when two option groups set a record differently', () => {
    const error = thrown(() =>
      generateRobotsTxt(
        {
          groups: [
            { userAgent: 'A', crawlDelay: 1 },
            { userAgent: 'a', crawlDelay: 2 },
          ],
        },
        live,
      ),
    );
    expect(error.message).toContain('key `robotsTxt.groups[1].crawlDelay`');
    expect(error.message).toContain('from robotsTxt.groups[0].crawlDelay');
  });

  it('keeps rules before any group (ignored by crawlers) and reports them', () => {
    const report = generateRobotsTxtReport({}, { ...live, existing: 'Disallow: /x\nUser-agent: *\nDisallow: /y\n' });
    expect(report.text).toBe('Disallow: /x\n\nUser-agent: *\nDisallow: /y\n');
    expect(report.warnings.map((warning) => warning.code)).toEqual(['robots-txt-rule-outside-group']);
    expect(report.warnings[0]?.message).toContain('line 1 of the generated robots.txt');
  });

  it('reports crawler groups that skip the `*` disallows', () => {
    const report = generateRobotsTxtReport(
      {
        groups: [
          { userAgent: '*', disallow: ['/private/'] },
          { userAgent: 'Googlebot', allow: ['/special/'] },
        ],
      },
      live,
    );
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatchObject({ code: 'robots-txt-group-trap' });
    expect(report.warnings[0]?.message).toContain(
      'the `Googlebot` group (line 4) makes Googlebot ignore the `User-agent: *` group',
    );
    expect(report.warnings[0]?.message).toContain('`/private/` (line 2)');
  });

  it('warns when the result is larger than Google reads', () => {
    const existingLarge =
      'User-agent: *\n' +
      Array.from({ length: 30_000 }, (_, index) => `Disallow: /some/long/path/number/${index}`).join('\n');
    const report = generateRobotsTxtReport({}, { ...live, existing: existingLarge });
    expect(report.warnings.map((warning) => warning.code)).toContain('robots-txt-too-large');
    expect(report.text.endsWith('/29999\n')).toBe(true);
  });

  describe('on the conformance cases', () => {
    it.each([...conformance.matching, ...conformance.rfc9309].map((c) => [c.name, c] as const))(
      'keeps Google decisions unchanged when merging with defaults: %s',
      (_name, testCase) => {
        const body = caseBody(testCase);
        const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
        const merged = generateRobotsTxt({}, { indexable: true, existing: text });
        expect(isAllowed(merged, testCase.useragent, testCase.url)).toBe(
          isAllowed(text, testCase.useragent, testCase.url),
        );
      },
    );
  });
});

describe('generateRobotsTxt: output shape', () => {
  const options: RobotsTxtOptions = {
    groups: [
      { userAgent: '*', disallow: ['/a'] },
      { userAgent: 'Googlebot', disallow: ['/b'] },
    ],
    sitemap: true,
    blockAiBots: true,
    contentUsage: { 'train-ai': 'n', search: 'y' },
  };

  it('is deterministic, whatever the key order', () => {
    const first = generateRobotsTxt(options, live);
    expect(generateRobotsTxt(structuredClone(options), live)).toBe(first);
    expect(generateRobotsTxt({ ...options, contentUsage: { search: 'y', 'train-ai': 'n' } }, live)).toBe(first);
  });

  it('ends with exactly one newline and separates blocks with exactly one blank line', () => {
    for (const text of [
      generateRobotsTxt(options, live),
      generateRobotsTxt({}, { indexable: true }),
      generateRobotsTxt({}, { indexable: true, existing: '\n\n# x\n\n\nUser-agent: *\n\n\nDisallow: /\n\n\n' }),
    ]) {
      expect(text.endsWith('\n')).toBe(true);
      expect(text.endsWith('\n\n')).toBe(false);
      expect(text).not.toContain('\n\n\n');
      expect(text.startsWith('\n')).toBe(false);
    }
    const blocks = generateRobotsTxt(options, live).trimEnd().split('\n\n');
    expect(blocks).toHaveLength(4);
    expect(blocks[3]).toBe('Sitemap: https://example.com/sitemap-index.xml');
  });

  it('explains decisions on the generated file', () => {
    const text = generateRobotsTxt(options, live);
    expect(explainMatch(text, 'Googlebot', '/b/1').rule).toMatchObject({ type: 'disallow', value: '/b' });
  });
});

import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { generateHeaderFiles, type HeaderFile, type HeaderFilesContext } from '../../src/index.js';
import { parseHeadersFile, readHtaccessHeaders, readVercelHeaders } from '../../src/adapter.js';
import {
  cloudflareSends,
  expectedRobots,
  netlifySends,
  receivedRobots,
  vercelSends,
  type TestRule,
} from './expectations.js';

const PATHS = [
  '/',
  '/files',
  '/files/',
  '/files/a.pdf',
  '/files/secret.pdf',
  '/files/sub/b.pdf',
  '/filesx/c.pdf',
  '/blog/post/',
  '/blog/other/',
  '/private/x.txt',
  '/private/deep/y.txt',
  '/other.pdf',
  '/img/photo.png',
  '/img/nested/icon.png',
  '/img/.png',
];
const RULES: TestRule[] = [
  { path: '/files/**', robots: 'noindex' },
  { path: ['/files/secret.pdf', '/private/*'], robots: 'noindex, nofollow, noarchive' },
  { path: '/**', robots: 'nofollow', userAgent: 'GPTBot' },
  { path: '/img/*', robots: 'noimageindex, max-image-preview:none' },
];
const PAGES = [
  { url: '/blog/post/', tags: { robots: 'noindex, follow', googlebot: 'nosnippet' } },
  { url: '/', tags: { googlebot: 'max-snippet:-1, max-image-preview:large, max-video-preview:-1' } },
  { url: '/blog/other/', tags: {} },
];

function context(
  overrides: Partial<HeaderFilesContext> = {},
  existing: Record<string, string> = {},
): HeaderFilesContext {
  return { indexable: true, readExisting: (path) => existing[path], ...overrides };
}

function file(files: HeaderFile[], path: string): HeaderFile {
  const found = files.find((f) => f.path === path);
  if (!found) throw new Error(`no ${path} among ${files.map((f) => f.path).join(', ')}`);
  return found;
}

function robotsOf(headers: ReadonlyArray<{ name: string; value: string }> | undefined): string[] {
  return (headers ?? []).filter((h) => h.name === 'X-Robots-Tag').map((h) => h.value);
}

describe('_headers (Netlify, Cloudflare Pages)', () => {
  it('writes one rule per pattern, parsed back to the expected structure', () => {
    const files = generateHeaderFiles(
      {
        targets: ['netlify'],
        rules: [
          { path: '/files/**', robots: 'noindex' },
          { path: '/files/report.pdf', robots: 'noarchive' },
          { path: '/files/report.pdf', robots: 'nofollow', userAgent: 'Googlebot' },
        ],
      },
      context(),
    );
    expect(files.map((f) => [f.path, f.base])).toEqual([['_headers', 'output']]);
    const parsed = parseHeadersFile(file(files, '_headers').content);
    expect([...parsed.keys()]).toEqual(['/files', '/files/:p1/*', '/files/report.pdf']);
    expect(robotsOf(parsed.get('/files'))).toEqual(['noindex']);
    expect(robotsOf(parsed.get('/files/:p1/*'))).toEqual(['noindex']);
    // Netlify keeps the last matching rule: the most specific, carrying the enclosing rule's directives.
    expect(robotsOf(parsed.get('/files/report.pdf'))).toEqual(['noindex, noarchive', 'googlebot: nofollow']);
    expect(file(files, '_headers').content).toMatch(/^# robots-kit:begin\n[\s\S]*\n# robots-kit:end\n$/);
  });

  it.each([
    ['netlify', netlifySends],
    ['cloudflare', cloudflareSends],
  ] as const)('%s: every path gets exactly the directives of the rules and pages that match it', (target, sends) => {
    const content = file(
      generateHeaderFiles({ targets: [target], rules: RULES, html: true }, context({ pages: PAGES })),
      '_headers',
    ).content;
    for (const path of PATHS) {
      expect({ path, robots: receivedRobots(sends(content, path)) }).toEqual({
        path,
        robots: expectedRobots(RULES, PAGES, path),
      });
    }
    expect(receivedRobots(sends(content, '/files/secret.pdf'))).toBe('noindex, nofollow, noarchive');
    expect(receivedRobots(sends(content, '/img/.png'))).toBe('noimageindex, max-image-preview:none | gptbot: nofollow');
    expect(receivedRobots(sends(content, '/img/nested/icon.png'))).toBe('gptbot: nofollow');
  });

  it('cloudflare sends a `**` rule once on a URL with a trailing slash (no twin beside `/:p1/*`, seen twice from wrangler dev)', () => {
    const rules: TestRule[] = [{ path: '/files/**', robots: 'noindex, nofollow' }];
    const content = file(generateHeaderFiles({ targets: ['cloudflare'], rules }, context()), '_headers').content;
    expect([...parseHeadersFile(content).keys()]).toEqual(['/files', '/files/', '/files/:p1', '/files/:p1/*']);
    for (const path of ['/files', '/files/', '/files/page', '/files/page/', '/files/a/b.pdf', '/files/a/b/'])
      expect({ path, sent: cloudflareSends(content, path) }).toEqual({ path, sent: 'noindex, nofollow' });
  });

  it('cloudflare: a `*` inside a segment, the empty case included', () => {
    const rules: TestRule[] = [{ path: '/img/*.png', robots: 'noimageindex' }];
    const content = file(generateHeaderFiles({ targets: ['cloudflare'], rules }, context()), '_headers').content;
    expect([...parseHeadersFile(content).keys()]).toEqual(['/img/.png', '/img/.png/', '/img/:p1.png', '/img/:p1.png/']);
    for (const path of ['/img/a.png', '/img/.png', '/img/a.png.png', '/img/a/b.png', '/img/a.pngx', '/img.png']) {
      expect({ path, robots: receivedRobots(cloudflareSends(content, path)) }).toEqual({
        path,
        robots: expectedRobots(rules, [], path),
      });
    }
  });

  it('netlify and cloudflare together: one file, right for both', () => {
    const rules = RULES.filter((rule) => !rule.userAgent);
    const files = generateHeaderFiles(
      { targets: ['cloudflare', 'netlify'], rules, html: true },
      context({ pages: PAGES }),
    );
    expect(files.map((f) => f.path)).toEqual(['_headers']);
    const content = files[0]!.content;
    for (const path of PATHS) {
      const expected = expectedRobots(rules, PAGES, path);
      expect({
        path,
        netlify: receivedRobots(netlifySends(content, path)),
        cloudflare: receivedRobots(cloudflareSends(content, path)),
      }).toEqual({ path, netlify: expected, cloudflare: expected });
    }
  });

  it('refuses, for both hosts at once, a crawler-scoped rule around a narrower one (the joined header would scope it)', () => {
    const build = () =>
      generateHeaderFiles({ targets: ['netlify', 'cloudflare'], rules: RULES.slice(0, 3) }, context());
    expect(build).toThrow(RobotsError);
    expect(build).toThrow(/Cloudflare Pages joins[\s\S]*`gptbot: nofollow`/);
    expect(() => generateHeaderFiles({ targets: ['cloudflare'], rules: RULES.slice(0, 3) }, context())).not.toThrow();
  });

  it('merges into an existing file: our block appended once, replaced on rebuild, the rest byte for byte', () => {
    const existing = '# my headers\r\n/*\r\n  X-Frame-Options: DENY\r\n\r\n/admin/*\r\n  Cache-Control: no-store';
    const options = { targets: ['netlify'], rules: [{ path: '/files/**', robots: 'noindex' }] };
    const first = file(generateHeaderFiles(options, context({}, { _headers: existing })), '_headers').content;
    expect(first.startsWith(existing + '\r\n# robots-kit:begin\r\n')).toBe(true);
    expect(first.endsWith('# robots-kit:end\r\n')).toBe(true);
    const second = file(generateHeaderFiles(options, context({}, { _headers: first })), '_headers').content;
    expect(second).toBe(first);
    const changed = file(
      generateHeaderFiles(
        { ...options, rules: [{ path: '/docs/*', robots: 'noarchive' }] },
        context({}, { _headers: second }),
      ),
      '_headers',
    ).content;
    expect(changed.startsWith(existing + '\r\n# robots-kit:begin')).toBe(true);
    expect(changed).not.toContain('/files');
    expect(robotsOf(parseHeadersFile(changed).get('/docs/:p1'))).toEqual(['noarchive']);
    expect(robotsOf(parseHeadersFile(changed).get('/*'))).toEqual([]);
    expect(parseHeadersFile(changed).get('/*')).toEqual([{ name: 'X-Frame-Options', value: 'DENY' }]);
  });

  it('keeps text after our block, and says so when the file has X-Robots-Tag rules of its own', () => {
    const existing = '/a\n  X-Robots-Tag: noarchive\n# robots-kit:begin\nold\n# robots-kit:end\n/b\n  X-Test: 1\n';
    const [headers] = generateHeaderFiles(
      { targets: ['netlify'], rules: [{ path: '/c', robots: 'noindex' }] },
      context({}, { _headers: existing }),
    );
    expect(headers!.content.startsWith('/a\n  X-Robots-Tag: noarchive\n# robots-kit:begin\n')).toBe(true);
    expect(headers!.content.endsWith('# robots-kit:end\n/b\n  X-Test: 1\n')).toBe(true);
    expect(headers!.content).not.toContain('old');
    expect(headers!.note).toMatch(/X-Robots-Tag rules of its own/);
  });

  it.each([
    ['a begin without an end', '# robots-kit:begin\n/x\n'],
    ['two blocks', '# robots-kit:begin\n# robots-kit:end\n# robots-kit:begin\n# robots-kit:end\n'],
    ['an end before the begin', '# robots-kit:end\n# robots-kit:begin\n'],
  ])('refuses an existing file with %s instead of guessing', (_, existing) => {
    expect(() => generateHeaderFiles({ targets: ['netlify'] }, context({}, { _headers: existing }))).toThrow(
      /unbalanced robots-kit markers/,
    );
  });

  it('refuses more rules than Cloudflare Pages reads, counting the existing ones', () => {
    const pages = Array.from({ length: 99 }, (_, i) => ({ url: `/p${i}/`, tags: { robots: 'noindex' } }));
    expect(() => generateHeaderFiles({ targets: ['cloudflare'], html: true }, context({ pages }))).not.toThrow();
    const existing = '/x\n  A: 1\n/y\n  A: 1\n';
    expect(() =>
      generateHeaderFiles({ targets: ['cloudflare'], html: true }, context({ pages }, { _headers: existing })),
    ).toThrow(/first 100 rules/);
    expect(() =>
      generateHeaderFiles({ targets: ['netlify'], html: true }, context({ pages }, { _headers: existing })),
    ).not.toThrow();
    const longPath = '/' + 'a'.repeat(2001);
    expect(() =>
      generateHeaderFiles({ targets: ['cloudflare'], rules: [{ path: longPath, robots: 'noindex' }] }, context()),
    ).toThrow(/2,000 characters/);
  });
});

describe('Vercel', () => {
  it('writes vercel-headers.json at the project root with a note on how to use it', () => {
    const files = generateHeaderFiles({ targets: ['vercel'], rules: RULES, html: true }, context({ pages: PAGES }));
    const vercel = file(files, 'vercel-headers.json');
    expect(vercel.base).toBe('project');
    expect(vercel.note).toMatch(/copy the entries[\s\S]*mergeInto/);
    const json = JSON.parse(vercel.content) as { headers: Array<Record<string, unknown>> };
    expect(Object.keys(json)).toEqual(['headers']);
    for (const entry of json.headers) {
      expect(Object.keys(entry)).toEqual(['source', 'headers', 'missing']);
      expect(entry.missing).toEqual([{ type: 'header', key: 'x-robots-kit-generated' }]);
      expect((entry.headers as unknown[]).length).toBe(1);
    }
    const rules = readVercelHeaders(vercel.content);
    expect(rules.every((rule) => rule.generated && rule.headers[0]!.key === 'X-Robots-Tag')).toBe(true);
    expect(rules.find((rule) => rule.source === '/(files/secret\\.pdf/?)')?.headers[0]?.value).toBe(
      'noindex, nofollow, noarchive',
    );
    for (const path of PATHS) {
      expect({ path, robots: receivedRobots(vercelSends(vercel.content, path)) }).toEqual({
        path,
        robots: expectedRobots(RULES, PAGES, path),
      });
    }
  });

  it('merges into vercel.json: other keys and entries kept, ours replaced on rebuild, indentation kept', () => {
    const existing = JSON.stringify(
      {
        $schema: 'https://openapi.vercel.sh/vercel.json',
        cleanUrls: true,
        headers: [{ source: '/(.*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }],
        redirects: [],
      },
      null,
      4,
    );
    const options = {
      targets: ['vercel'],
      vercel: { mergeInto: 'vercel.json' },
      rules: [{ path: '/files/**', robots: 'noindex' }],
    };
    const [first] = generateHeaderFiles(options, context({}, { 'vercel.json': existing }));
    expect(first!.path).toBe('vercel.json');
    expect(first!.base).toBe('project');
    // Vercel reads vercel.json before the build runs: the log says so, plainly (issue 37 item 5).
    expect(first!.note).toMatch(/changed in this build[\s\S]*reads vercel\.json before the build runs/);
    expect(first!.readBeforeBuild).toBe(true);
    expect(first!.content).toContain('\n    "cleanUrls": true');
    const merged = JSON.parse(first!.content) as Record<string, unknown>;
    expect(Object.keys(merged)).toEqual(['$schema', 'cleanUrls', 'headers', 'redirects']);
    expect(readVercelHeaders(first!.content).map((rule) => [rule.source, rule.generated])).toEqual([
      ['/(.*)', false],
      ['/(files(?:/[^/]+)*/?)', true],
    ]);
    const [second] = generateHeaderFiles(options, context({}, { 'vercel.json': first!.content }));
    expect(second!.content).toBe(first!.content);
    const [changed] = generateHeaderFiles({ ...options, rules: [] }, context({}, { 'vercel.json': second!.content }));
    expect(JSON.parse(changed!.content)).toEqual(JSON.parse(existing));
  });

  it('creates the vercel.json to merge into when there is none, and leaves a file without headers alone when there is nothing to add', () => {
    const [created] = generateHeaderFiles(
      {
        targets: ['vercel'],
        vercel: { mergeInto: 'site/vercel.json' },
        rules: [{ path: '/a.pdf', robots: 'noindex' }],
      },
      context(),
    );
    expect(created!.path).toBe('site/vercel.json');
    expect(JSON.parse(created!.content)).toEqual({
      headers: [
        {
          source: '/(a\\.pdf/?)',
          headers: [{ key: 'X-Robots-Tag', value: 'noindex' }],
          missing: [{ type: 'header', key: 'x-robots-kit-generated' }],
        },
      ],
    });
    const [untouched] = generateHeaderFiles(
      { targets: ['vercel'], vercel: { mergeInto: 'vercel.json' } },
      context({}, { 'vercel.json': '{\n\t"cleanUrls": true\n}\n' }),
    );
    expect(untouched!.content).toBe('{\n\t"cleanUrls": true\n}\n');
  });

  it.each([
    ['invalid JSON', '{ "headers": [', /invalid JSON/],
    ['a non-object', '[]', /not a JSON object/],
    ['headers that are not an array', '{ "headers": {} }', /`headers` is not an array/],
  ])('refuses a vercel.json with %s', (_, existing, message) => {
    expect(() =>
      generateHeaderFiles(
        { targets: ['vercel'], vercel: { mergeInto: 'vercel.json' } },
        context({}, { 'vercel.json': existing }),
      ),
    ).toThrow(message);
  });
});

describe('Apache .htaccess', () => {
  it('uses <If> with REQUEST_URI for path globs, the most specific last, and a top-level Header for /**', () => {
    const content = file(generateHeaderFiles({ targets: ['apache'], rules: RULES }, context()), '.htaccess').content;
    // No <IfModule mod_headers.c>: without mod_headers Apache must fail loudly (500), not serve without headers.
    expect(content).toMatch(
      /^# robots-kit:begin\n[\s\S]*a2enmod headers[\s\S]*AllowOverride FileInfo[\s\S]*\n# robots-kit:end\n$/,
    );
    expect(content).not.toMatch(/IfModule/);
    const rules = readHtaccessHeaders(content);
    expect(rules.map((rule) => [rule.kind, rule.pattern])).toEqual([
      ['all', undefined],
      ['request-uri', '^/img/[^/]+(?:/|/index\\.html|\\.html)?$'],
      ['request-uri', '^/private/[^/]+(?:/|/index\\.html|\\.html)?$'],
      ['request-uri', '^/files(?:/[^/]+)*(?:/|/index\\.html|\\.html)?$'],
      ['request-uri', '^/files/secret\\.pdf(?:/|/index\\.html|\\.html)?$'],
    ]);
    expect(rules[0]!.headers).toEqual([
      { action: 'set', name: 'X-Robots-Tag', value: 'gptbot: nofollow', always: false },
    ]);
    expect(rules[3]!.headers.map((h) => `${h.action} ${h.value}`)).toEqual(['set noindex', 'add gptbot: nofollow']);
  });

  it('uses <FilesMatch> when every rule is a file-name glob', () => {
    const content = file(
      generateHeaderFiles(
        {
          targets: ['apache'],
          rules: [
            { path: '**/*.{pdf,docx}', robots: 'noindex' },
            { path: '/**', robots: 'noarchive' },
          ],
        },
        context(),
      ),
      '.htaccess',
    ).content;
    expect(readHtaccessHeaders(content)).toEqual([
      { kind: 'all', headers: [{ action: 'set', name: 'X-Robots-Tag', value: 'noarchive', always: false }] },
      {
        kind: 'file-name',
        pattern: '^[^/]*\\.(?:docx|pdf)$',
        headers: [{ action: 'set', name: 'X-Robots-Tag', value: 'noindex, noarchive', always: false }],
      },
    ]);
  });

  it('merges into an existing .htaccess twice with the same result, keeping the rest', () => {
    const existing = 'RewriteEngine On\nRewriteRule ^old$ /new [R=301,L]\n';
    const options = { targets: ['apache'], rules: [{ path: '/a.pdf', robots: 'noindex' }] };
    const first = file(generateHeaderFiles(options, context({}, { '.htaccess': existing })), '.htaccess').content;
    expect(first.startsWith(existing + '# robots-kit:begin\n')).toBe(true);
    expect(file(generateHeaderFiles(options, context({}, { '.htaccess': first })), '.htaccess').content).toBe(first);
  });
});

describe('nginx snippet', () => {
  it('adds no location: server-level `if ($uri ~ …)` sets, least specific first, then one add_header per value', () => {
    const files = generateHeaderFiles({ targets: ['nginx'], rules: RULES }, context());
    const nginx = file(files, 'robots-headers.nginx.conf');
    expect(nginx.note).toMatch(/include robots-headers\.nginx\.conf inside your server block/);
    expect(nginx.content).not.toMatch(/^\s*location/m);
    // The lines to repeat in a location with add_header of its own, named in the file itself.
    expect(nginx.content).toMatch(
      /In each of your locations that has one, repeat these lines:\n# {3}add_header X-Robots-Tag \$robots_kit_1;\n# {3}add_header X-Robots-Tag \$robots_kit_2;\n/,
    );
    const tests = [...nginx.content.matchAll(/^if \(\$uri ~ "([^"]+)"\) \{$/gm)].map((m) => m[1]);
    expect(tests).toEqual([
      '^/img/[^/]+(?:/|/index\\.html|\\.html)?$',
      '^/private/[^/]+(?:/|/index\\.html|\\.html)?$',
      '^/files(?:/[^/]+)*(?:/|/index\\.html|\\.html)?$',
      '^/files/secret\\.pdf(?:/|/index\\.html|\\.html)?$',
    ]);
    expect(nginx.content).toContain(
      'if ($uri ~ "^/files(?:/[^/]+)*(?:/|/index\\.html|\\.html)?$") {\n    set $robots_kit_1 "noindex";\n    set $robots_kit_2 "gptbot: nofollow";\n}',
    );
    expect(nginx.content).toMatch(
      /^add_header X-Robots-Tag \$robots_kit_1;\nadd_header X-Robots-Tag \$robots_kit_2;\n$/m,
    );
  });
});

describe('a non-indexable build (preview, staging)', () => {
  const files = generateHeaderFiles(
    { targets: ['netlify', 'cloudflare', 'vercel', 'apache', 'nginx'], rules: RULES, html: true },
    context({ indexable: false, pages: PAGES }),
  );

  it('writes one site-wide noindex, nofollow rule for every target in the output folder and nothing else', () => {
    expect(files.map((f) => f.path)).toEqual(['_headers', '.htaccess', 'robots-headers.nginx.conf']);
    const headers = parseHeadersFile(file(files, '_headers').content);
    expect([...headers]).toEqual([['/*', [{ name: 'X-Robots-Tag', value: 'noindex, nofollow' }]]]);
    expect(readHtaccessHeaders(file(files, '.htaccess').content)).toEqual([
      { kind: 'all', headers: [{ action: 'set', name: 'X-Robots-Tag', value: 'noindex, nofollow', always: true }] },
    ]);
    expect(file(files, 'robots-headers.nginx.conf').content).toMatch(
      /^add_header X-Robots-Tag "noindex, nofollow" always;$/m,
    );
    expect(file(files, 'robots-headers.nginx.conf').content).not.toMatch(/^location/m);
  });

  it('covers every path on every host', () => {
    for (const path of [...PATHS, '/anything/at/all']) {
      expect(netlifySends(file(files, '_headers').content, path)).toBe('noindex, nofollow');
      expect(cloudflareSends(file(files, '_headers').content, path)).toBe('noindex, nofollow');
    }
  });

  it("issue 11 item 16: never writes the preview rule into Vercel's files, which live outside the output folder", () => {
    const production = generateHeaderFiles(
      { targets: ['vercel'], rules: RULES, vercel: { mergeInto: 'vercel.json' } },
      context({}, { 'vercel.json': '{\n  "cleanUrls": true\n}\n' }),
    );
    const committed = file(production, 'vercel.json').content;
    for (const options of [
      { targets: ['vercel'], rules: RULES, vercel: { mergeInto: 'vercel.json' } },
      { targets: ['vercel'], rules: RULES },
    ]) {
      const preview = generateHeaderFiles(
        options,
        context({ indexable: false }, { 'vercel.json': committed, 'vercel-headers.json': committed }),
      );
      const [vercel] = preview;
      expect(vercel!.content).toBe(committed);
      expect(vercel!.note).toMatch(/not an indexable build: vercel(-headers)?\.json was left as it is/);
      expect(readVercelHeaders(vercel!.content).map((rule) => rule.source)).not.toContain('/(.*)');
    }
    expect(generateHeaderFiles({ targets: ['vercel'] }, context({ indexable: false }))).toEqual([]);
  });
});

describe('html: true', () => {
  it("writes each page's resolved tags for its exact URL: robots plain, crawlers as `name: …`", () => {
    const pages = [
      { url: '/a/', tags: { robots: 'noindex, follow', googlebot: 'nosnippet', bingbot: 'noarchive' } },
      { url: '/b.html', tags: { googlebot: 'max-snippet:-1, max-image-preview:large' } },
      { url: '/404/', tags: {} },
    ];
    const headers = parseHeadersFile(
      file(generateHeaderFiles({ targets: ['cloudflare'], html: true }, context({ pages })), '_headers').content,
    );
    expect([...headers].map(([path, lines]) => [path, robotsOf(lines)])).toEqual([
      ['/a/', ['noindex, follow', 'bingbot: noarchive', 'googlebot: nosnippet']],
      ['/b.html', ['googlebot: max-snippet:-1, max-image-preview:large']],
    ]);
  });

  it('ignores pages when html is false (the default)', () => {
    const headers = parseHeadersFile(
      file(generateHeaderFiles({ targets: ['netlify'] }, context({ pages: PAGES })), '_headers').content,
    );
    expect(headers.size).toBe(0);
  });

  it("gives a page under a rule the rule's directives too, on every host", () => {
    const rules: TestRule[] = [{ path: '/blog/**', robots: 'noarchive' }];
    const files = generateHeaderFiles({ targets: ['netlify', 'vercel'], rules, html: true }, context({ pages: PAGES }));
    for (const path of ['/blog/post/', '/blog/other/', '/']) {
      expect(receivedRobots(netlifySends(file(files, '_headers').content, path))).toBe(
        expectedRobots(rules, PAGES, path),
      );
      expect(receivedRobots(vercelSends(file(files, 'vercel-headers.json').content, path))).toBe(
        expectedRobots(rules, PAGES, path),
      );
    }
    expect(receivedRobots(netlifySends(file(files, '_headers').content, '/blog/post/'))).toBe(
      'noindex, follow, noarchive | googlebot: nosnippet',
    );
  });

  it.each([
    ['a percent-encoded URL', { url: '/caf%C3%A9/', tags: { robots: 'noindex' } }, /page URL cannot be written/],
    ['a space', { url: '/a b/', tags: { robots: 'noindex' } }, /page URL cannot be written/],
    ['a bad meta name', { url: '/a/', tags: { 'google bot': 'noindex' } }, /invalid meta name/],
    ['an unknown directive', { url: '/a/', tags: { robots: 'noindx' } }, /unknown directive/],
  ])('refuses a page with %s', (_, page, message) => {
    expect(() => generateHeaderFiles({ targets: ['netlify'], html: true }, context({ pages: [page] }))).toThrow(
      message,
    );
  });
});

describe('user-agent rules', () => {
  it('write `X-Robots-Tag: name: …` and merge with other rules for the same path', () => {
    const headers = parseHeadersFile(
      file(
        generateHeaderFiles(
          {
            targets: ['netlify'],
            rules: [
              { path: '/a.pdf', robots: 'noindex', userAgent: 'Googlebot' },
              { path: '/a.pdf', robots: { bingbot: 'noarchive' } },
              { path: '/a.pdf', robots: 'nosnippet', userAgent: 'googlebot' },
            ],
          },
          context(),
        ),
        '_headers',
      ).content,
    );
    expect(robotsOf(headers.get('/a.pdf'))).toEqual(['bingbot: noarchive', 'googlebot: noindex, nosnippet']);
  });
});

describe('refused and accepted globs', () => {
  function attempt(target: string, path: string, files?: string[]): unknown {
    try {
      generateHeaderFiles({ targets: [target], rules: [{ path, robots: 'noindex' }] }, context(files ? { files } : {}));
      return 'ok';
    } catch (error) {
      return error instanceof RobotsError
        ? error
        : (() => {
            throw error;
          })();
    }
  }

  it.each([
    [
      'netlify',
      '/files/*.pdf',
      /`_headers` \(Netlify\) cannot express a `\*` inside a segment \(its `\*` also matches `\/`\) exactly/,
    ],
    [
      'netlify',
      '/files/{a,b}.pdf',
      /`_headers` \(Netlify\) cannot express `\?`, `\[\.\.\.\]` classes or `\{a,b\}` lists exactly/,
    ],
    ['cloudflare', '/files/{a,b}.pdf', /`_headers` \(Netlify and Cloudflare Pages\) cannot express/],
    ['cloudflare', '/files/[ab].pdf', /cannot express/],
    ['netlify', '/files/?.pdf', /cannot express/],
    ['cloudflare', '/a/**/b/**', /two `\*\*` \(it allows one `\*` per rule\)/],
    ['cloudflare', '/img-*x.png', /a `\*` followed by a letter, digit or `_`/],
  ])(
    '%s refuses %s without the built files, naming the target and the glob and suggesting the listed-files form',
    (target, glob, message) => {
      const error = attempt(target, glob) as RobotsError;
      expect(error).toBeInstanceOf(RobotsError);
      expect(error.code).toBe('unsupported-glob');
      expect(error.message).toMatch(message);
      expect(error.message).toContain(`\`${glob}\``);
      expect(error.message).toContain('headers.rules[0].path');
      expect(error.message).toMatch(/list each file as its own path/);
      expect(error.message).toMatch(/give `generateHeaderFiles` the `files` of the build/);
      // Given the built files, robots-kit writes that listed-files form itself.
      expect(attempt(target, glob, ['/files/a.pdf', '/a/x/b/y', '/img-ax.png'])).toBe('ok');
    },
  );

  it.each([
    ['cloudflare', '/files/*.pdf'],
    ['netlify', '/files/**'],
    ['netlify', '**/report.pdf'],
    ['vercel', '/files/{a,b}.pdf'],
    ['apache', '/files/[a-c]?.pdf'],
    ['nginx', '/a/**/b/**'],
  ])('%s accepts %s', (target, glob) => {
    expect(attempt(target, glob)).toBe('ok');
  });

  it('refuses rules that overlap partially with different directives, on any target', () => {
    const options = {
      targets: ['vercel'],
      rules: [
        { path: '/files/**', robots: 'noindex' },
        { path: '**/*.pdf', robots: 'noarchive' },
      ],
    };
    expect(() => generateHeaderFiles(options, context())).toThrow(
      /matches some of the paths of `\/files\/\*\*` \(headers\.rules\[0\]\.path\) with different directives/,
    );
    const same = {
      targets: ['vercel'],
      rules: [
        { path: '/files/**', robots: 'noindex' },
        { path: '**/*.pdf', robots: 'noindex' },
      ],
    };
    expect(() => generateHeaderFiles(same, context())).not.toThrow();
  });
});

describe('determinism', () => {
  it('gives the same bytes for the same input, whatever the page order', () => {
    const options = { targets: ['netlify', 'vercel', 'apache', 'nginx'], rules: RULES, html: true };
    const once = generateHeaderFiles(options, context({ pages: PAGES }));
    const again = generateHeaderFiles(options, context({ pages: [...PAGES].reverse() }));
    expect(again).toEqual(once);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { generateHeaderFiles, type HeaderFile, type HeaderFilesContext, normalizeOptions } from '../../src/index.js';
import { checkHeaderRules } from '../../src/headers/generate.js';
import { parseHeadersFile, readHtaccessHeaders, readVercelHeaders, validateHeadersOptions } from '../../src/adapter.js';
import {
  cloudflareSends,
  expectedRobots,
  globMatches,
  netlifySends,
  receivedRobots,
  vercelSends,
  type TestRule,
} from './expectations.js';

/** A build output: pages, PDFs at several depths, and names that look like PDFs but are not. */
const FILES = [
  '/index.html',
  '/blog/post/index.html',
  '/files/guide.pdf',
  '/files/guide.pdf.html',
  '/files/report.pdf',
  '/files/notes.txt',
  '/files/sub/deep.pdf',
  '/filesx/c.pdf',
  '/other.pdf',
  '/other.txt',
  '/img/photo.png',
  '/.well-known/key.pdf',
];
const PDFS = FILES.filter((file) => file.endsWith('.pdf'));
/** Requests for paths that are not built files, or near misses of the listed ones; `/files/new.pdf` and `/.pdf` are PDFs the build did not make. */
const OTHER_PATHS = [
  '/',
  '/files',
  '/files/',
  '/files/new.pdf',
  '/files/guide',
  '/files/guide.pdf/extra',
  '/blog/post/',
  '/pdf',
  '/.pdf',
];
/** Those no glob of these tests lists: they get what the glob means, as the built files do. */
const NOT_LISTED = OTHER_PATHS.filter((path) => !globMatches('**/*.{pdf,html}', path));
const PDF_RULE: TestRule = { path: '**/*.pdf', robots: 'noindex' };

function context(overrides: Partial<HeaderFilesContext> = {}): HeaderFilesContext {
  return { indexable: true, readExisting: () => undefined, ...overrides };
}

function file(files: HeaderFile[], path: string): HeaderFile {
  const found = files.find((f) => f.path === path);
  if (!found) throw new Error(`no ${path} among ${files.map((f) => f.path).join(', ')}`);
  return found;
}

function headersOf(options: Record<string, unknown>, overrides: Partial<HeaderFilesContext> = {}): string {
  return file(generateHeaderFiles(options, context({ files: FILES, ...overrides })), '_headers').content;
}

function failure(build: () => unknown): RobotsError {
  try {
    build();
  } catch (error) {
    if (error instanceof RobotsError) return error;
    throw error;
  }
  throw new Error('expected a RobotsError');
}

describe('a glob `_headers` cannot express, given the built files', () => {
  it('netlify `**/*.pdf`: one exact rule per built PDF, and only those paths get the header', () => {
    const content = headersOf({ targets: ['netlify'], rules: [PDF_RULE] });
    const rules = parseHeadersFile(content);
    expect([...rules.keys()].sort()).toEqual([...PDFS].sort());
    for (const [, headers] of rules) expect(headers).toEqual([{ name: 'X-Robots-Tag', value: 'noindex' }]);
    for (const path of [...FILES, ...OTHER_PATHS]) {
      const listed = PDFS.includes(path);
      expect({ path, sent: netlifySends(content, path) }).toEqual({ path, sent: listed ? 'noindex' : null });
      // Built files get exactly what the glob means for them.
      if (FILES.includes(path))
        expect({ path, sent: netlifySends(content, path) !== null }).toEqual({
          path,
          sent: globMatches('**/*.pdf', path),
        });
    }
    expect(netlifySends(content, '/files/guide.pdf.html')).toBeNull();
    expect(netlifySends(content, '/other.txt')).toBeNull();
    // The file comments point at the user's rule.
    expect(content).toContain(
      '# /files/guide.pdf, a file of **/*.pdf (headers.rules[0].path)\n/files/guide.pdf\n  X-Robots-Tag: noindex\n',
    );
  });

  it('netlify and cloudflare together: `/files/*.pdf` listed once, right for both readers, without trailing-slash twins', () => {
    const rules: TestRule[] = [{ path: '/files/*.pdf', robots: 'noindex, nofollow' }];
    const content = headersOf({ targets: ['netlify', 'cloudflare'], rules });
    expect([...parseHeadersFile(content).keys()].sort()).toEqual(['/files/guide.pdf', '/files/report.pdf']);
    for (const path of [...FILES, ...NOT_LISTED]) {
      const expected = expectedRobots(rules, [], path);
      expect({
        path,
        netlify: receivedRobots(netlifySends(content, path)),
        cloudflare: receivedRobots(cloudflareSends(content, path)),
      }).toEqual({ path, netlify: expected, cloudflare: expected });
    }
  });

  it.each([
    ['cloudflare', '/files/{guide,notes}.*', ['/files/guide.pdf', '/files/guide.pdf.html', '/files/notes.txt']],
    ['cloudflare', '/files/?????.pdf', ['/files/guide.pdf']],
    ['netlify', '**/[a-f]*.pdf', ['/files/sub/deep.pdf', '/filesx/c.pdf']],
    ['cloudflare', '/**/sub/**', ['/files/sub/deep.pdf']],
  ] as const)('%s lists what %s matches, and nothing else', (target, glob, expected) => {
    const content = headersOf({ targets: [target], rules: [{ path: glob, robots: 'noarchive' }] });
    expect([...parseHeadersFile(content).keys()].sort()).toEqual([...expected].sort());
    expect(FILES.filter((path) => globMatches(glob, path)).sort()).toEqual([...expected].sort());
  });

  it('no built file matches: no rule and no error, the other rules written as usual', () => {
    const files = FILES.filter((path) => !path.endsWith('.pdf'));
    const content = headersOf(
      { targets: ['netlify'], rules: [PDF_RULE, { path: '/img/**', robots: 'noimageindex' }] },
      { files },
    );
    expect([...parseHeadersFile(content).keys()]).toEqual(['/img', '/img/:p1/*']);
    expect(content).not.toContain('pdf');
    expect(parseHeadersFile(headersOf({ targets: ['netlify'], rules: [PDF_RULE] }, { files: [] })).size).toBe(0);
  });

  it('without files: still the error naming the host and the glob, suggesting the listed-files form and `files`', () => {
    const error = failure(() => generateHeaderFiles({ targets: ['netlify'], rules: [PDF_RULE] }, context()));
    expect(error.code).toBe('unsupported-glob');
    expect(error.details.key).toBe('headers.rules[0].path');
    expect(error.message).toMatch(/`_headers` \(Netlify\) cannot express a `\*` inside a segment/);
    expect(error.message).toContain('`**/*.pdf`');
    expect(error.message).toMatch(/list each file as its own path/);
    expect(error.message).toMatch(/give `generateHeaderFiles` the `files` of the build/);
  });

  it('a preview build checks the rules the same way, and writes only the site-wide rule', () => {
    const preview = { indexable: false };
    expect(failure(() => generateHeaderFiles({ targets: ['netlify'], rules: [PDF_RULE] }, context(preview))).code).toBe(
      'unsupported-glob',
    );
    expect(
      failure(() =>
        generateHeaderFiles({ targets: ['netlify'], rules: [PDF_RULE] }, context({ ...preview, files: ['/a b.pdf'] })),
      ).code,
    ).toBe('unsupported-file-name');
    const content = headersOf({ targets: ['netlify'], rules: [PDF_RULE] }, preview);
    expect([...parseHeadersFile(content)]).toEqual([['/*', [{ name: 'X-Robots-Tag', value: 'noindex, nofollow' }]]]);
  });

  it('vercel, apache and nginx keep the glob as a regex (it also covers files added later)', () => {
    const files = generateHeaderFiles(
      { targets: ['netlify', 'vercel', 'apache', 'nginx'], rules: [PDF_RULE] },
      context({ files: FILES }),
    );
    expect(files.map((f) => f.path)).toEqual([
      '_headers',
      'vercel-headers.json',
      '.htaccess',
      'robots-headers.nginx.conf',
    ]);
    expect(parseHeadersFile(file(files, '_headers').content).size).toBe(PDFS.length);
    const vercel = readVercelHeaders(file(files, 'vercel-headers.json').content);
    expect(vercel).toHaveLength(1);
    for (const path of [...FILES, ...OTHER_PATHS]) {
      expect({ path, robots: receivedRobots(vercelSends(file(files, 'vercel-headers.json').content, path)) }).toEqual({
        path,
        robots: expectedRobots([PDF_RULE], [], path),
      });
    }
    expect(vercelSends(file(files, 'vercel-headers.json').content, '/files/new.pdf')).toBe('noindex');
    expect(readHtaccessHeaders(file(files, '.htaccess').content).map((rule) => [rule.kind, rule.pattern])).toEqual([
      ['file-name', '^[^/]*\\.pdf$'],
    ]);
    const locations = [
      ...file(files, 'robots-headers.nginx.conf').content.matchAll(/^if \(\$uri ~ "([^"]+)"\) \{$/gm),
    ].map((m) => m[1]);
    expect(locations).toHaveLength(1);
    expect(new RegExp(locations[0]!).test('/files/new.pdf')).toBe(true);
  });

  it('nested with a `/files/**` rule: planned like any entry, each built file gets both rules where both match', () => {
    const rules: TestRule[] = [
      { path: '/files/**', robots: 'noindex' },
      { path: '**/*.pdf', robots: 'noarchive' },
    ];
    for (const targets of [['netlify'], ['netlify', 'cloudflare']]) {
      const content = headersOf({ targets, rules });
      for (const path of [...FILES, ...NOT_LISTED]) {
        const expected = expectedRobots(rules, [], path);
        expect({ targets, path, netlify: receivedRobots(netlifySends(content, path)) }).toEqual({
          targets,
          path,
          netlify: expected,
        });
        if (targets.includes('cloudflare'))
          expect({ targets, path, cloudflare: receivedRobots(cloudflareSends(content, path)) }).toEqual({
            targets,
            path,
            cloudflare: expected,
          });
      }
      expect(receivedRobots(netlifySends(content, '/files/guide.pdf'))).toBe('noindex, noarchive');
      expect(receivedRobots(netlifySends(content, '/files/sub/deep.pdf'))).toBe('noindex, noarchive');
      expect(receivedRobots(netlifySends(content, '/other.pdf'))).toBe('noarchive');
      expect(receivedRobots(netlifySends(content, '/files/notes.txt'))).toBe('noindex');
    }
    // As globs the two overlap only in part: the regex targets merge them for each built file both match.
    const built = generateHeaderFiles(
      { targets: ['netlify', 'vercel'], rules, vercel: { mergeInto: 'vercel.json' } },
      context({ files: FILES }),
    );
    const vercelJson = file(built, 'vercel.json').content;
    for (const path of FILES) {
      expect({ path, vercel: receivedRobots(vercelSends(vercelJson, path)) }).toEqual({
        path,
        vercel: expectedRobots(rules, [], path),
      });
    }
    expect(receivedRobots(vercelSends(vercelJson, '/files/sub/deep.pdf'))).toBe('noindex, noarchive');
  });

  it('merges a listed file with a rule naming it, and with an html page, as any entries', () => {
    const rules: TestRule[] = [
      { path: '**/*.{pdf,html}', robots: 'noarchive' },
      { path: '/files/guide.pdf', robots: 'nofollow', userAgent: 'googlebot' },
    ];
    const pages = [
      { url: '/blog/post/index.html', tags: { robots: 'noindex' } },
      { url: '/index.html', tags: { googlebot: 'nosnippet' } },
    ];
    const content = headersOf({ targets: ['netlify'], rules, html: true }, { pages });
    for (const path of [...FILES, ...NOT_LISTED]) {
      expect({ path, robots: receivedRobots(netlifySends(content, path)) }).toEqual({
        path,
        robots: expectedRobots(rules, pages, path),
      });
    }
    expect(receivedRobots(netlifySends(content, '/files/guide.pdf'))).toBe('noarchive | googlebot: nofollow');
    expect(receivedRobots(netlifySends(content, '/blog/post/index.html'))).toBe('noindex, noarchive');
    // One rule per path: the listed file shares it with the explicit rule, and with the page.
    const lines = content.split('\n');
    for (const path of ['/files/guide.pdf', '/index.html', '/blog/post/index.html'])
      expect({ path, rules: lines.filter((line) => line === path).length }).toEqual({ path, rules: 1 });
    const patterns = lines.filter((line) => line.startsWith('/'));
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('errors about a listed file name the rule that listed it', () => {
    const rules: TestRule[] = [{ path: '/**', robots: 'nofollow', userAgent: 'GPTBot' }, PDF_RULE];
    const error = failure(() =>
      generateHeaderFiles({ targets: ['netlify', 'cloudflare'], rules }, context({ files: FILES })),
    );
    expect(error.code).toBe('header-scope-conflict');
    expect(error.details.key).toBe('headers.rules[1].path');
    expect(PDFS).toContain(error.details.value);
  });

  it('counts listed files against the 100 rules Cloudflare Pages reads', () => {
    const pdfs = (count: number) =>
      Array.from({ length: count }, (_, i) => `/docs/file-${String(i).padStart(3, '0')}.pdf`);
    const options = { targets: ['netlify', 'cloudflare'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] };
    expect(parseHeadersFile(headersOf(options, { files: pdfs(100) })).size).toBe(100);
    const error = failure(() => headersOf(options, { files: pdfs(101) }));
    expect(error.code).toBe('too-many-header-rules');
    expect(error.message).toMatch(/first 100 rules[\s\S]*a rule per matching file/);
    expect(() => headersOf({ ...options, targets: ['netlify'] }, { files: pdfs(101) })).not.toThrow();
  });

  it.each([
    ['a space', '/files/my guide.pdf', /Did you mean `\/files\/my-guide\.pdf`\?/],
    ['a percent-encoded space', '/files/my%20guide.pdf', /rename the file/],
    ['non-ASCII', '/files/café.pdf', /rename the file/],
    ['a newline', '/files/a\n.pdf', /`\/files\/a\\u000a\.pdf`/],
    ['a colon (a `_headers` placeholder)', '/files/:splat.pdf', /rename the file/],
  ])('refuses a matching file name with %s, naming the file, the glob and the rule', (_, name, message) => {
    const error = failure(() => headersOf({ targets: ['netlify'], rules: [PDF_RULE] }, { files: [...FILES, name] }));
    expect(error.code).toBe('unsupported-file-name');
    expect(error.details.key).toBe('headers.rules[0].path');
    expect(error.details.value).toBe(name);
    expect(error.message).toMatch(
      /^\[@robots-kit\/core\] options, key `headers\.rules\[0\]\.path`: `_headers` \(Netlify\) cannot express/,
    );
    expect(error.message).toContain('`**/*.pdf`');
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/\n/);
  });

  it('ignores an odd file name the glob does not match', () => {
    const content = headersOf(
      { targets: ['netlify'], rules: [PDF_RULE] },
      { files: [...FILES, '/my notes.txt', '/café/index.html'] },
    );
    expect(parseHeadersFile(content).size).toBe(PDFS.length);
  });

  it('refuses a file that is not a URL path, naming it', () => {
    const error = failure(() =>
      headersOf({ targets: ['netlify'], rules: [PDF_RULE] }, { files: ['/index.html', 'files/guide.pdf'] }),
    );
    expect(error.code).toBe('invalid-build-file');
    expect(error.details.key).toBe('files[1]');
    expect(error.message).toContain('`files/guide.pdf`');
  });

  it('is deterministic: the same bytes whatever the order of the files, duplicates and trailing slashes', () => {
    const options = {
      targets: ['netlify', 'cloudflare', 'vercel'],
      rules: [
        { path: '/files/**', robots: 'noindex' },
        { path: '/files/*.pdf', robots: 'noindex, noarchive' },
        PDF_RULE,
      ],
    };
    const once = generateHeaderFiles(options, context({ files: FILES }));
    const shuffled = [...FILES].reverse().flatMap((path, i) => (i % 3 === 0 ? [path, path] : [path]));
    expect(generateHeaderFiles(options, context({ files: shuffled }))).toEqual(once);
    expect(generateHeaderFiles(options, context({ files: FILES.map((path) => path + '/') }))).toEqual(once);
  });
});

/** Whether robots-kit accepts the glob at all (the arbitrary also makes a few it refuses, e.g. `**\/*\/**`). */
function isValidGlob(glob: string): boolean {
  try {
    validateHeadersOptions({ targets: ['vercel'], rules: [{ path: glob, robots: 'noindex' }] });
    return true;
  } catch (error) {
    if (error instanceof RobotsError) return false;
    throw error;
  }
}

describe('listed files, property: a built file gets the header iff the glob matches it', () => {
  const segment = fc.constantFrom(
    '**',
    '*',
    '*.pdf',
    'a*',
    '{a,b}.pdf',
    '?.pdf',
    '[ab]*',
    'a',
    'b.pdf',
    'files',
    '*a*',
  );
  const globArbitrary = fc
    .tuple(fc.constantFrom('/', '**/'), fc.array(segment, { minLength: 1, maxLength: 3 }))
    .map(([lead, segments]) => lead + segments.join('/'))
    .filter((glob) => !/\*\*\/\*\*(\/|$)/.test(glob));
  // Lowercase only: Netlify ignores letter case, a host property no pattern can change.
  const name = fc.constantFrom('a', 'b.pdf', 'a.pdf', '.pdf', 'files', 'ab', 'x.txt', 'a.pdf.html', 'c');
  const pathArbitrary = fc.array(name, { minLength: 1, maxLength: 3 }).map((names) => '/' + names.join('/'));

  it.each([[['netlify']], [['cloudflare']], [['netlify', 'cloudflare']]])('%j', (targets) => {
    let listedSome = 0;
    fc.assert(
      fc.property(globArbitrary, fc.array(pathArbitrary, { minLength: 1, maxLength: 12 }), (glob, files) => {
        if (!isValidGlob(glob)) return;
        // A path cannot be both a file and a folder of the build.
        const built = files.filter((path) => !files.some((other) => other.startsWith(path + '/')));
        const content = headersOf({ targets, rules: [{ path: glob, robots: 'noindex' }] }, { files: built });
        if (!content.includes('a file of')) return;
        listedSome++;
        for (const path of built) {
          const expected = globMatches(glob, path) ? 'noindex' : null;
          if (targets.includes('netlify'))
            expect({ glob, path, netlify: netlifySends(content, path) }).toEqual({ glob, path, netlify: expected });
          if (targets.includes('cloudflare'))
            expect({ glob, path, cloudflare: cloudflareSends(content, path) }).toEqual({
              glob,
              path,
              cloudflare: expected,
            });
        }
      }),
      { numRuns: 200 },
    );
    expect(listedSome).toBeGreaterThan(20);
  });
});

describe('overlapping header rules are merged per file, most restrictive wins (issue 37 item 9)', () => {
  const files = ['/index.html', '/private/report.pdf', '/private/notes/index.html', '/public/guide.pdf', '/a.pdf'];
  const rules: TestRule[] = [
    { path: '**/*.pdf', robots: 'noarchive' },
    { path: '/private/**', robots: 'noindex' },
  ];
  const paths = [...files, '/private/notes/', '/private', '/private/later.pdf'];

  it('`**/*.pdf` with `/private/**` is not refused; a PDF under /private gets both rules on every target', () => {
    const built = generateHeaderFiles(
      { targets: ['netlify', 'vercel'], rules, vercel: { mergeInto: 'vercel.json' } },
      context({ files }),
    );
    const headers = file(built, '_headers').content;
    const vercelJson = file(built, 'vercel.json').content;
    for (const path of paths.filter((p) => p !== '/private/later.pdf')) {
      const expected = expectedRobots(rules, [], path);
      expect({ path, netlify: receivedRobots(netlifySends(headers, path)) }).toEqual({ path, netlify: expected });
      expect({ path, vercel: receivedRobots(vercelSends(vercelJson, path)) }).toEqual({ path, vercel: expected });
    }
    expect(receivedRobots(vercelSends(vercelJson, '/private/report.pdf'))).toBe('noindex, noarchive');
    expect(receivedRobots(netlifySends(headers, '/private/report.pdf'))).toBe('noindex, noarchive');
    // Cloudflare joins every matching rule, so it needs no listing: the same request gets both there too.
    const cloudflare = headersOf({ targets: ['cloudflare'], rules }, { files });
    expect(receivedRobots(cloudflareSends(cloudflare, '/private/report.pdf'))).toBe('noindex, noarchive');
  });

  it('a PDF the build did not make still gets one of the two rules (the globs stay for files added later)', () => {
    const built = generateHeaderFiles(
      { targets: ['vercel'], rules, vercel: { mergeInto: 'vercel.json' } },
      context({ files }),
    );
    expect(['noindex', 'noarchive']).toContain(
      receivedRobots(vercelSends(file(built, 'vercel.json').content, '/private/later.pdf')),
    );
  });

  it('without the build files (a direct call) the overlap is still refused, naming the way out', () => {
    const error = failure(() => generateHeaderFiles({ targets: ['vercel'], rules }, context()));
    expect(error.code).toBe('overlapping-header-rules');
    expect(error.message).toMatch(/give `generateHeaderFiles` the `files` of the build/);
  });
});

describe('checkHeaderRules: what the rules alone decide, for options time (before any page is built)', () => {
  it('refuses a crawler-scoped rule around a narrower one for Netlify and Cloudflare together', () => {
    const rules = [
      { path: '/**', robots: 'nofollow', userAgent: 'GPTBot' },
      { path: '/files/**', robots: 'noindex' },
    ];
    const both = validateHeadersOptions({ targets: ['netlify', 'cloudflare'], rules });
    expect(failure(() => checkHeaderRules(both)).code).toBe('header-scope-conflict');
    expect(() => checkHeaderRules(validateHeadersOptions({ targets: ['netlify'], rules }))).not.toThrow();
  });

  it('runs when the options are validated, so the adapters stop before any page is built', () => {
    const rules = [
      { path: '/**', robots: 'nofollow', userAgent: 'GPTBot' },
      { path: '/files/**', robots: 'noindex' },
    ];
    const error = failure(() =>
      normalizeOptions({ site: 'https://example.com', headers: { targets: ['netlify', 'cloudflare'], rules } }),
    );
    expect(error.code).toBe('header-scope-conflict');
    expect(() =>
      normalizeOptions({ site: 'https://example.com', headers: { targets: ['netlify'], rules } }),
    ).not.toThrow();
  });

  it('leaves to the build what its files settle: partial overlaps and globs `_headers` cannot express', () => {
    const rules = [
      { path: '**/*.pdf', robots: 'noarchive' },
      { path: '/private/**', robots: 'noindex' },
    ];
    for (const targets of [['netlify'], ['vercel', 'nginx', 'apache'], ['netlify', 'cloudflare']])
      expect(() => checkHeaderRules(validateHeadersOptions({ targets, rules }))).not.toThrow();
  });
});

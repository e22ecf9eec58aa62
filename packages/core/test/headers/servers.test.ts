import { describe, expect, it } from 'vitest';
import { generateHeaderFiles } from '../../src/index.js';
import { expectedRobots, receivedRobots, type TestRule } from './expectations.js';
import {
  APACHE_MODULES,
  apacheBinary,
  apacheSetup,
  checkConfig,
  hasNginx,
  nginxSetup,
  removeDir,
  serveAndFetch,
} from './servers.js';

const hasApache = apacheBinary !== undefined && APACHE_MODULES !== undefined;
if (!hasNginx) console.warn('nginx not found (apt-get install nginx-light): skipping the nginx config checks');
if (!hasApache)
  console.warn('apache2/httpd with mod_headers not found (apt-get install apache2): skipping the Apache config checks');

const SITE = {
  'index.html': '<!doctype html><title>home</title>',
  'files/a.pdf': 'pdf',
  'files/secret.pdf': 'pdf',
  'files/sub/b.pdf': 'pdf',
  'filesx/c.pdf': 'pdf',
  'blog/post/index.html': '<!doctype html><title>post</title>',
  'blog/other/index.html': '<!doctype html><title>other</title>',
  'private/x.txt': 'x',
  'private/deep/y.txt': 'y',
  'other.pdf': 'pdf',
  'img/photo.png': 'png',
  'img/nested/icon.png': 'png',
};
const PATHS = [
  '/',
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
];

const RULES: TestRule[] = [
  { path: '/files/**', robots: 'noindex' },
  { path: ['/files/secret.pdf', '/private/*'], robots: 'noindex, nofollow, noarchive' },
  { path: '/**', robots: 'nofollow', userAgent: 'GPTBot' },
  { path: '/img/*.png', robots: 'noimageindex' },
];
const PAGES = [{ url: '/blog/post/', tags: { robots: 'noindex, follow', googlebot: 'nosnippet' } }];

function files(target: 'apache' | 'nginx', rules: TestRule[], indexable = true) {
  return generateHeaderFiles(
    { targets: [target], html: true, rules },
    { indexable, pages: PAGES, readExisting: () => undefined },
  );
}

const cases = [
  {
    name: 'nginx',
    available: hasNginx,
    setup: (content: string) => nginxSetup(content, SITE),
    file: 'robots-headers.nginx.conf',
  },
  { name: 'apache', available: hasApache, setup: (content: string) => apacheSetup(content, SITE), file: '.htaccess' },
] as const;

describe.each(cases)('$name: the generated file in a real server', ({ name, available, setup, file }) => {
  it.skipIf(!available)(`passes the ${name} config test`, () => {
    const content = files(name, RULES).find((f) => f.path === file)!.content;
    const server = setup(content);
    try {
      const result = checkConfig(server);
      expect(result.output).toMatch(/syntax is ok|Syntax OK/);
      expect(result.ok).toBe(true);
    } finally {
      removeDir(server.dir);
    }
  });

  it.skipIf(!available)('fails the config test when the snippet is broken (the check can fail)', () => {
    const server = setup(
      name === 'nginx'
        ? 'if ($uri ~ "^/x$") { set $robots_kit_1 "noindex" }\n'
        : 'Header bogus X-Robots-Tag "noindex"\n',
    );
    try {
      const result = checkConfig(server);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(/robots-headers\.nginx\.conf|rules\.conf/);
    } finally {
      removeDir(server.dir);
    }
  });

  it.skipIf(!available)('sends exactly the directives of every matching rule, and none elsewhere', async () => {
    const content = files(name, RULES).find((f) => f.path === file)!.content;
    const server = setup(content);
    try {
      const responses = await serveAndFetch(server, PATHS);
      for (const path of PATHS) {
        const response = responses.get(path)!;
        expect(response.status, path).toBe(200);
        expect({ path, robots: receivedRobots(response.robots) }).toEqual({
          path,
          robots: expectedRobots(RULES, PAGES, path),
        });
      }
      // The fixture exercises the interesting cases: nested rules, a page, a miss next door.
      expect(receivedRobots(responses.get('/files/secret.pdf')!.robots)).toBe('noindex, nofollow, noarchive');
      expect(receivedRobots(responses.get('/filesx/c.pdf')!.robots)).toBe('gptbot: nofollow');
      expect(receivedRobots(responses.get('/blog/post/')!.robots)).toBe(
        'noindex, follow | googlebot: nosnippet | gptbot: nofollow',
      );
    } finally {
      removeDir(server.dir);
    }
  });

  it.skipIf(!available)('a non-indexable build sends noindex, nofollow everywhere, 404s included', async () => {
    const content = files(name, RULES, false).find((f) => f.path === file)!.content;
    const server = setup(content);
    try {
      expect(checkConfig(server).ok).toBe(true);
      const responses = await serveAndFetch(server, [...PATHS, '/missing']);
      for (const path of [...PATHS, '/missing'])
        expect({ path, robots: responses.get(path)!.robots }).toEqual({ path, robots: 'noindex, nofollow' });
      expect(responses.get('/missing')!.status).toBe(404);
    } finally {
      removeDir(server.dir);
    }
  });
});

describe.each(cases)(
  '$name: a site served below a path prefix (`servedAt: /blog/`, as `pathPrefix` and `base` give it)',
  ({ name, available, file }) => {
    it.skipIf(!available)('sends the directives at the prefixed URLs, as at the root without it', async () => {
      const [generated] = generateHeaderFiles(
        { targets: [name], html: true, rules: RULES },
        { indexable: true, pages: PAGES, readExisting: () => undefined, servedAt: '/blog/' },
      );
      expect(generated!.path).toBe(file);
      const server =
        name === 'nginx'
          ? nginxSetup(generated!.content, SITE, '/blog/')
          : apacheSetup(generated!.content, SITE, '/blog/');
      try {
        expect(checkConfig(server).ok).toBe(true);
        const prefixed = PATHS.map((path) => `/blog${path}`);
        const responses = await serveAndFetch(server, prefixed);
        for (const path of PATHS) {
          const response = responses.get(`/blog${path}`)!;
          expect(response.status, path).toBe(200);
          expect({ path, robots: receivedRobots(response.robots) }).toEqual({
            path,
            robots: expectedRobots(RULES, PAGES, path),
          });
        }
        expect(receivedRobots(responses.get('/blog/files/secret.pdf')!.robots)).toBe('noindex, nofollow, noarchive');
      } finally {
        removeDir(server.dir);
      }
    });
  },
);

describe.skipIf(!hasApache)('apache: <FilesMatch> form', () => {
  it('is used for file-name globs and matches at any depth', async () => {
    const rules: TestRule[] = [
      { path: '**/*.pdf', robots: 'noindex, nofollow' },
      { path: '**/icon.png', robots: 'noimageindex' },
    ];
    const [htaccess] = generateHeaderFiles(
      { targets: ['apache'], rules },
      { indexable: true, readExisting: () => undefined },
    );
    expect(htaccess!.content).toContain('<FilesMatch "^[^/]*\\.pdf$">');
    const server = apacheSetup(htaccess!.content, SITE);
    try {
      const responses = await serveAndFetch(server, PATHS);
      for (const path of PATHS)
        expect({ path, robots: receivedRobots(responses.get(path)!.robots) }).toEqual({
          path,
          robots: expectedRobots(rules, [], path),
        });
      expect(responses.get('/files/sub/b.pdf')!.robots).toBe('noindex, nofollow');
    } finally {
      removeDir(server.dir);
    }
  });
});

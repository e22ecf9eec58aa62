/**
 * nginx and Apache, started for real, serving the output of every `build.format` (Astro) and the
 * page URLs Eleventy gives, with the setups users copy (`try_files $uri $uri.html $uri/ =404`,
 * `MultiViews`): every file and every spelling of every page is requested without and with the
 * generated file, and each file also as `/files//a.pdf` and `/files/%61.pdf`. The file may never
 * change what is served, and every 200 carries the X-Robots-Tag of the page or file it served
 * (issue 37 items 5, 6, 8 and 10).
 */
import { describe, expect, it } from 'vitest';
import { generateHeaderFiles } from '../../src/index.js';
import { expectedRobots, receivedRobots, type TestRule } from './expectations.js';
import {
  APACHE_MODULES,
  type ApacheOptions,
  apacheBinary,
  apacheSetup,
  hasNginx,
  type NginxOptions,
  nginxSetup,
  removeDir,
  serveAndFetch,
  type ServerSetup,
} from './servers.js';

const hasApache = apacheBinary !== undefined && APACHE_MODULES !== undefined;

/** A build output: each file's body names it, so a response says which file was served. */
interface Output {
  name: string;
  /** File path (no leading `/`) → the page URL the adapter gives for it, or undefined for other files. */
  files: Record<string, string | undefined>;
}
const ASSETS = { 'files/a.pdf': undefined, 'private/report.pdf': undefined, 'img/a.png': undefined };
const OUTPUTS: Output[] = [
  {
    name: "Astro build.format 'directory' (trailingSlash 'always' / 'ignore')",
    files: {
      'index.html': '/',
      'about/index.html': '/about/',
      'blog/post/index.html': '/blog/post/',
      'private/notes/index.html': '/private/notes/',
      ...ASSETS,
    },
  },
  {
    name: "Astro build.format 'directory', trailingSlash 'never'",
    files: { 'index.html': '/', 'about/index.html': '/about', 'private/notes/index.html': '/private/notes', ...ASSETS },
  },
  {
    name: "Astro build.format 'file'",
    files: {
      'index.html': '/',
      'about.html': '/about',
      'blog/post.html': '/blog/post',
      'private/notes.html': '/private/notes',
      ...ASSETS,
    },
  },
  {
    name: "Astro build.format 'preserve' (about.astro, docs/index.astro)",
    files: { 'index.html': '/', 'about.html': '/about', 'docs/index.html': '/docs/', ...ASSETS },
  },
  {
    name: 'Eleventy, a permalink ending in .html and the default folders',
    files: { 'index.html': '/', 'about.html': '/about.html', 'blog/post/index.html': '/blog/post/', ...ASSETS },
  },
];
const RULES: TestRule[] = [
  { path: '/private/**', robots: 'noindex' },
  { path: '**/*.pdf', robots: 'noarchive' },
  { path: '/img/**', robots: 'noimageindex' },
];
const TAGS: Record<string, Record<string, string>> = {
  about: { robots: 'noindex, follow' },
  post: { googlebot: 'nosnippet' },
  notes: { robots: 'nofollow' },
  docs: { robots: 'noarchive' },
};
function pagesOf(output: Output) {
  return Object.values(output.files).flatMap((url) => {
    const tags = url && Object.entries(TAGS).find(([word]) => url.includes(word))?.[1];
    return url && tags ? [{ url, tags }] : [];
  });
}
/** Every file's path, and every spelling of every page: with and without `/`, `.html`, `/index.html`. */
function requestsOf(output: Output): string[] {
  const paths = new Set<string>(['/missing', '/missing.pdf']);
  for (const [file, url] of Object.entries(output.files)) {
    paths.add(`/${file}`);
    // Spellings servers normalise before matching: a doubled `/` and a percent-encoded letter.
    paths.add(`/${file.replace('/', '//')}`);
    paths.add(`/${file.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)}`);
    if (url === undefined || url === '/') continue;
    const stem = url.replace(/\/$/, '').replace(/\.html$/, '');
    for (const spelling of [stem, `${stem}/`, `${stem}.html`, `${stem}/index.html`]) paths.add(spelling);
  }
  return [...paths];
}
/** What a served file must carry: its page's (by the URL the adapter gave) or its own path's. */
function expectedFor(output: Output, body: string): string {
  const file = body.replace(/^FILE:/, '');
  const url = output.files[file] ?? `/${file}`;
  return expectedRobots(RULES, pagesOf(output), url);
}
function site(output: Output): Record<string, string> {
  return Object.fromEntries(Object.keys(output.files).map((file) => [file, `FILE:${file}`]));
}
function generated(target: 'nginx' | 'apache', output: Output, servedAt = '/'): string {
  const [file] = generateHeaderFiles(
    { targets: [target], html: true, rules: RULES },
    {
      indexable: true,
      pages: pagesOf(output),
      files: Object.keys(output.files).map((file) => `/${file}`),
      readExisting: () => undefined,
      servedAt,
    },
  );
  return file!.content;
}

interface Setup {
  name: string;
  available: boolean;
  target: 'nginx' | 'apache';
  make: (content: string | undefined, files: Record<string, string>) => ServerSetup;
}
const tryFiles: NginxOptions = {
  server: (dir) => `root ${dir}/site;\n    index index.html;\n    location / { try_files $uri $uri.html $uri/ =404; }`,
};
const SETUPS: Setup[] = [
  {
    name: 'nginx, static root',
    available: hasNginx,
    target: 'nginx',
    make: (content, files) => nginxSetup(content ?? '', files, '/', { include: content !== undefined }),
  },
  {
    name: 'nginx, try_files $uri $uri.html $uri/ =404',
    available: hasNginx,
    target: 'nginx',
    make: (content, files) => nginxSetup(content ?? '', files, '/', { ...tryFiles, include: content !== undefined }),
  },
  {
    name: 'Apache, DirectoryIndex',
    available: hasApache,
    target: 'apache',
    make: (content, files) => apacheSetup(content ?? '', files),
  },
  {
    name: 'Apache, MultiViews, AllowOverride FileInfo',
    available: hasApache,
    target: 'apache',
    make: (content, files) =>
      apacheSetup(content ?? '', files, '/', { multiViews: true, allowOverride: 'FileInfo' } satisfies ApacheOptions),
  },
];

async function serve(setup: ServerSetup, paths: readonly string[]) {
  try {
    return await serveAndFetch(setup, paths);
  } finally {
    removeDir(setup.dir);
  }
}

describe.each(SETUPS)('$name', ({ available, target, make }) => {
  it.skipIf(!available).each(OUTPUTS)(
    '$name: serves every request as without the file, each 200 with its X-Robots-Tag',
    async (output) => {
      const paths = requestsOf(output);
      const without = await serve(make(undefined, site(output)), paths);
      const withFile = await serve(make(generated(target, output), site(output)), paths);
      let served = 0;
      for (const path of paths) {
        const before = without.get(path)!;
        const after = withFile.get(path)!;
        // A redirect's body names the server's port, which differs between the two runs.
        const body = (response: { status: number; body: string }) => (response.status === 200 ? response.body : '');
        expect({ path, status: after.status, body: body(after) }).toEqual({
          path,
          status: before.status,
          body: body(before),
        });
        expect({ path, robots: before.robots }).toEqual({ path, robots: null });
        if (after.status !== 200) continue;
        served++;
        expect({ path, body: after.body, robots: receivedRobots(after.robots) }).toEqual({
          path,
          body: after.body,
          robots: expectedFor(output, after.body),
        });
      }
      // Every file is served at its own path at least: the assertions above ran on them all.
      expect(served).toBeGreaterThanOrEqual(Object.keys(output.files).length);
      // Both servers normalise these spellings before matching, so the rule follows the file there too.
      for (const spelling of ['/files//a.pdf', '/%66iles/a.pdf', '/private//report.pdf'])
        expect({
          spelling,
          status: withFile.get(spelling)!.status,
          robots: receivedRobots(withFile.get(spelling)!.robots),
        }).toEqual({
          spelling,
          status: 200,
          robots: expectedFor(output, withFile.get(spelling)!.body),
        });
    },
  );
});

describe.skipIf(!hasApache)('Apache: what is missing is never silent', () => {
  const output = OUTPUTS[0]!;
  it('without mod_headers every request is a 500 (no <IfModule> to skip the rules)', async () => {
    const responses = await serve(apacheSetup(generated('apache', output), site(output), '/', { headers: false }), [
      '/',
      '/files/a.pdf',
    ]);
    for (const [path, response] of responses) expect({ path, status: response.status }).toEqual({ path, status: 500 });
  });
});

describe.skipIf(!hasNginx)('nginx: the snippet in setups users write', () => {
  const output = OUTPUTS[0]!;
  const content = generated('nginx', output);
  const repeated = [...content.matchAll(/^# {3}(add_header X-Robots-Tag \$robots_kit_\d+;)$/gm)].map((m) => m[1]);

  it('a location with its own add_header keeps the headers when it repeats the lines the file names', async () => {
    expect(repeated.length).toBeGreaterThan(0);
    const own = (lines: readonly string[]) => (dir: string) =>
      `root ${dir}/site;\n    index index.html;\n    location /files/ { add_header Cache-Control "public"; ${lines.join(' ')} }`;
    const bare = await serve(nginxSetup(content, site(output), '/', { server: own([]) }), ['/files/a.pdf']);
    // nginx's own rule, which the file's comments warn about: a location with add_header inherits none.
    expect(bare.get('/files/a.pdf')!.robots).toBeNull();
    const fixed = await serve(nginxSetup(content, site(output), '/', { server: own(repeated) }), ['/files/a.pdf']);
    expect(receivedRobots(fixed.get('/files/a.pdf')!.robots)).toBe(expectedFor(output, 'FILE:files/a.pdf'));
  });

  it('a site below `base` served with `alias` (the README recipe) gets every file and its headers', async () => {
    const prefixed = generated('nginx', output, '/blog/');
    const server = (dir: string) =>
      `root ${dir}/nothing;\n    location /blog/ { alias ${dir}/site/blog/; index index.html; }`;
    const paths = Object.keys(output.files).map((file) => `/blog/${file}`);
    const responses = await serve(nginxSetup(prefixed, site(output), '/blog/', { server }), paths);
    for (const path of paths) {
      const response = responses.get(path)!;
      expect({ path, status: response.status, robots: receivedRobots(response.robots) }).toEqual({
        path,
        status: 200,
        robots: expectedFor(output, response.body),
      });
    }
  });
});

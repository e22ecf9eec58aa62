/**
 * Issue 14 (on-demand rendering done right) and issue 11 item 5 (an on-demand page that loads its
 * entry with getEntry + render): a site built with @astrojs/node (standalone) and served by its
 * own built server, with and without robots-kit, route by route.
 */
import { AUDIT_FINDINGS, parseRobots } from '@robots-kit/core';
import { build as esbuild, type Metafile } from 'esbuild';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitAstroOptions } from '../src/on-demand.js';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import {
  get,
  robotsHeaderLines,
  startNodeServer,
  type RawResponse,
  type RunningServer,
} from './helpers/start-node-server.js';
import { withoutRobotsTags } from './helpers/without-robots-tags.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

interface Expected {
  status: number;
  /** The X-Robots-Tag line as @astrojs/node sends it (it joins the values, robots first, one per audience). */
  header: string | undefined;
  /** The robots meta tags of the page, in order; undefined for a response that is not a page. */
  tags?: Array<[string, string]>;
}

/** Every route of the fixture and what it must answer with robots-kit. */
const ROUTES: Record<string, Expected> = {
  // A prerendered page: tags in the file, no header (static hosts apply the header files).
  '/': { status: 200, header: undefined, tags: [['googlebot', GOOGLEBOT]] },
  '/ssr': { status: 200, header: `googlebot: ${GOOGLEBOT}`, tags: [['googlebot', GOOGLEBOT]] },
  '/private/report': {
    status: 200,
    header: `noarchive, googlebot: noarchive, ${GOOGLEBOT}`,
    tags: [
      ['robots', 'noarchive'],
      ['googlebot', `noarchive, ${GOOGLEBOT}`],
    ],
  },
  '/tags/astro': { status: 200, header: 'noindex, follow', tags: [['robots', 'noindex, follow']] },
  '/locals': {
    status: 200,
    header: `googlebot: nofollow, ${GOOGLEBOT}`,
    tags: [['googlebot', `nofollow, ${GOOGLEBOT}`]],
  },
  // The route's own header is merged into ours, each directive once; its meta tags are the page's.
  '/route-header': {
    status: 200,
    header: `noarchive, googlebot: noarchive, ${GOOGLEBOT}, bingbot: noarchive, nosnippet`,
    tags: [['googlebot', GOOGLEBOT]],
  },
  '/theme-tag': {
    status: 200,
    header: `noimageindex, googlebot: noimageindex, ${GOOGLEBOT}`,
    tags: [
      ['robots', 'noimageindex'],
      ['googlebot', `noimageindex, ${GOOGLEBOT}`],
    ],
  },
  // getEntry + render on demand (issue 11 item 5): the entry's raw front matter, its schema field, its collection.
  '/blog/hello': { status: 200, header: `googlebot: ${GOOGLEBOT}`, tags: [['googlebot', GOOGLEBOT]] },
  '/blog/secret': { status: 200, header: 'noindex', tags: [['robots', 'noindex']] },
  '/notes/archived': {
    status: 200,
    header: `googlebot: noarchive, ${GOOGLEBOT}`,
    tags: [['googlebot', `noarchive, ${GOOGLEBOT}`]],
  },
  '/drafts/wip': { status: 200, header: 'noindex, follow', tags: [['robots', 'noindex, follow']] },
  // Endpoints: header rules on the URL path, a rule's userAgent as its own audience.
  '/files/report.pdf': { status: 200, header: 'noindex, nofollow' },
  '/files/guide.pdf': { status: 200, header: 'noindex, nofollow, googlebot: noindex, nofollow, noarchive' },
  '/data.json': { status: 200, header: undefined },
  // Error statuses get no header of ours: the route's own stays as it set it.
  '/missing': { status: 404, header: 'noarchive', tags: [] },
  '/no-such-page': { status: 404, header: undefined, tags: [] },
  '/moved': { status: 301, header: undefined },
  // Set by the body after an await: a prerendered page is read to its end first (Astro streams it in a server build)…
  '/late-static': { status: 200, header: undefined, tags: [['robots', 'noindex']] },
  // …an on-demand one has sent its head by then: it keeps its tags, and the server's log names the page (below).
  '/late': { status: 200, header: `googlebot: ${GOOGLEBOT}`, tags: [['googlebot', GOOGLEBOT]] },
  // A prerendered page's own X-Robots-Tag is not sent for its file: the meta tags carry it.
  '/static-header': {
    status: 200,
    header: undefined,
    tags: [
      ['robots', 'noarchive'],
      ['googlebot', `noarchive, ${GOOGLEBOT}`],
    ],
  },
  // Prerendered with status 404: the file is served with 200, so it is a page, with the page's own noindex.
  '/gone-static': { status: 200, header: undefined, tags: [['robots', 'noindex']] },
  // `Astro.rewrite()`: the rules of the path requested, applied once (no leftover tag of the page rendered instead).
  '/old-tag': { status: 200, header: 'noindex, follow', tags: [['robots', 'noindex, follow']] },
  '/old-tag-static': { status: 200, header: undefined, tags: [['robots', 'noindex, follow']] },
  // Sent as Latin-1: the bytes stay, the page's own noindex goes in the header (and the log says so, below).
  '/latin': { status: 200, header: 'noindex', tags: [] },
  '/latin-static': { status: 200, header: undefined, tags: [['robots', 'noindex']] },
};

/** The server's log once it holds `text`: a child process's output reaches the test a little after its response. */
async function loggedBy(server: RunningServer, text: string): Promise<string> {
  for (let waited = 0; waited < 5000 && !server.output().includes(text); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return server.output();
}

describe('on-demand rendering with @astrojs/node (issue 14)', () => {
  let site: BuiltFixture;
  let baseline: BuiltFixture;
  let server: RunningServer;
  let baselineServer: RunningServer;
  const responses = new Map<string, { with: RawResponse; without: RawResponse }>();

  beforeAll(async () => {
    site = await buildFixture('on-demand', { config: { logLevel: 'info' } });
    baseline = await buildFixture('on-demand', {
      config: { configFile: './astro.baseline.config.mjs', outDir: './dist-baseline' },
    });
    [server, baselineServer] = await Promise.all([
      startNodeServer(fileURLToPath(new URL('server/entry.mjs', site.outDir))),
      startNodeServer(fileURLToPath(new URL('server/entry.mjs', baseline.outDir))),
    ]);
    for (const path of Object.keys(ROUTES)) {
      const [withIt, without] = await Promise.all([get(server.origin + path), get(baselineServer.origin + path)]);
      responses.set(path, { with: withIt, without });
    }
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), baselineServer?.stop()]);
  });

  it.each(Object.entries(ROUTES))('%s: status, X-Robots-Tag and meta tags', (path, expected) => {
    const { with: response } = responses.get(path)!;
    expect(response.status).toBe(expected.status);
    const lines = robotsHeaderLines(response);
    expect(lines).toEqual(expected.header === undefined ? [] : [expected.header]);
    if (expected.tags !== undefined) expect(robotsTags(response.body.toString('utf8'))).toEqual(expected.tags);
  });

  it.each(Object.keys(ROUTES))(
    '%s: every byte outside the robots tags, and every other header, as without robots-kit',
    (path) => {
      const { with: withIt, without } = responses.get(path)!;
      expect(withIt.status).toBe(without.status);
      const html = ROUTES[path]!.tags !== undefined;
      // A prerendered file's size and validators follow its bytes; everything else must be equal.
      const varying = html
        ? ['date', 'x-robots-tag', 'content-length', 'etag', 'last-modified']
        : ['date', 'x-robots-tag'];
      const headers = (response: RawResponse) => response.headers.filter(([name]) => !varying.includes(name));
      expect(headers(withIt)).toEqual(headers(without));
      if (html)
        expect(withoutRobotsTags(withIt.body.toString('utf8'))).toBe(withoutRobotsTags(without.body.toString('utf8')));
      else expect(withIt.body.equals(without.body)).toBe(true);
      if (path === '/missing') expect(robotsHeaderLines(without)).toEqual(['noarchive']);
    },
  );

  it('names a robots value set after an on-demand head went out, once per route, and why a prerendered status is not sent', async () => {
    await get(`${server.origin}/late`);
    const late = (await loggedBy(server, '/late: `Astro.locals.robots`'))
      .split('\n')
      .filter((line) => line.includes("/late: `Astro.locals.robots` was set after the page's head had been sent"));
    expect(late).toHaveLength(1);
    const gone = site.logs.filter(
      (entry) =>
        entry.level === 'warn' &&
        entry.message.includes('/gone-static: the page sets status 404, but it is prerendered'),
    );
    expect(gone).toHaveLength(1);
  });

  it("says why a Latin-1 page has no meta tags, and that a server island cannot set its page's robots; the island keeps its bytes", async () => {
    await get(`${server.origin}/latin`);
    expect(await loggedBy(server, '/latin: the page is sent as')).toContain(
      '/latin: the page is sent as `text/html; charset=ISO-8859-1`, not UTF-8, so robots-kit leaves its bytes as they are: its robots directives are sent in the X-Robots-Tag header only.',
    );
    // The page that holds the island keeps its own tags; each build encrypts the island's URL with its own key.
    const island = async (origin: string) => {
      const host = await get(`${origin}/island`);
      const url = /\/_server-islands\/IslandRobots[^"'\s]*/
        .exec(host.body.toString('utf8'))?.[0]
        ?.replaceAll('&amp;', '&');
      expect(url, 'the island URL in the page').toBeDefined();
      return { host, fragment: await get(origin + url!) };
    };
    const [withIt, without] = await Promise.all([island(server.origin), island(baselineServer.origin)]);
    expect(robotsTags(withIt.host.body.toString('utf8'))).toEqual([['googlebot', GOOGLEBOT]]);
    expect(withIt.fragment.status).toBe(200);
    // Astro marks the fragment noindex itself; it reaches the client as without robots-kit.
    expect(withIt.fragment.body.equals(without.fragment.body)).toBe(true);
    expect(robotsHeaderLines(withIt.fragment)).toEqual(robotsHeaderLines(without.fragment));
    expect(await loggedBy(server, 'was set in a server island')).toContain(
      '`Astro.locals.robots` was set in a server island (`server:defer`), which renders in a request of its own after its page was sent',
    );
  });

  it('does not call a glob unused when it may match a route rendered on demand (`/tags/[tag]`, `/old-tag`, `/private/report`)', () => {
    const unused = site.logs.filter(
      (entry) => entry.level === 'warn' && entry.message.includes('no page of this build matches'),
    );
    expect(unused.map((entry) => entry.message)).toEqual([]);
  });

  it('sends a header that says, per audience, what the meta tags say', () => {
    const { with: response } = responses.get('/locals')!;
    const header = parseRobots(robotsHeaderLines(response)[0]!);
    const tags = Object.fromEntries(robotsTags(response.body.toString('utf8')));
    expect(header.crawlers.get('googlebot')).toEqual(parseRobots(tags.googlebot!).all);
    expect(header.all.flags.size).toBe(0);
  });

  it('streams: the head with its tags arrives while a slow component is still rendering', async () => {
    const response = await fetch(`${server.origin}/slow`);
    expect(response.headers.get('x-robots-tag')).toBe(`googlebot: ${GOOGLEBOT}`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let first = '';
    // Everything up to the slow component: Astro sends it before the component's await settles.
    while (!first.includes('<h1>Slow</h1>')) {
      const { done, value } = await reader.read();
      expect(done, `the page ended before its head was sent: ${first}`).toBe(false);
      first += decoder.decode(value, { stream: true });
    }
    expect(first).toContain(`<meta name="googlebot" content="${GOOGLEBOT}">`);
    expect(first).not.toContain('rendered after');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toContain('rendered after');
  });

  it('the same page without robots-kit streams the same way (the baseline the test relies on)', async () => {
    const response = await fetch(`${baselineServer.origin}/slow`);
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).not.toContain('rendered after');
    await reader.cancel();
  });

  it('bundles a middleware with no node: import and no zod: only @robots-kit/core/internal/runtime is loaded', async () => {
    const serverDir = new URL('server/', site.outDir);
    const middleware = (await readdir(serverDir)).find((file) => /middleware.*\.mjs$/.test(file));
    expect(middleware, 'the middleware chunk of the server build').toBeDefined();
    const chunk = await readFile(new URL(middleware!, serverDir), 'utf8');
    // The modules of ours the chunk holds, as the bundler marked them.
    const ours = [...chunk.matchAll(/^\/\/ ((?!.*node_modules)[\w/.-]*dist\/[\w/.-]+\.js)$/gm)].map(
      (match) => match[1]!,
    );
    expect(ours.filter((module) => module.endsWith('core/dist/html/inject-stream.js'))).toHaveLength(1);
    expect(
      ours.filter((module) =>
        /core\/dist\/(audit|report|cli|options\/normalize|options\/schema|index\.js|adapter\.js)/.test(module),
      ),
    ).toEqual([]);

    // Follow every import of the chunk but Astro's own runtime chunks (which a site without robots-kit has too).
    const astroChunks: string[] = [];
    const externals: string[] = [];
    const result = await esbuild({
      entryPoints: [fileURLToPath(new URL(middleware!, serverDir))],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      logLevel: 'silent',
      plugins: [
        {
          name: 'list-externals',
          setup(build) {
            build.onResolve({ filter: /^\.\/chunks\// }, async (args) => {
              const file = fileURLToPath(new URL(args.path, serverDir));
              // Our own chunks (the data module) are followed; Astro's runtime chunks are left out.
              if (/virtual:@robots-kit|robots-kit\/|core\/dist\//.test(await readFile(file, 'utf8')))
                return { path: file };
              astroChunks.push(args.path);
              return { path: args.path, external: true };
            });
            build.onResolve(
              {
                filter:
                  /^node:|^(fs|path|module|url|util|stream|zlib|crypto|os|http|https|async_hooks|child_process|worker_threads)(\/|$)/,
              },
              (args) => {
                externals.push(args.path);
                return { path: args.path, external: true };
              },
            );
          },
        },
      ],
    });
    const inputs = Object.keys((result.metafile as Metafile).inputs);
    expect(externals).toEqual([]);
    expect(inputs.filter((input) => /node_modules\/(zod|@zod)\//.test(input))).toEqual([]);
    expect(astroChunks.length, "Astro's own runtime chunks, left out").toBeGreaterThan(0);
    const bytes = result.outputFiles!.reduce((sum, file) => sum + file.contents.byteLength, 0);
    const packages = [
      ...new Set(inputs.flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? [])),
    ].sort();
    console.info(
      `middleware bundle: ${inputs.length} modules, ${Math.round(bytes / 1024)} KiB, packages: ${packages.join(', ')}`,
    );
  });
});

describe('the audit of a site with routes rendered on request (issue 14 item 5)', () => {
  it('does not report sitemap URLs of on-demand routes as missing files, and still reports a URL of nothing', async () => {
    const site = await buildFixture('on-demand', {
      config: { configFile: './astro.audit.config.mjs', outDir: './dist-audit', logLevel: 'info' },
    });
    const missing = site.logs.filter((entry) => entry.message.includes('sitemap-url-missing'));
    expect(missing).toHaveLength(1);
    expect(missing[0]!.message).toContain('(/gone)');
    expect(missing[0]!.message).not.toMatch(/blog|guide/);
  });

  it('lists every finding id the audit can emit in the README', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const unlisted = Object.keys(AUDIT_FINDINGS).filter((id) => !readme.includes(`\`${id}\``));
    expect(unlisted).toEqual([]);
  });
});

describe('the onDemand option', () => {
  const builds: Array<{ name: string; server?: RunningServer }> = [];
  afterAll(async () => {
    await Promise.all(builds.map((entry) => entry.server?.stop()));
  });

  const serve = async (name: string): Promise<RunningServer> => {
    const built = await buildFixture('on-demand', {
      config: { configFile: `./astro.${name}.config.mjs`, outDir: `./dist-${name}` },
    });
    const server = await startNodeServer(fileURLToPath(new URL('server/entry.mjs', built.outDir)));
    builds.push({ name, server });
    return server;
  };

  it('metaTags: false keeps the page as rendered and still sends the header', async () => {
    const server = await serve('no-meta');
    const response = await get(`${server.origin}/tags/astro`);
    expect(robotsHeaderLines(response)).toEqual(['noindex, follow']);
    expect(robotsTags(response.body.toString('utf8'))).toEqual([]);
    // Prerendered pages keep their tags: the option is about responses rendered on request.
    expect(robotsTags((await get(`${server.origin}/`)).body.toString('utf8'))).toEqual([['googlebot', GOOGLEBOT]]);
  });

  it('header: false keeps the meta tags and sends no header, on pages and endpoints', async () => {
    const server = await serve('no-header');
    const page = await get(`${server.origin}/tags/astro`);
    expect(robotsHeaderLines(page)).toEqual([]);
    expect(robotsTags(page.body.toString('utf8'))).toEqual([['robots', 'noindex, follow']]);
    expect(robotsHeaderLines(await get(`${server.origin}/files/report.pdf`))).toEqual([]);
  });

  it('refuses an unknown key or a value that is not a boolean, naming it', () => {
    expect(() => splitAstroOptions({ onDemand: { headr: false } as never })).toThrow(
      /onDemand\.headr.*unknown option.*Did you mean `header`\?/s,
    );
    expect(() => splitAstroOptions({ onDemand: { metaTags: 'no' } as never })).toThrow(
      /onDemand\.metaTags.*`no`.*`true` or `false`/s,
    );
    expect(splitAstroOptions({ onDemand: { header: false } })).toEqual({
      core: {},
      onDemand: { header: false, metaTags: true },
    });
  });
});

/**
 * Issue 37 item 7: on-demand Astro works the same on workerd, Netlify and Vercel functions and
 * Node. One site (fixtures/adapters) is built with each real adapter and served as its host
 * runs it, on 127.0.0.1 and a free port, started and stopped here:
 *
 * - `@astrojs/cloudflare`: the built worker in `wrangler dev` (workerd from npm, offline), which
 *   also serves the prerendered files with `_headers` applied;
 * - `@astrojs/netlify`, `@astrojs/vercel`: the function bundle copied out of the project (so it
 *   has only what the bundler traced into it) and called with a web `Request` per HTTP request by
 *   Node 24, as their Node runtimes call it (helpers/function-host.mjs);
 * - `@astrojs/node`: its standalone server.
 *
 * Every host must send the same robots tags and X-Robots-Tag lines for the pages rendered on
 * request, including a page whose head holds a `<template>` with table content (only parse5
 * reads it, loaded on first need: a `createRequire` there failed on workerd and was not traced
 * by the function bundlers). Issue 37 item 5: with `@astrojs/vercel`, the deployment the build
 * makes (`.vercel/output`) carries this build's header routes and robots.txt.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import {
  freePort,
  get,
  robotsHeaderLines,
  startNodeServer,
  startServerProcess,
  type RawResponse,
  type RunningServer,
} from './helpers/start-node-server.js';

type Host = 'cloudflare' | 'netlify' | 'vercel' | 'node';
type Element = DefaultTreeAdapterMap['element'];

const REPO = new URL('../../../', import.meta.url);
/** The Node the hosts run (Netlify's and Vercel's runtimes are Node 22/24; wrangler needs ≥ 22.12). */
const NODE24 = fileURLToPath(new URL('node_modules/node/bin/node', REPO));
const WRANGLER = fileURLToPath(new URL('node_modules/wrangler/wrangler-dist/cli.js', REPO));
const FUNCTION_HOST = fileURLToPath(new URL('./helpers/function-host.mjs', import.meta.url));
const FIXTURE = new URL('./fixtures/adapters/', import.meta.url);

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const NOINDEX: Array<[string, string]> = [['robots', 'noindex, follow']];

interface Expected {
  /** The X-Robots-Tag lines, in order (none: `[]`). */
  header: string[];
  /** The robots meta tags of the page as parse5 reads its head; undefined for a file that is not a page. */
  tags?: Array<[string, string]>;
}

/** The responses rendered on request: the same on every host. */
const ON_DEMAND: Record<string, Expected> = {
  '/ssr': { header: [`googlebot: ${GOOGLEBOT}`], tags: [['googlebot', GOOGLEBOT]] },
  '/private/report': { header: ['noindex, follow'], tags: NOINDEX },
  // A head <template> with table content: the page needs parse5, loaded with a plain import() on this request.
  '/private/table': { header: ['noindex, follow'], tags: NOINDEX },
  '/locals': { header: [`googlebot: nofollow, ${GOOGLEBOT}`], tags: [['googlebot', `nofollow, ${GOOGLEBOT}`]] },
  '/files/report.pdf': { header: ['noindex, nofollow'] },
};
/**
 * The prerendered pages (rendered at build time; with @astrojs/cloudflare, in workerd): their
 * tags, and the X-Robots-Tag lines a `_headers` host sends with them.
 */
const PRERENDERED: Record<string, Required<Expected>> = {
  '/': { header: [], tags: [['googlebot', GOOGLEBOT]] },
  '/private/static/': { header: [], tags: NOINDEX },
  // Under the header rule: the rule is among the page's sources, so its tag says the same.
  '/files/page/': { header: ['noindex, nofollow'], tags: [['robots', 'noindex, nofollow']] },
};

/**
 * URL spellings of the static files under the header rule `/files/**`: letter case, trailing
 * slash, `index.html`, `.html`, an escaped letter, an empty segment. Where the host serves one,
 * it must send the header.
 */
const SPELLINGS = [
  '/files/static.pdf',
  '/files/static.pdf/',
  '/FILES/static.pdf',
  '/files/STATIC.PDF',
  '/files/%73tatic.pdf',
  '/files//static.pdf',
  '/files/page',
  '/files/page/',
  '/files/page/index.html',
  '/files/page.html',
  '/Files/Page/',
];
/**
 * The spellings checked per host. Netlify's engine serves `/files//static.pdf` (its static
 * handler drops the empty segment) but matches `_headers` against the path as sent, where
 * `:p1` needs a character: no `_headers` pattern covers an empty segment without also covering
 * `/filesX`, so that spelling is left out (a known gap, reported), not asserted.
 */
const STATIC_SPELLINGS = {
  cloudflare: SPELLINGS,
  netlify: SPELLINGS.filter((path) => path !== '/files//static.pdf'),
};
/** Which of them each host serves (200); the others it redirects or answers 404. */
const SERVED_SPELLINGS = {
  cloudflare: ['/files/static.pdf', '/files/page/'],
  netlify: ['/files/static.pdf', '/files/static.pdf/', '/files/page', '/files/page/', '/files/page/index.html'],
};

/** The robots meta tags of a page's head, as parse5 builds the document: [lowercase name, content]. */
function headRobotsTags(html: string): Array<[string, string]> {
  const document = parse(html);
  const htmlElement = document.childNodes.find((node): node is Element => node.nodeName === 'html');
  const head = htmlElement?.childNodes.find((node): node is Element => node.nodeName === 'head');
  const tags: Array<[string, string]> = [];
  for (const node of head?.childNodes ?? []) {
    if (node.nodeName !== 'meta') continue;
    const attribute = (name: string): string | undefined =>
      (node as Element).attrs.find((attr) => attr.name === name)?.value;
    const name = attribute('name')?.toLowerCase() ?? '';
    if (['robots', 'googlebot', 'bingbot'].includes(name)) tags.push([name, attribute('content') ?? '']);
  }
  return tags;
}

/** What the test reads of one response. */
function observed(response: RawResponse, page: boolean): Expected & { status: number } {
  const header = robotsHeaderLines(response);
  return page
    ? { status: response.status, header, tags: headRobotsTags(response.body.toString('utf8')) }
    : { status: response.status, header };
}

/** A folder of the build copied into a new temporary folder, links followed (the bundle as uploaded). */
async function copyOut(from: string, into: string): Promise<string> {
  const to = join(into, 'function');
  await cp(from, to, { recursive: true, dereference: true });
  return to;
}

interface Served {
  built: BuiltFixture;
  server: RunningServer;
  tmp?: string;
}

/** Builds the fixture with the host's adapter and starts the host. */
async function serve(host: Host): Promise<Served> {
  const built = await buildFixture('adapters', {
    config: { configFile: `./astro.${host}.config.mjs`, outDir: `./dist/${host}` },
  });
  const root = fileURLToPath(FIXTURE);
  if (host === 'node') {
    return { built, server: await startNodeServer(fileURLToPath(new URL('server/entry.mjs', built.outDir))) };
  }
  if (host === 'cloudflare') {
    const persist = await mkdtemp(join(tmpdir(), 'robots-kit-wrangler-'));
    const inspectorPort = await freePort();
    const server = await startServerProcess(
      (port) => ({
        entry: WRANGLER,
        node: NODE24,
        cwd: root,
        args: [
          'dev',
          '--config',
          fileURLToPath(new URL('server/wrangler.json', built.outDir)),
          '--ip',
          '127.0.0.1',
          '--port',
          String(port),
          '--inspector-port',
          String(inspectorPort),
          '--persist-to',
          persist,
          '--show-interactive-dev-session=false',
          '--log-level',
          'warn',
        ],
        env: { WRANGLER_SEND_METRICS: 'false', CI: '1', WRANGLER_LOG_PATH: persist },
      }),
      { timeoutMs: 120_000 },
    );
    return { built, server, tmp: persist };
  }
  const tmp = await mkdtemp(join(tmpdir(), `robots-kit-${host}-`));
  let entry: string;
  if (host === 'netlify') {
    entry = join(await copyOut(join(root, '.netlify/v1/functions/ssr'), tmp), 'ssr.mjs');
  } else {
    const functionDir = await copyOut(join(root, '.vercel/output/functions/_render.func'), tmp);
    const config = JSON.parse(await readFile(join(functionDir, '.vc-config.json'), 'utf8')) as { handler: string };
    entry = join(functionDir, config.handler);
  }
  const server = await startServerProcess((port) => ({
    entry: FUNCTION_HOST,
    node: NODE24,
    cwd: host === 'netlify' ? root : tmp,
    // Netlify: its own local engine serves the publish folder (netlify.toml) in front of the function.
    args: host === 'netlify' ? [entry, host, root] : [entry, host],
    env: { HOST: '127.0.0.1', PORT: String(port), NODE_PATH: '' },
  }));
  return { built, server, tmp };
}

describe.each(['cloudflare', 'netlify', 'vercel', 'node'] as const)('on-demand pages on %s', (host) => {
  let site: Served | undefined;
  beforeAll(async () => {
    site = await serve(host);
  }, 300_000);
  afterAll(async () => {
    await site?.server.stop();
    if (site?.tmp) await rm(site.tmp, { recursive: true, force: true });
  });

  it.each(Object.entries(ON_DEMAND))('%s: tags and X-Robots-Tag as on every host', async (path, expected) => {
    const response = await get(site!.server.origin + path);
    expect(observed(response, expected.tags !== undefined), site!.server.output()).toEqual({
      status: 200,
      ...expected,
    });
  });

  it('a head <template> with table content is served as written, the tag inserted before it', async () => {
    const body = (await get(`${site!.server.origin}/private/table`)).body.toString('utf8');
    expect(body).toMatch(
      /<meta name="robots" content="noindex, follow">.*<template id="row"><tr><td>cell<\/td><\/tr><\/template><\/head>/s,
    );
  });

  it.each(Object.entries(PRERENDERED))(
    '%s, prerendered, carries its tags in the built file',
    async (path, { tags }) => {
      const clientDir = host === 'netlify' ? '' : 'client/';
      const file = `${clientDir}${path.slice(1)}index.html`;
      expect(headRobotsTags(await site!.built.read(file))).toEqual(tags);
    },
  );

  it.runIf(host === 'cloudflare' || host === 'netlify').each(Object.entries(PRERENDERED))(
    '%s, prerendered, is served with its tags by the host',
    async (path, expected) => {
      expect(observed(await get(site!.server.origin + path), true)).toEqual({ status: 200, ...expected });
    },
  );

  // Issue 37 item 4: the `_headers` rules against the URL spellings the host itself serves a file at.
  const spellings = host === 'cloudflare' || host === 'netlify' ? STATIC_SPELLINGS[host] : SPELLINGS;
  it.runIf(host === 'cloudflare' || host === 'netlify').each(spellings)(
    'the host applies `_headers` to %s, or does not serve it',
    async (path) => {
      const response = await get(site!.server.origin + path);
      const header = robotsHeaderLines(response);
      expect(response.status === 200 ? header : 'not served', `${response.status} ${header.join(' | ')}`).toEqual(
        response.status === 200 ? ['noindex, nofollow'] : 'not served',
      );
    },
  );

  it.runIf(host === 'cloudflare' || host === 'netlify')(
    'the spellings the host serves a file at (those the test above holds to the header)',
    async () => {
      const served = [];
      for (const path of spellings) if ((await get(site!.server.origin + path)).status === 200) served.push(path);
      expect(served).toEqual(SERVED_SPELLINGS[host as 'cloudflare' | 'netlify']);
    },
  );

  it.runIf(host === 'vercel')(
    "the Build Output config carries this build's header routes before the filesystem, matching the static files",
    async () => {
      const config = JSON.parse(await readFile(join(fileURLToPath(FIXTURE), '.vercel/output/config.json'), 'utf8')) as {
        routes: Array<{ src?: string; handle?: string; headers?: Record<string, string> }>;
      };
      const filesystem = config.routes.findIndex((route) => route.handle === 'filesystem');
      const robotsRoutes = config.routes
        .map((route, index) => ({ route, index }))
        .filter(({ route }) => route.headers?.['X-Robots-Tag'] !== undefined);
      expect(robotsRoutes.map(({ route }) => route.headers)).toEqual([{ 'X-Robots-Tag': 'noindex, nofollow' }]);
      expect(robotsRoutes.every(({ index }) => index < filesystem)).toBe(true);
      // Vercel reads `src` as a PCRE; these are plain enough that JavaScript reads them the same.
      const matches = (path: string): boolean => robotsRoutes.some(({ route }) => new RegExp(route.src!).test(path));
      expect(['/files/static.pdf', '/files/report.pdf', '/ssr', '/'].map(matches)).toEqual([true, true, false, false]);
    },
  );

  it.runIf(host === 'vercel')("the deployment's static folder has the robots.txt this build wrote", async () => {
    const deployed = await readFile(join(fileURLToPath(FIXTURE), '.vercel/output/static/robots.txt'), 'utf8');
    expect(deployed).toBe(await site!.built.read('client/robots.txt'));
  });
});

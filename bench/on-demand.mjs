// On-demand rendering: requests per second of an @astrojs/node server with robots-kit's
// middleware against the same site without it (same run, alternated rounds), on two pages of the
// same builds (ROUTES: the minimal page, the worst case, and the Astro blog starter's post page),
// and the cold import time and size of @robots-kit/core/internal/runtime, which that middleware loads,
// beside the main entry.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { median, root, work } from './lib.mjs';
import { STARTER_SLUGS, writeStarterSite } from './starter-site.mjs';

const require = createRequire(import.meta.url);
const astroBin = join(dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');

/** A layout and a page like a blog post's: a head with the usual tags, a few KB of article. */
const LAYOUT = `---
const { title } = Astro.props;
---
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width" />
    <meta name="description" content="A page rendered on request for the robots-kit bench." />
    <link rel="canonical" href={new URL(Astro.url.pathname, 'https://example.com')} />
    <title>{title}</title>
  </head>
  <body>
    <header><nav><a href="/">Home</a> <a href="/blog/">Blog</a> <a href="/about/">About</a></nav></header>
    <main><slot /></main>
    <footer><p>Footer text</p></footer>
  </body>
</html>
`;
const PAGE = `---
export const prerender = false;
import Base from '../../layouts/Base.astro';
const paragraphs = Array.from({ length: 30 }, (_, i) => i);
---
<Base title={\`Post \${Astro.params.slug}\`}>
  <article>
    <h1>Post {Astro.params.slug}</h1>
    {paragraphs.map((i) => <p>Paragraph {i} of a post rendered on request, with <a href={\`/blog/\${i}/\`}>a link</a> and some <em>inline markup</em> to make it look like a real page.</p>)}
  </article>
</Base>
`;
/**
 * A middleware that rewrites nothing but streams the page as any head rewrite must: it reads the
 * first chunk, then returns a new Response over a new ReadableStream that gives that chunk and
 * passes the rest through (what robots-kit does, without scanning, resolving or editing). What
 * robots-kit costs beyond it is its own work; what this costs is the floor of the approach.
 */
const REWRAP_MIDDLEWARE = `export const onRequest = async (context, next) => {
  const response = await next();
  if (response.body === null || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const reader = response.body.getReader();
  const first = await reader.read();
  let held = first.done ? undefined : first.value;
  let ended = first.done;
  const body = new ReadableStream({
    async pull(controller) {
      if (held !== undefined) {
        controller.enqueue(held);
        held = undefined;
        return;
      }
      const { done, value } = ended ? { done: true } : await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, response);
};
`;
/** A middleware added by an integration of its own, at the same place as robots-kit's. */
const middlewareIntegration = (name) =>
  `{ name: '${name}-middleware', hooks: { 'astro:config:setup': ({ addMiddleware }) => addMiddleware({ order: 'post', entrypoint: new URL('./${name}-middleware.mjs', import.meta.url) }) } }`;
/**
 * The integration each variant lists: robots-kit, a middleware that does nothing (Astro's own
 * cost of having one), one that re-streams the page (the floor of a streaming head rewrite), or none.
 */
const INTEGRATIONS = {
  none: '',
  noop: middlewareIntegration('noop'),
  rewrap: middlewareIntegration('rewrap'),
  // Both pages under the same rule: each gets a tag and a header (the edit path, the costly one).
  robots:
    "robots({ noindex: { paths: ['/tags/**'] }, rules: [{ path: ['/blog/**', '/starter/**'], robots: 'noarchive' }] })",
};
const config = (variant) => `import node from '@astrojs/node';
${variant === 'robots' ? "import robots from '@robots-kit/astro';\n" : ''}import { defineConfig } from 'astro/config';
export default defineConfig({
  site: 'https://example.com',
  adapter: node({ mode: 'standalone' }),
  integrations: [${INTEGRATIONS[variant]}],
});
`;

/**
 * The pages the bench can request, by route: `blog` is the minimal page (the layout above and 30
 * generated paragraphs, the worst case: little rendering for robots-kit's fixed cost), `starter`
 * the Astro blog starter's post page (bench/starter-site.mjs), both on demand in the same sites.
 */
export const ROUTES = {
  blog: (label, i) => `/blog/${label}-${i}/`,
  starter: (label, i) => `/starter/${STARTER_SLUGS[i % STARTER_SLUGS.length]}/`,
};

/** Builds the site (both pages) with and without robots-kit, once; later runs reuse the builds. */
export async function buildSites() {
  const dir = join(work, 'on-demand-site');
  const stamp = join(dir, 'built-from');
  // The middleware's bundle holds core's runtime too: a change to either builds the sites again.
  const bundled = [
    join('astro-integration', 'dist', 'middleware.js'),
    join('astro-integration', 'dist', 'page-directives.js'),
    ...readdirSync(join(root, 'packages', 'core', 'dist'), { recursive: true })
      .filter((file) => file.endsWith('.js'))
      .map((file) => join('core', 'dist', file)),
  ];
  const version = `${Math.max(...bundled.map((file) => statSync(join(root, 'packages', file)).mtimeMs), ...['./starter-site.mjs', './starter-posts.mjs'].map((file) => statSync(new URL(file, import.meta.url)).mtimeMs))} ${Object.values(INTEGRATIONS)} ${Object.keys(ROUTES)}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src', 'pages', 'blog'), { recursive: true });
  mkdirSync(join(dir, 'src', 'layouts'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'robots-kit-bench-on-demand', private: true, type: 'module' }),
  );
  writeFileSync(join(dir, 'src', 'layouts', 'Base.astro'), LAYOUT);
  writeFileSync(join(dir, 'src', 'pages', 'blog', '[slug].astro'), PAGE);
  await writeStarterSite(dir);
  writeFileSync(join(dir, 'noop-middleware.mjs'), 'export const onRequest = (context, next) => next();\n');
  writeFileSync(join(dir, 'rewrap-middleware.mjs'), REWRAP_MIDDLEWARE);
  for (const variant of Object.keys(INTEGRATIONS)) {
    writeFileSync(join(dir, `astro.${variant}.config.mjs`), config(variant));
    const result = spawnSync(
      process.execPath,
      [astroBin, 'build', '--root', dir, '--config', `astro.${variant}.config.mjs`, '--outDir', `dist-${variant}`],
      {
        encoding: 'utf8',
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      },
    );
    if (result.status !== 0) throw new Error(`astro build (${variant}) failed:\n${result.stdout}\n${result.stderr}`);
  }
  writeFileSync(stamp, version);
  return dir;
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One GET over `agent`: the response once read to its end; with `keepBody`, its bytes too (`body`). */
export function get(agent, url, keepBody = false) {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      const chunks = [];
      response.on('data', keepBody ? (chunk) => chunks.push(chunk) : () => undefined);
      response.on('end', () =>
        resolve(keepBody ? Object.assign(response, { body: new Uint8Array(Buffer.concat(chunks)) }) : response),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Starts a built server on 127.0.0.1 and resolves once it answers; it exits with this process. */
async function startServer(entry) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `process.stdin.on('end', () => process.exit(0)).resume(); await import(${JSON.stringify(entry)});`,
    ],
    {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  for (let tries = 0; ; tries++) {
    try {
      await get(agent, `${origin}/blog/warm-up/`);
      break;
    } catch (error) {
      if (tries > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { origin, agent, pid: child.pid, stop: () => child.stdin.end() };
}

/**
 * CPU milliseconds a process has used, all its threads (JavaScript, GC helpers, libuv), from
 * /proc on Linux: the scheduler's nanosecond counts, else user + system time in ticks of 10 ms;
 * undefined elsewhere.
 */
function processCpuMs(pid) {
  try {
    let nanoseconds = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a thread that ended meanwhile
      }
    }
    if (nanoseconds > 0) return nanoseconds / 1e6;
  } catch {
    // no schedstat: the ticks below
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * `connections` concurrent keep-alive clients on `route`'s page for `ms`: requests per second
 * (wall time, which the other processes of a shared machine sway) and the server's CPU
 * milliseconds per request (which they sway much less).
 */
async function load(server, route, ms, connections) {
  let done = 0;
  const url = ROUTES[route];
  const cpuBefore = processCpuMs(server.pid);
  const deadline = performance.now() + ms;
  const worker = async (id) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const response = await get(server.agent, `${server.origin}${url(`post-${id}`, i % 50)}`);
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, id) => worker(id)));
  const cpuAfter = processCpuMs(server.pid);
  return {
    rps: done / ((performance.now() - started) / 1000),
    cpuMsPerRequest: cpuBefore === undefined ? NaN : (cpuAfter - cpuBefore) / done,
  };
}

/** Milliseconds to import `specifier` in a fresh Node process, median of `runs`. */
function coldImportMs(specifier, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const script = `const start = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - start));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    times.push(Number(result.stdout));
  }
  return median(times);
}

/** The runtime entry bundled for the browser-like platform of edge runtimes: modules and bytes. */
async function runtimeBundle() {
  // esbuild comes with Astro (a dependency of astro).
  const { build } = await import('esbuild');
  const bundle = async (entry, platform) => {
    const nodeImports = new Set();
    const listNodeImports = {
      name: 'list-node-imports',
      setup(builder) {
        builder.onResolve({ filter: /^node:/ }, (args) => {
          nodeImports.add(args.path);
          return { path: args.path, external: true };
        });
      },
    };
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform,
      logLevel: 'silent',
      plugins: [listNodeImports],
    });
    return {
      modules: Object.keys(result.metafile.inputs).length,
      bytes: result.outputFiles[0].contents.byteLength,
      nodeImports: [...nodeImports].sort(),
    };
  };
  return {
    runtime: await bundle(join(root, 'packages', 'core', 'dist', 'runtime.js'), 'neutral'),
    main: await bundle(join(root, 'packages', 'core', 'dist', 'index.js'), 'node'),
  };
}

/**
 * robots-kit's own work per page, in this process: resolving a page and streaming it through the
 * head transform, in CPU microseconds, against reading the same body alone. The body is what
 * Astro's Node renderer returns for a page without awaits: one chunk, in a Response made from an
 * async iterable. Beside it, two of its parts alone: the head scan (decoding the chunk and
 * reading the head as injectRobots does) and a cached resolution. Steadier than the server
 * figures on a busy machine, and only ours; rounds alternate, medians. `served`: the pages as a
 * server sent them (each call takes the next), else the minimal page, built here.
 */
async function inProcessMicros(pages, served) {
  const { injectRobotsStream, resolveResponse } = await import(join(root, 'packages', 'core', 'dist', 'runtime.js'));
  const { locateHead } = await import(join(root, 'packages', 'core', 'dist', 'html', 'inject.js'));
  const encoder = new TextEncoder();
  const head =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="description" content="A page rendered on request for the robots-kit bench."><link rel="canonical" href="https://example.com/blog/x/"><title>Post x</title></head><body><header><nav><a href="/">Home</a> <a href="/blog/">Blog</a></nav></header><main><article><h1>Post x</h1>';
  const html =
    head +
    Array.from(
      { length: 30 },
      (_, i) =>
        `<p>Paragraph ${i} of a post rendered on request, with <a href="/blog/${i}/">a link</a> and some <em>inline markup</em> to make it look like a real page.</p>`,
    ).join('') +
    '</article></main></body></html>';
  const all = served ?? [encoder.encode(html)];
  let next = 0;
  const options = {
    noindex: { collections: [], paths: ['/tags/**'], data: {} },
    rules: [{ path: ['/blog/**', '/starter/**'], robots: 'noarchive' }],
    frontMatterKey: 'robots',
    errorPages: [],
    googlebot: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
    indexable: true,
    strict: true,
    robotsTxt: {},
    audit: false,
  };
  const body = () => {
    const chunks = [all[next++ % all.length]];
    return new Response({
      [Symbol.asyncIterator]: () => ({
        next: async () => (chunks.length > 0 ? { done: false, value: chunks.pop() } : { done: true, value: undefined }),
      }),
    }).body;
  };
  const resolve = (existing) =>
    resolveResponse(
      { url: '/blog/x/', status: 200, own: [], existing, source: 'src/pages/blog/[slug].astro' },
      options,
      { kind: 'html' },
    ).tags;
  const tasks = {
    alone: async () => {
      for await (const _ of body());
    },
    withRobots: async () => {
      const result = await injectRobotsStream(body(), resolve);
      for await (const _ of result.body);
    },
    headScan: async () =>
      locateHead(
        new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(all[next++ % all.length], { stream: true }),
      ),
    resolve: async () => resolve([]),
  };
  const cpu = async (task, count) => {
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) await task();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / count;
  };
  const names = Object.keys(tasks);
  for (const name of names) await cpu(tasks[name], pages);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < 9; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      samples[name].push(await cpu(tasks[name], pages / 4));
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(samples[name])]));
}

/** What each route's page is, for the report. */
const PAGES = {
  blog: 'a bare layout and 30 generated paragraphs (5 KB), the worst case',
  starter:
    "the Astro blog starter's post page, its BaseHead, Header, Footer and BlogPost layout, a markdown post from a content collection, a hero image (15–22 KB, of which the head 5.7–6.0 KB: Astro inlines the stylesheets)",
};

/** The ratios of one route's page, from each round's results by variant. */
function summarize(route, rps, cpu, ratios) {
  const medianRatio = Object.fromEntries(Object.entries(ratios).map(([key, list]) => [key, median(list)]));
  return {
    page: PAGES[route],
    rps: Object.fromEntries(Object.entries(rps).map(([name, list]) => [name, median(list)])),
    cpuMsPerRequest: Object.fromEntries(Object.entries(cpu).map(([name, list]) => [name, median(list)])),
    ratios,
    medianRatio,
    overheadPercent: Object.fromEntries(Object.entries(medianRatio).map(([key, ratio]) => [key, (1 - ratio) * 100])),
    target: { overheadAtMostPercent: 5, met: (1 - medianRatio.cpuVsNone) * 100 <= 5 },
  };
}

/**
 * Both pages (ROUTES) on the four servers: in each round, each page on each server in turn, the
 * order rotated; the minimal page's figures at the top level (as before the starter page was
 * added), the starter page's under `starter` in the same shape.
 */
export async function benchOnDemand({ rounds = 7, ms = 3000, connections = 8, importRuns = 7 } = {}) {
  const dir = await buildSites();
  const names = ['none', 'noop', 'rewrap', 'robots'];
  const routes = Object.keys(ROUTES);
  const servers = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, await startServer(join(dir, `dist-${name}`, 'server', 'entry.mjs'))]),
    ),
  );
  const perRoute = Object.fromEntries(
    routes.map((route) => [
      route,
      {
        rps: Object.fromEntries(names.map((name) => [name, []])),
        cpu: Object.fromEntries(names.map((name) => [name, []])),
        ratios: { vsNone: [], vsNoop: [], cpuVsNone: [], cpuVsNoop: [], cpuVsRewrap: [], cpuRewrapVsNone: [] },
      },
    ]),
  );
  let starterPages;
  try {
    // Warm all up (JIT, caches), then rotate which goes first in each round.
    for (const route of routes) for (const name of names) await load(servers[name], route, 1000, connections);
    for (let round = 0; round < rounds; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const route of round % 2 === 0 ? routes : [...routes].reverse()) {
        const { rps, cpu, ratios } = perRoute[route];
        const result = {};
        for (const name of order) result[name] = await load(servers[name], route, ms, connections);
        for (const name of names) {
          rps[name].push(result[name].rps);
          cpu[name].push(result[name].cpuMsPerRequest);
        }
        ratios.vsNone.push(result.robots.rps / result.none.rps);
        ratios.vsNoop.push(result.robots.rps / result.noop.rps);
        // As throughput ratios: CPU per request without over CPU per request with.
        ratios.cpuVsNone.push(result.none.cpuMsPerRequest / result.robots.cpuMsPerRequest);
        ratios.cpuVsNoop.push(result.noop.cpuMsPerRequest / result.robots.cpuMsPerRequest);
        // robots-kit's own share beyond re-streaming, and the re-streaming floor itself.
        ratios.cpuVsRewrap.push(result.rewrap.cpuMsPerRequest / result.robots.cpuMsPerRequest);
        ratios.cpuRewrapVsNone.push(result.none.cpuMsPerRequest / result.rewrap.cpuMsPerRequest);
      }
    }
    // The starter's pages as the server without robots-kit sends them, for the in-process figures.
    starterPages = await Promise.all(
      STARTER_SLUGS.map(
        async (_, i) => (await get(servers.none.agent, `${servers.none.origin}${ROUTES.starter('', i)}`, true)).body,
      ),
    );
  } finally {
    for (const name of names) servers[name].stop();
  }
  const { blog, ...others } = Object.fromEntries(
    routes.map((route) => [route, summarize(route, perRoute[route].rps, perRoute[route].cpu, perRoute[route].ratios)]),
  );
  const middleware = readdirSync(join(dir, 'dist-robots', 'server')).find((file) => /middleware.*\.mjs$/.test(file));
  return {
    connections,
    rounds,
    secondsPerRound: ms / 1000,
    ...blog,
    ...others,
    inProcessMicrosPerPage: await inProcessMicros(2000),
    starterInProcessMicrosPerPage: await inProcessMicros(2000, starterPages),
    coldImportMs: {
      runtime: coldImportMs('@robots-kit/core/internal/runtime', importRuns),
      main: coldImportMs('@robots-kit/core', importRuns),
    },
    bundle: await runtimeBundle(),
    middlewareChunkBytes: middleware ? statSync(join(dir, 'dist-robots', 'server', middleware)).size : undefined,
  };
}

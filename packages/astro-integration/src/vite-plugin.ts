/**
 * The Vite plugin that hands the integration's options, routes and front matter to the
 * middleware as the virtual module `virtual:@robots-kit/astro/data` (its shape is `RobotsData`,
 * in page-directives.ts), and in dev keeps that module fresh when content files change (and
 * serves `/robots.txt`).
 */
import { isAbsolute, relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { PACKAGE_NAME } from './errors.js';
import { isContentFile, scanFrontMatter } from './front-matter.js';
import { RENDERED_ENTRIES, type RobotsData } from './page-directives.js';
import { robotsTxtDevMiddleware } from './robots-txt.js';
import type { IntegrationState } from './state.js';
import { BUILD_RENDERS } from './unused-robots.js';

/** The id the middleware imports; `\0` marks the resolved id as virtual for every other plugin. */
const VIRTUAL_MODULE_ID = 'virtual:@robots-kit/astro/data';
const RESOLVED_VIRTUAL_MODULE_ID = '\0' + VIRTUAL_MODULE_ID;

/**
 * Serves options and front matter to the middleware as `virtual:@robots-kit/astro/data`.
 * In dev, creating, editing or deleting a content file under `srcDir` drops the front matter
 * read so far and marks the module stale; the next request reads the files again. The dev
 * server also answers `/robots.txt`, before Vite serves `public/`.
 */
export function robotsVitePlugin(state: IntegrationState): Plugin {
  return {
    name: `${PACKAGE_NAME}:data`,
    // The middleware imports the virtual module, so Vite must bundle it rather than leave it to
    // Node, in every environment that renders pages (Astro 7 has `ssr`, `prerender` and `astro`).
    // The top-level `ssr.noExternal` reaches only `ssr`; Astro adds the package to the others only
    // when it finds it among the site's own package.json dependencies, which a monorepo whose
    // dependencies live in the workspace root's package.json does not list: its build failed on
    // the first page with "Cannot read properties of undefined (reading 'DEV')".
    configEnvironment(name) {
      return name === 'client' ? undefined : { resolve: { noExternal: [PACKAGE_NAME] } };
    },
    resolveId: {
      filter: { id: /^virtual:@robots-kit\/astro\/data$/ },
      handler(id) {
        return id === VIRTUAL_MODULE_ID ? RESOLVED_VIRTUAL_MODULE_ID : undefined;
      },
    },
    load: {
      filter: { id: /^\0virtual:@robots-kit\/astro\/data$/ },
      async handler(id) {
        return id === RESOLVED_VIRTUAL_MODULE_ID ? moduleCode(await robotsDataOf(state)) : undefined;
      },
    },
    transform: {
      filter: { id: /^\0astro:content$/ },
      handler(code, id) {
        if (id !== ASTRO_CONTENT_ID) return undefined;
        const wrapped = withRecordedRender(code);
        if (wrapped === undefined) {
          state.logger.warn(
            'Could not follow `render()` of `astro:content` in this Astro version: a page rendered on demand that loads its entry with `getEntry()` does not get the entry’s robots. Set `Astro.locals.robots` on such pages.',
          );
        }
        return wrapped;
      },
    },
    configureServer(server) {
      server.middlewares.use(robotsTxtDevMiddleware(() => state));
      state.invalidate = () => {
        state.frontMatter = undefined;
        invalidateDataModule(server);
      };
      server.watcher.on('all', (event, file) => {
        if (['add', 'change', 'unlink'].includes(event) && isContentFile(file) && isInside(state.srcDir, file))
          state.invalidate?.();
      });
    },
  };
}

/**
 * The data the middleware needs, reading the content files' front matter on first use. The
 * options go whole: `headers.rules` are part of each page's resolution.
 */
async function robotsDataOf(state: IntegrationState): Promise<RobotsData> {
  const keys = [state.options.frontMatterKey, ...Object.keys(state.options.noindex.data ?? {})];
  // A page's own `links` / `nosnippet` data, read only when those options are set.
  for (const key of [state.options.links?.dataKey, state.options.nosnippet?.dataKey])
    if (typeof key === 'string') keys.push(key);
  state.frontMatter ??= scanFrontMatter(state.root, state.srcDir, keys);
  const frontMatter = await state.frontMatter;
  return {
    options: state.options,
    routes: Object.fromEntries(state.routes),
    endpoints: state.endpoints,
    frontMatter: Object.fromEntries(frontMatter),
    onDemand: state.onDemand,
    base: state.base,
    prerenderStreams: state.serverOutput,
    ...(state.locales ? { locales: state.locales } : {}),
  };
}

/** The id Astro resolves `astro:content` to. */
const ASTRO_CONTENT_ID = '\0astro:content';
/** Astro's own `render` export in that module, renamed so that ours can wrap it. */
const RENDER_EXPORT = /^export const render = /m;
/** Astro 5's form: `renderEntry as render,` in an `export { … } from 'astro/content/runtime'` list. */
const RENDER_REEXPORT = /^[ \t]*renderEntry as render,[ \t]*$/m;
/** Astro's own `getLiveEntry` export (live collections, `src/live.config.ts`), wrapped the same way. */
const LIVE_ENTRY_EXPORT = /^export const getLiveEntry = /m;

/**
 * `astro:content` with its `render()` wrapped: each entry a page renders is recorded for the
 * request being served (page-directives.ts), so a page that loads its entry itself, with
 * `getEntry()` and `render()` on demand, gets the entry's robots as a `getStaticPaths` page does.
 * `getLiveEntry()` is wrapped too: a live entry has no `collection` field, so the entry it
 * returns is recorded with the collection it was asked from, and the page that loaded it gets
 * its `robots` and `noindex.collections` as any entry's page does.
 * Undefined, and the module left as Astro wrote it, when its `render` export is not found.
 */
export function withRecordedRender(code: string): string | undefined {
  let renamed: string;
  if (code.match(new RegExp(RENDER_EXPORT.source, 'gm'))?.length === 1)
    renamed = code.replace(RENDER_EXPORT, 'const __robotsKitRender = ');
  // Astro 5 re-exports the runtime's `renderEntry` as `render`: imported under our name instead.
  else if (code.match(new RegExp(RENDER_REEXPORT.source, 'gm'))?.length === 1)
    renamed = `${code.replace(RENDER_REEXPORT, '')}\nimport { renderEntry as __robotsKitRender } from 'astro/content/runtime';\n`;
  else return undefined;
  const recorder = `globalThis[Symbol.for(${JSON.stringify(RENDERED_ENTRIES.description)})]`;
  // Every entry rendered in a build, in a request or in `getStaticPaths`, for unused-robots.ts.
  const buildRenders = `globalThis[Symbol.for(${JSON.stringify(BUILD_RENDERS.description)})]`;
  let wrapped =
    renamed +
    `\nexport function render(entry, ...rest) {\n  ${recorder}?.record(entry);\n  if (typeof entry?.filePath === 'string') ${buildRenders}?.add(entry.filePath);\n  return __robotsKitRender(entry, ...rest);\n}\n`;
  if (code.match(new RegExp(LIVE_ENTRY_EXPORT.source, 'gm'))?.length === 1) {
    wrapped =
      wrapped.replace(LIVE_ENTRY_EXPORT, 'const __robotsKitGetLiveEntry = ') +
      `\nexport async function getLiveEntry(collection, ...rest) {\n  const result = await __robotsKitGetLiveEntry(collection, ...rest);\n  if (result?.entry && typeof collection === 'string') ${recorder}?.record({ ...result.entry, collection });\n  return result;\n}\n`;
  }
  return wrapped;
}

/**
 * The virtual module's source. The data is embedded as a JSON string literal and parsed at
 * load: no value from options or front matter is ever spliced into code as code.
 */
export function moduleCode(data: RobotsData): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
}

/**
 * Marks the data module stale in every environment of the dev server. The middleware imports
 * it anew on each request, so the next request reloads it: no HMR needed, which matters
 * because Astro turns HMR off when `NODE_ENV` is `test` or `production`.
 */
function invalidateDataModule(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    const module = environment.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID);
    if (module) environment.moduleGraph.invalidateModule(module);
  }
}

/** Whether `file` lies inside `dir` (both absolute). */
function isInside(dir: string, file: string): boolean {
  const path = relative(dir, file);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * Two setups that render outside the pipeline robots-kit follows at build time: live content
 * collections (`src/live.config.ts`), whose entries are loaded on request only, and a custom
 * request pipeline (`src/fetch.ts`), which decides whether Astro's middleware, and so
 * robots-kit, runs at all. Found from the files, so that the build's messages about them are true.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The extensions Astro loads `src/live.config.*` and `src/fetch.*` with. */
const EXTENSIONS = ['ts', 'mts', 'js', 'mjs'];

/** The first `src/<name>.<ext>` that exists, root-relative for messages, or undefined. */
function sourceFile(srcDir: string, name: string): string | undefined {
  for (const extension of EXTENSIONS) {
    const file = join(srcDir, `${name}.${extension}`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** `name: defineLiveCollection(` or `const name = defineLiveCollection(`; bounded, on our own fixed pattern. */
const LIVE_COLLECTION =
  /(?:^|[\s{,])(?:const\s+)?(["']?)([A-Za-z_$][\w$-]{0,100})\1\s*[:=]\s*defineLiveCollection\s*\(/g;

/**
 * The names of the live collections `src/live.config.*` defines (`posts: defineLiveCollection(…)`,
 * or a `const posts = defineLiveCollection(…)` listed by name). Their entries are loaded when a
 * page renders on request, so no page of the build is in them: `noindex.collections` naming one
 * is not "a collection with no pages". Empty when the site has no such file.
 */
export function liveCollectionNames(srcDir: string): string[] {
  const file = sourceFile(srcDir, 'live.config');
  if (file === undefined) return [];
  const source = readFileSync(file, 'utf8');
  return [...new Set([...source.matchAll(LIVE_COLLECTION)].map((match) => match[2]!))].sort();
}

/**
 * The site's own request pipeline, `src/fetch.*` (Astro 7's advanced routing), root-relative,
 * or undefined. It handles every request in `astro dev` and every page rendered on demand;
 * prerendered pages are built without it.
 */
export function customFetchHandler(srcDir: string): string | undefined {
  return sourceFile(srcDir, 'fetch');
}

/**
 * The one warning about `src/fetch.*`: robots-kit works as Astro middleware, so its tags and
 * X-Robots-Tag header are on a response that file produces only when it runs Astro's
 * `middleware()` and sends the response that returns. `astro/hono`'s `middleware()` does not:
 * Hono keeps the response `pages()` already set and drops the one returned, whose body the
 * middleware has read, so the page is lost (checked with Hono in test/hono-pipeline.test.ts).
 */
export function fetchHandlerWarning(file: string): string {
  return (
    `\`${file}\` handles requests in \`astro dev\` and pages rendered on demand: robots-kit sets robots tags and the X-Robots-Tag header as Astro middleware, so those responses have them only if \`${file}\` runs \`middleware()\` from \`astro/fetch\` around \`pages()\` and sends the response \`middleware()\` returns. ` +
    "With Hono, set `c.res` to that response (`c.res = undefined; c.res = await middleware(getFetchState(c), async () => { await next(); return c.res; })`): `astro/hono`'s `middleware()` drops the response a middleware returns, and the page with it. " +
    'Check a page with `curl -sI` (header) and its source (tags); prerendered pages are built without it and are not affected.'
  );
}

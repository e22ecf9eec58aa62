/**
 * The order of `astro:build:done` hooks. Astro runs them in the order the integrations are
 * listed, so an integration listed after `robots()` could rewrite `robots.txt` or the header
 * files after we wrote them and audited them (AstroWind's own integration rewrites
 * `dist/robots.txt`). Our last step therefore runs after the last integration's hook,
 * wherever `robots()` is listed, and every other integration's hook is watched for changes to
 * `robots.txt`, so that its lines are merged and the log names who wrote them.
 */
import type { AstroIntegration } from 'astro';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_NAME } from './errors.js';
import { ASTRO_SITEMAP, aroundSitemapHook } from './sitemap.js';
import type { IntegrationState } from './state.js';

type BuildDoneHook = NonNullable<AstroIntegration['hooks']['astro:build:done']>;
type BuildDoneParams = Parameters<BuildDoneHook>[0];

/**
 * Where an integration's own `astro:build:done` is kept (null when it had none), so a second
 * config setup (the dev server restarts, Astro loads the config twice) wraps it, not our wrapper.
 */
const ORIGINAL = Symbol.for('@robots-kit/astro: astro:build:done as the integration wrote it');

type WatchedHooks = AstroIntegration['hooks'] & { [ORIGINAL]?: BuildDoneHook | null };

/**
 * Integrations whose `astro:build:done` copies the finished output to where the host deploys it
 * from: `@astrojs/vercel` adds `astro:copy-vercel-output`, listed last, which copies the client
 * folder into `.vercel/output/static`. Our last step runs before them, or the deployment would
 * lack what it writes (robots.txt).
 */
const PUBLISHERS: ReadonlySet<string> = new Set(['astro:copy-vercel-output']);

/**
 * Wraps the `astro:build:done` hook of every other integration in `integrations` (the final
 * list, at `astro:config:done`): `@astrojs/sitemap`'s with its checks (sitemap.ts), every hook
 * with a look at `robots.txt` before and after it, and the last integration's (a hook is added
 * to it when it has none) with `finish`, our build's last step; publishers (see `PUBLISHERS`)
 * do not count as last, and run `finish` before their copy. Astro reads the hook from the
 * integration's `hooks` object when it runs it, so the wrappers are what runs.
 *
 * @returns `'own'` when `robots()` is listed last (publishers aside), so our own hook must call `finish`; `'other'` otherwise.
 */
export function watchBuildDoneHooks(
  integrations: readonly AstroIntegration[],
  getState: () => IntegrationState | undefined,
  finish: (state: IntegrationState) => Promise<void>,
): 'own' | 'other' {
  const lastIndex = integrations.findLastIndex((integration) => !PUBLISHERS.has(integration.name));
  let last: 'own' | 'other' = 'own';
  integrations.forEach((integration, index) => {
    if (integration.name === PACKAGE_NAME) return;
    const hooks = integration.hooks as WatchedHooks;
    if (!Object.hasOwn(hooks, ORIGINAL)) hooks[ORIGINAL] = hooks['astro:build:done'] ?? null;
    const original = hooks[ORIGINAL] ?? undefined;
    const isLast = index === lastIndex;
    const publishes = PUBLISHERS.has(integration.name);
    if (isLast) last = 'other';
    if (original === undefined && !isLast) {
      delete hooks['astro:build:done'];
      return;
    }
    hooks['astro:build:done'] = async (params) => {
      if (publishes) {
        const state = getState();
        if (state?.build) await finish(state);
        return original?.(params);
      }
      const run = async (): Promise<void> => {
        await original?.(params);
      };
      await watchRobotsTxt(getState, integration.name, params, () =>
        integration.name === ASTRO_SITEMAP ? aroundSitemapHook(getState, params, run) : run(),
      );
      const state = getState();
      if (isLast && state?.build) {
        state.build.dir ??= fileURLToPath(params.dir);
        await finish(state);
      }
    };
  });
  return last;
}

/** Runs one integration's hook and notes whether it changed `robots.txt` in the output folder. */
async function watchRobotsTxt(
  getState: () => IntegrationState | undefined,
  name: string,
  params: BuildDoneParams,
  run: () => Promise<void>,
): Promise<void> {
  const state = getState();
  if (!state?.build || state.options.robotsTxt === false) return run();
  const file = join(fileURLToPath(params.dir), 'robots.txt');
  const before = await readOptional(file);
  await run();
  const after = await readOptional(file);
  if (after !== undefined && (before === undefined || !before.equals(after))) state.build.robotsTxtWriters.push(name);
}

/** A file's bytes, or undefined when there is none. */
export async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

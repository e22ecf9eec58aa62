import type { AstroIntegration } from 'astro';

/** The name `@astrojs/sitemap` registers with. */
export const ASTRO_SITEMAP = '@astrojs/sitemap';

type BuildDoneHook = NonNullable<AstroIntegration['hooks']['astro:build:done']>;
type BuildDoneParams = Parameters<BuildDoneHook>[0];

/** Where the sitemap integration's own hook is kept, so a second config setup wraps it, not our wrapper. */
const ORIGINAL = Symbol.for('@robots-kit/astro: @astrojs/sitemap astro:build:done');

export interface SitemapHookCallbacks<Snapshot> {
  /** Before the sitemap is written: the output folder is known from here on. */
  before(params: BuildDoneParams): Promise<Snapshot>;
  /** Right after the sitemap integration's hook returned, with what `before` returned. */
  after(params: BuildDoneParams, snapshot: Snapshot): Promise<void>;
}

/**
 * Wraps the `astro:build:done` hook of every `@astrojs/sitemap` in `integrations`, so our
 * checks run right after the sitemap is written whether it is listed before or after
 * `robots()`: Astro runs each integration's `astro:build:done` in list order and reads the
 * hook from the integration's `hooks` object when it runs it. Returns how many were wrapped.
 */
export function wrapAstroSitemap<Snapshot>(integrations: readonly AstroIntegration[], callbacks: SitemapHookCallbacks<Snapshot>): number {
  let wrapped = 0;
  for (const integration of integrations) {
    if (integration.name !== ASTRO_SITEMAP) continue;
    const hooks = integration.hooks as AstroIntegration['hooks'] & { [ORIGINAL]?: BuildDoneHook };
    const original = (hooks[ORIGINAL] ??= hooks['astro:build:done']);
    if (original === undefined) continue;
    hooks['astro:build:done'] = async (params) => {
      const snapshot = await callbacks.before(params);
      await original(params);
      await callbacks.after(params, snapshot);
    };
    wrapped++;
  }
  return wrapped;
}

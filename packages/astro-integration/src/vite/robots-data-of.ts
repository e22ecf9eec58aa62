import { scanFrontMatter } from '../front-matter/scan-front-matter.js';
import type { RobotsData } from '../runtime/robots-data.js';
import type { IntegrationState } from '../state.js';

/**
 * The data the middleware needs, reading the content files' front matter on first use.
 * `headers` stays behind: only `astro:build:done` uses it, and its validated form (parsed
 * globs) is not an input `normalizeOptions` accepts again in the middleware.
 */
export async function robotsDataOf(state: IntegrationState): Promise<RobotsData> {
  state.frontMatter ??= scanFrontMatter(state.root, state.srcDir, state.options.frontMatterKey);
  const frontMatter = await state.frontMatter;
  const { headers: _headers, ...options } = state.options;
  return {
    options,
    routes: Object.fromEntries(state.routes),
    frontMatter: Object.fromEntries(frontMatter),
  };
}

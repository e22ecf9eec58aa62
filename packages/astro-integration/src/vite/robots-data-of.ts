import { scanFrontMatter } from '../front-matter/scan-front-matter.js';
import type { RobotsData } from '../runtime/robots-data.js';
import type { IntegrationState } from '../state.js';

/** The data the middleware needs, reading the content files' front matter on first use. */
export async function robotsDataOf(state: IntegrationState): Promise<RobotsData> {
  state.frontMatter ??= scanFrontMatter(state.root, state.srcDir, state.options.frontMatterKey);
  const frontMatter = await state.frontMatter;
  return {
    options: state.options,
    routes: Object.fromEntries(state.routes),
    frontMatter: Object.fromEntries(frontMatter),
  };
}

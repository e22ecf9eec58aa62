import type { BuildState } from '../build-state.js';
import type { EleventyPassthroughEvent } from '../eleventy-types.js';
import type { RobotsTxtSources } from './robots-txt-sources.js';

/**
 * The `eleventy.passthrough` listener. Eleventy reports every copied file by output URL
 * once all copies are done (src/TemplatePassthroughManager.js `copyAll`). A `/robots.txt`
 * there came from a copy the plugin could not take over (a glob such as `src/*.txt`, or a
 * plugin added later): the file is remembered as the site's own robots.txt, and merged and
 * written again after the build.
 */
export function noteCopiedRobotsTxt(event: EleventyPassthroughEvent | undefined, sources: RobotsTxtSources, state: BuildState): void {
  const source = event?.map?.['/robots.txt'];
  if (typeof source !== 'string') return;
  sources.copied.add(source);
  state.copiedRobotsTxt = source;
}

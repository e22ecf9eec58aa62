import { generateRobotsTxtReport, RobotsError, type RobotsTxtReport } from '@robots-kit/core';
import { ROBOTS_TXT_HINT, SITE_HINT } from '../errors/hints.js';
import { toAstroError } from '../errors/to-astro-error.js';
import { rootRelativePath } from '../front-matter/root-relative-path.js';
import type { IntegrationState } from '../state.js';
import { defaultSitemap } from './default-sitemap.js';
import { readPublicRobotsTxt } from './read-public-robots-txt.js';

/** Errors that are fixed by setting the site's URL rather than by changing `robotsTxt`. */
const NEEDS_SITE = new Set(['robots-txt-sitemap-needs-site', 'invalid-site']);

/**
 * The site's robots.txt: the `robotsTxt` options merged with `public/robots.txt`, `site` from
 * the Astro config, and `sitemap: true` pointing at `@astrojs/sitemap`'s index when that
 * integration is used. Undefined with `robotsTxt: false`. Bad options, a relative sitemap
 * without `site`, or a line that conflicts with `public/robots.txt` throw `AstroError`.
 */
export async function generateAstroRobotsTxt(
  state: Pick<IntegrationState, 'options' | 'publicDir' | 'root' | 'base' | 'hasAstroSitemap'>,
): Promise<RobotsTxtReport | undefined> {
  const { options } = state;
  if (options.robotsTxt === false) return undefined;
  const existing = await readPublicRobotsTxt(state.publicDir);
  try {
    return generateRobotsTxtReport(options.robotsTxt, {
      indexable: options.indexable,
      defaultSitemap: defaultSitemap(state.base, state.hasAstroSitemap),
      source: 'robots() options',
      ...(options.site === undefined ? {} : { site: options.site }),
      ...(existing === undefined ? {} : { existing: existing.text, existingSource: rootRelativePath(state.root, existing.file) }),
    });
  } catch (error) {
    throw toAstroError(error, error instanceof RobotsError && NEEDS_SITE.has(error.code) ? SITE_HINT : ROBOTS_TXT_HINT);
  }
}

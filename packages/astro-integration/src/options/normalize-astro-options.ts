import { normalizeOptions, type NormalizedRobotsOptions, type RobotsOptions } from '@robots-kit/core';
import type { AstroConfig } from 'astro';
import { OPTIONS_HINT } from '../errors/hints.js';
import { toAstroError } from '../errors/to-astro-error.js';
import { PACKAGE_NAME } from '../package-name.js';

/**
 * Validates the user's options once, when Astro sets up the integration. `site` comes from
 * the Astro config unless the options set it; `indexable` is detected from the environment
 * of the `astro` process (Netlify `CONTEXT`, `VERCEL_ENV`, `ROBOTS_INDEXABLE`).
 */
export function normalizeAstroOptions(options: RobotsOptions, config: Pick<AstroConfig, 'site'>): NormalizedRobotsOptions {
  const withSite = options.site === undefined && config.site ? { ...options, site: config.site } : options;
  try {
    return normalizeOptions(withSite, { package: PACKAGE_NAME, source: 'robots() options', env: process.env });
  } catch (error) {
    throw toAstroError(error, OPTIONS_HINT);
  }
}

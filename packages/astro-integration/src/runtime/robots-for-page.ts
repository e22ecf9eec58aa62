import { injectRobots, resolvePage, type InjectRobotsResult, type NormalizedRobotsOptions } from '@robots-kit/core';
import type { APIContext } from 'astro';
import { PAGE_HINT } from '../errors/hints.js';
import { toAstroError } from '../errors/to-astro-error.js';
import { findPageEntry } from './collection-entry.js';
import { ownDirectives } from './own-directives.js';
import type { RobotsData } from './robots-data.js';

/** The page's HTML with its resolved robots tags, through core's head-only transform. */
export function robotsForPage(
  html: string,
  status: number,
  context: Pick<APIContext, 'url' | 'routePattern' | 'props' | 'locals'>,
  data: RobotsData,
  options: NormalizedRobotsOptions,
): InjectRobotsResult {
  const entry = findPageEntry(context.props);
  const own = ownDirectives({
    key: options.frontMatterKey,
    data,
    routePattern: context.routePattern,
    locals: context.locals as Record<string, unknown> | undefined,
    entry,
  });
  const source = own?.source ?? data.routes[context.routePattern] ?? context.url.pathname;
  try {
    return injectRobots(html, (existing) =>
      resolvePage(
        {
          url: context.url.pathname,
          data: own ? { [options.frontMatterKey]: own.value } : undefined,
          collections: entry ? [entry.collection] : undefined,
          status,
          existing,
          source,
        },
        options,
      ),
    );
  } catch (error) {
    throw toAstroError(error, PAGE_HINT, source);
  }
}

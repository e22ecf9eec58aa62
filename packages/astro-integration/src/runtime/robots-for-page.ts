import {
  injectRobots,
  resolvePageDetailed,
  type InjectRobotsResult,
  type NormalizedRobotsOptions,
  type RobotsWarning,
} from '@robots-kit/core';
import type { APIContext } from 'astro';
import { PAGE_HINT } from '../errors/hints.js';
import { toAstroError } from '../errors/to-astro-error.js';
import { findPageEntry } from './collection-entry.js';
import { ownDirectives } from './own-directives.js';
import type { RobotsData } from './robots-data.js';

export interface PageRobots extends InjectRobotsResult {
  /** Problems that did not fail the page: ineffective directives, unknown tokens in a theme's tag or with `strict: false`. */
  warnings: RobotsWarning[];
}

/** The page's HTML with its resolved robots tags, through core's head-only transform. */
export function robotsForPage(
  html: string,
  status: number,
  context: Pick<APIContext, 'url' | 'routePattern' | 'props' | 'locals'>,
  data: RobotsData,
  options: NormalizedRobotsOptions,
): PageRobots {
  const entry = findPageEntry(context.props);
  const own = ownDirectives({
    key: options.frontMatterKey,
    data,
    routePattern: context.routePattern,
    locals: context.locals as Record<string, unknown> | undefined,
    entry,
  });
  const source = data.routes[context.routePattern] ?? own[0]?.source ?? context.url.pathname;
  const warnings: RobotsWarning[] = [];
  try {
    const result = injectRobots(html, (existing) => {
      const resolved = resolvePageDetailed(
        {
          url: context.url.pathname,
          own,
          collections: entry ? [entry.collection] : undefined,
          status,
          existing,
          source,
        },
        options,
      );
      warnings.push(...resolved.warnings);
      return resolved.tags;
    });
    return { ...result, warnings };
  } catch (error) {
    throw toAstroError(error, PAGE_HINT, source);
  }
}

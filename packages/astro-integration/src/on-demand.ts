/**
 * On-demand rendering, on the build side: the `onDemand` option (validated once, at setup),
 * and the URL globs of the routes Astro renders on request, which have no file in the build
 * output (for the audit).
 */
import { RobotsError, suggest, type RobotsOptions } from '@robots-kit/core/internal/build';
import type { IntegrationResolvedRoute } from 'astro';
import { OPTIONS_HINT, PACKAGE_NAME, toAstroError } from './errors.js';

/** What pages and endpoints rendered on request carry (`export const prerender = false`, `output: 'server'`). */
export interface OnDemandOptions {
  /**
   * Send the X-Robots-Tag response header: on HTML pages with the same directives as their
   * meta tags (plus matching `headers.rules` and any header the route set itself), on other
   * responses (a PDF, JSON) from `rules` and `headers.rules` matched on the URL path.
   * Default: `true`.
   */
  header?: boolean;
  /** Put the robots meta tags into the head of HTML pages, as on prerendered pages. Default: `true`. */
  metaTags?: boolean;
}

/** The options of `robots()`: core's options, plus what only Astro's on-demand rendering has. */
export interface AstroRobotsOptions extends RobotsOptions {
  /** What responses rendered on request carry. Default: `{ header: true, metaTags: true }`. */
  onDemand?: OnDemandOptions;
}

const ON_DEMAND_KEYS = ['header', 'metaTags'] as const;

/**
 * `onDemand` taken out of the options (core validates the rest) and checked, with every
 * default filled in; a bad value is an `AstroError` naming the key, as core's options errors are.
 */
export function splitAstroOptions(options: AstroRobotsOptions): {
  core: RobotsOptions;
  onDemand: Required<OnDemandOptions>;
} {
  if (typeof options !== 'object' || options === null || !Object.hasOwn(options, 'onDemand'))
    return { core: options, onDemand: { header: true, metaTags: true } };
  const { onDemand, ...core } = options;
  try {
    return { core, onDemand: validateOnDemand(onDemand) };
  } catch (error) {
    throw toAstroError(error, OPTIONS_HINT);
  }
}

function validateOnDemand(value: unknown): Required<OnDemandOptions> {
  const fail = (key: string, bad: unknown, problem: string, expected: string, suggestion?: string): never => {
    throw new RobotsError({
      code: 'invalid-option',
      package: PACKAGE_NAME,
      source: 'robots() options',
      key,
      value: bad,
      problem,
      expected,
      suggestion,
    });
  };
  if (value === undefined) return { header: true, metaTags: true };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('onDemand', value, 'invalid option value', 'an object such as `{ header: true, metaTags: true }`');
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(ON_DEMAND_KEYS as readonly string[]).includes(key)) {
      fail(`onDemand.${key}`, key, 'unknown option', 'one of `header`, `metaTags`', suggest(key, ON_DEMAND_KEYS));
    }
  }
  for (const key of ON_DEMAND_KEYS) {
    if (record[key] !== undefined && typeof record[key] !== 'boolean')
      fail(`onDemand.${key}`, record[key], 'invalid option value', '`true` or `false`');
  }
  return { header: record.header !== false, metaTags: record.metaTags !== false };
}

/**
 * URL path globs (with `base`) of the routes Astro renders on request: `/blog/[slug]` is
 * `/blog/*`, a rest parameter `[...path]` any number of segments. Their URLs have no file in
 * the build output, so the audit must not report them as missing.
 */
export function onDemandGlobs(
  routes: readonly Pick<IntegrationResolvedRoute, 'isPrerendered' | 'segments' | 'type'>[],
  base: string,
): string[] {
  const prefix = base.replace(/\/+$/, '');
  const globs = routes
    .filter((route) => !route.isPrerendered && (route.type === 'page' || route.type === 'endpoint'))
    .map((route) => {
      const segments = route.segments.map((parts) =>
        parts.some((part) => part.spread)
          ? '**'
          : parts.map((part) => (part.dynamic ? '*' : part.content.replace(/[*?[\]{}()!+@\\]/g, '\\$&'))).join(''),
      );
      return `${prefix}/${segments.join('/')}`;
    });
  return [...new Set(globs)].sort();
}

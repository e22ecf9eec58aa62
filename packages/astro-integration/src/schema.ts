import { parseRobots, RobotsError, type RobotsObject } from '@robots-kit/core';
import { z } from 'astro/zod';
import { PACKAGE_NAME } from './errors.js';

/** A page's own robots directives, in any form core accepts. */
export type RobotsField = string | string[] | boolean | RobotsObject | null;

export interface RobotsSchemaOptions {
  /**
   * Unknown directives fail the content sync when true; with false the schema accepts them
   * (the integration's own `strict` option then decides at build time). Default: `true`.
   */
  strict?: boolean;
}

/**
 * A field for a content collection schema, so an entry's `robots` survives Astro's schema
 * (which strips unknown keys) and is checked when the collection loads:
 *
 * ```ts
 * schema: z.object({ title: z.string(), robots: robotsSchema() })
 * ```
 *
 * Optional; accepts a string (`"noindex, nofollow"`), an array of strings, a boolean or an
 * object (`{ index: false }`), validated by `@robots-kit/core` with its messages.
 */
export function robotsSchema(options: RobotsSchemaOptions = {}) {
  return z
    .custom<RobotsField>()
    .superRefine((value, context) => {
      try {
        parseRobots(value, {}, { strict: options.strict ?? true });
      } catch (error) {
        if (!(error instanceof RobotsError)) throw error;
        context.addIssue({ code: 'custom', message: error.withContext({ package: PACKAGE_NAME }).message });
      }
    })
    .optional();
}

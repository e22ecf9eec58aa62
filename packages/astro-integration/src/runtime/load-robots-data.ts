import { normalizeOptions, type NormalizedRobotsOptions } from '@robots-kit/core';
import { PACKAGE_NAME } from '../package-name.js';
import type { RobotsData } from './robots-data.js';

/** The data and its options, normalized once per module instance (once per build, once per dev change). */
export interface LoadedRobotsData {
  data: RobotsData;
  options: NormalizedRobotsOptions;
}

const loaded = new WeakMap<object, LoadedRobotsData>();

/**
 * Imported on every request rather than at the top of the middleware: in dev the module is
 * replaced when front matter changes, and a dynamic import sees the new one. In a build it
 * is one resolved promise.
 */
export async function loadRobotsData(): Promise<LoadedRobotsData> {
  const { default: module } = await import('virtual:@robots-kit/astro/data');
  const data = module as RobotsData;
  let result = loaded.get(data);
  if (!result) {
    // Validated at `astro:config:setup`; normalizing again restores core's "already normalized" mark.
    result = { data, options: normalizeOptions(data.options, { package: PACKAGE_NAME }) };
    loaded.set(data, result);
  }
  return result;
}

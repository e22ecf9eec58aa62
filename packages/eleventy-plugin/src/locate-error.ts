import { RobotsError } from '@robots-kit/core';
import { PLUGIN_NAME } from './plugin-name.js';

/**
 * Adds this package, and the file the problem is in when known, to a core error;
 * other errors pass through.
 */
export function locateError(error: unknown, source: string | undefined): unknown {
  if (!(error instanceof RobotsError)) return error;
  return error.withContext(source === undefined ? { package: PLUGIN_NAME } : { package: PLUGIN_NAME, source });
}

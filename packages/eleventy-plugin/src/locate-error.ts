import { RobotsError } from '@robots-kit/core';
import { PLUGIN_NAME } from './plugin-name.js';

/** Adds this package and the template's input path to a core error; other errors pass through. */
export function locateError(error: unknown, inputPath: string): unknown {
  return error instanceof RobotsError ? error.withContext({ package: PLUGIN_NAME, source: inputPath }) : error;
}

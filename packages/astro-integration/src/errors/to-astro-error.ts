import { RobotsError } from '@robots-kit/core';
import { AstroError } from 'astro/errors';
import { PACKAGE_NAME } from '../package-name.js';

/**
 * Astro prints an `AstroError` with its hint in the terminal and in the dev overlay.
 * The `RobotsError` message (package, file, key, bad value, did-you-mean) is kept as is.
 * Anything that is not a `RobotsError` is rethrown unchanged: it is not ours to explain.
 */
export function toAstroError(error: unknown, hint: string, source?: string): AstroError {
  if (!(error instanceof RobotsError)) throw error;
  const located = error.withContext({ package: PACKAGE_NAME, source: error.details.source ?? source });
  const astroError = new AstroError(located.message, hint);
  astroError.name = 'RobotsError';
  astroError.cause = located;
  return astroError;
}

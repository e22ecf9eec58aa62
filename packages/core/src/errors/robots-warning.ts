import { formatRobotsError, type RobotsErrorDetails } from './robots-error.js';

/** A problem that does not fail the build (for example an unknown token with `strict: false`). */
export interface RobotsWarning extends RobotsErrorDetails {
  message: string;
}

export function robotsWarning(details: RobotsErrorDetails): RobotsWarning {
  return { ...details, message: formatRobotsError(details) };
}

import { RobotsError } from '../../errors/robots-error.js';

/** Where a glob came from, for error messages. */
export interface GlobLocation {
  /** The options file, or `options`. */
  source: string;
  /** The option key, e.g. `headers.rules[0].path`. */
  key: string;
}

export function unsupportedGlob(glob: string, location: GlobLocation, problem: string, expected: string, suggestion?: string): RobotsError {
  return new RobotsError({ code: 'unsupported-glob', source: location.source, key: location.key, value: glob, problem, expected, suggestion });
}

/** The advice every refusal ends with: the listed-files form always works. */
export const LISTED_FILES_FORM = 'or list each file as its own path (`path: [\'/files/a.pdf\', \'/files/b.pdf\']`)';

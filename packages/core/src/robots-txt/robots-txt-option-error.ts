import { RobotsError } from '../errors/robots-error.js';

/** The fields of a bad-option error. */
export interface RobotsTxtOptionProblem {
  /** Option path, e.g. `robotsTxt.groups[0].disallow[1]`. */
  key: string;
  /** The bad value (omitted when there is none, e.g. a missing key). */
  value?: unknown;
  problem: string;
  expected: string;
  suggestion?: string | undefined;
  /** Default: `invalid-robots-txt-option`. */
  code?: string;
}

/** A RobotsError for a bad `robotsTxt` option. */
export function robotsTxtOptionError(problem: RobotsTxtOptionProblem, source?: string): RobotsError {
  return new RobotsError({
    code: problem.code ?? 'invalid-robots-txt-option',
    ...(source === undefined ? {} : { source }),
    key: problem.key,
    ...('value' in problem ? { value: problem.value } : {}),
    problem: problem.problem,
    expected: problem.expected,
    ...(problem.suggestion === undefined ? {} : { suggestion: problem.suggestion }),
  });
}

/**
 * Errors of the robotsTxt options: the error every check throws (option path, value, what was
 * expected, a suggestion) and the checks of plain objects, known keys and single-line values.
 */
import { RobotsError, suggest } from '../errors.js';
import { findControlCharacter } from './bytes.js';

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

/** Throws on the first key of `value` not in `known`, suggesting the closest known key. */
export function assertKnownKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  keyPrefix: string,
  source?: string,
): void {
  for (const name of Object.keys(value)) {
    if (known.includes(name)) continue;
    throw robotsTxtOptionError(
      {
        key: `${keyPrefix}.${name}`,
        value: name,
        problem: 'unknown robots.txt option',
        expected: known.map((option) => `\`${option}\``).join(', '),
        suggestion: suggest(name, known),
      },
      source,
    );
  }
}

/** Throws unless `value` is a plain object (not null, not an array). */
export function assertPlainObject(
  value: unknown,
  key: string,
  expected: string,
  source?: string,
): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw robotsTxtOptionError({ key, value, problem: 'must be an object, got', expected }, source);
  }
}

/**
 * Throws unless `value` is a string with no line break or other control
 * character, so nothing a user writes can start a robots.txt line of its own.
 */
export function assertSingleLine(
  value: unknown,
  key: string,
  source: string | undefined,
  expected: string,
): asserts value is string {
  if (typeof value !== 'string') {
    throw robotsTxtOptionError(
      { key, value, problem: `must be a string, got ${value === null ? 'null' : typeof value}`, expected },
      source,
    );
  }
  const control = findControlCharacter(value);
  if (control !== undefined) {
    throw robotsTxtOptionError(
      {
        code: 'robots-txt-injection',
        key,
        value,
        problem: `value contains a line break or control character (${control}), which would start a new robots.txt line, got`,
        expected: `a value on one line, without control characters (${expected})`,
      },
      source,
    );
  }
}

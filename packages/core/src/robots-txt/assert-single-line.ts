import { findControlCharacter } from './find-control-character.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

/**
 * Throws unless `value` is a string with no line break or other control
 * character, so nothing a user writes can start a robots.txt line of its own.
 */
export function assertSingleLine(value: unknown, key: string, source: string | undefined, expected: string): asserts value is string {
  if (typeof value !== 'string') {
    throw robotsTxtOptionError({ key, value, problem: `must be a string, got ${value === null ? 'null' : typeof value}`, expected }, source);
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

import { robotsTxtOptionError } from './robots-txt-option-error.js';

/** Throws unless `value` is a plain object (not null, not an array). */
export function assertPlainObject(value: unknown, key: string, expected: string, source?: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw robotsTxtOptionError({ key, value, problem: 'must be an object, got', expected }, source);
  }
}

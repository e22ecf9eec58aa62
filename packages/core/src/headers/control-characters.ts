import { RobotsError } from '../errors/robots-error.js';

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Throws when any string in `value` (keys included) holds a control character: a newline
 * in a header file starts a new rule or header, so it is refused wherever it appears.
 */
export function rejectControlCharacters(value: unknown, key: string, source: string): void {
  const fail = (bad: string, at: string): never => {
    throw new RobotsError({
      code: 'control-character',
      source,
      key: at,
      value: bad,
      problem: 'control character (newline, carriage return, tab, …) in value',
      expected: 'a value on one line of printable characters',
    });
  };
  if (typeof value === 'string') {
    if (CONTROL.test(value)) fail(value, key);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => rejectControlCharacters(item, `${key}[${index}]`, source));
  } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    for (const [name, item] of Object.entries(value)) {
      if (CONTROL.test(name)) fail(name, key);
      rejectControlCharacters(item, `${key}.${name}`, source);
    }
  }
}

import { assertPlainObject } from './assert-plain-object.js';
import { suggest } from '../directives/suggest.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

/** The Content Signals Policy's signals, in the order they are written. */
export const CONTENT_SIGNAL_KEYS = ['search', 'ai-input', 'ai-train'] as const;

const VALUE_SUGGESTIONS = new Map<unknown, string>([
  [true, 'yes'], [false, 'no'], ['y', 'yes'], ['n', 'no'], ['Yes', 'yes'], ['No', 'no'], ['YES', 'yes'], ['NO', 'no'], ['allow', 'yes'], ['deny', 'no'],
]);

/** Throws unless every key is a known signal and every value `yes` or `no`. */
export function validateContentSignal(value: unknown, key: string, source?: string): void {
  assertPlainObject(value, key, 'an object such as `{ search: "yes", "ai-train": "no" }`', source);
  for (const [signal, setting] of Object.entries(value)) {
    if (!(CONTENT_SIGNAL_KEYS as readonly string[]).includes(signal)) {
      throw robotsTxtOptionError(
        {
          key: `${key}.${signal}`,
          value: signal,
          problem: 'unknown content signal',
          expected: CONTENT_SIGNAL_KEYS.map((name) => `\`${name}\``).join(', '),
          suggestion: suggest(signal, CONTENT_SIGNAL_KEYS),
        },
        source,
      );
    }
    if (setting !== 'yes' && setting !== 'no') {
      throw robotsTxtOptionError(
        { key: `${key}.${signal}`, value: setting, problem: 'invalid content-signal value', expected: '`yes` or `no`', suggestion: VALUE_SUGGESTIONS.get(setting) },
        source,
      );
    }
  }
}

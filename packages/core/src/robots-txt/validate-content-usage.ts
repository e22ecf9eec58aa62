import { assertPlainObject } from './assert-plain-object.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

const VALUE_SUGGESTIONS = new Map<unknown, string>([
  [true, 'y'], [false, 'n'], ['yes', 'y'], ['no', 'n'], ['Y', 'y'], ['N', 'n'],
]);

/**
 * Throws unless every key is a vocabulary term (lower-case letters, digits
 * and `-`, e.g. `train-ai`) and every value `y` or `n`. The AI Preferences
 * vocabulary is still growing, so unknown terms are accepted.
 */
export function validateContentUsage(value: unknown, key: string, source?: string): void {
  assertPlainObject(value, key, 'an object such as `{ "train-ai": "n" }`', source);
  for (const [term, setting] of Object.entries(value)) {
    if (!/^[a-z][a-z0-9-]*$/.test(term)) {
      const suggestion = term.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase().replace(/[\s_]+/g, '-');
      throw robotsTxtOptionError(
        {
          key: `${key}.${term}`,
          value: term,
          problem: 'invalid content-usage vocabulary term',
          expected: 'lower-case letters, digits and `-`, e.g. `train-ai` or `search`',
          suggestion: /^[a-z][a-z0-9-]*$/.test(suggestion) ? suggestion : undefined,
        },
        source,
      );
    }
    if (setting !== 'y' && setting !== 'n') {
      throw robotsTxtOptionError(
        { key: `${key}.${term}`, value: setting, problem: 'invalid content-usage value', expected: '`y` or `n`', suggestion: VALUE_SUGGESTIONS.get(setting) },
        source,
      );
    }
  }
}

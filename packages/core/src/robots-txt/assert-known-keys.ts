import { suggest } from '../directives/suggest.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

/** Throws on the first key of `value` not in `known`, suggesting the closest known key. */
export function assertKnownKeys(value: Record<string, unknown>, known: readonly string[], keyPrefix: string, source?: string): void {
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

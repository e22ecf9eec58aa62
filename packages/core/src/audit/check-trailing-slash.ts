import { suggest } from '../directives/suggest.js';
import { RobotsError } from '../errors/robots-error.js';
import type { TrailingSlash } from './types.js';

const MODES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];

/** The trailing-slash mode, `ignore` when not given; throws for anything else. */
export function checkTrailingSlash(value: unknown, source = 'options', key = 'trailingSlash'): TrailingSlash {
  if (value === undefined) return 'ignore';
  if (typeof value === 'string' && (MODES as readonly string[]).includes(value)) return value as TrailingSlash;
  const suggestion = typeof value === 'string' ? suggest(value, MODES) : undefined;
  throw new RobotsError({
    code: 'invalid-trailing-slash',
    source,
    key,
    value,
    problem: 'invalid trailing-slash mode',
    expected: '`always`, `never` or `ignore`',
    ...(suggestion ? { suggestion } : {}),
  });
}

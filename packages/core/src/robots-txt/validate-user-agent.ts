import { assertSingleLine } from './assert-single-line.js';
import { extractProductToken, isValidProductToken } from './product-token.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

const EXPECTED = 'a product token (letters, `-` and `_` only, e.g. `Googlebot`) or `*`';

function suggestToken(value: string): string | undefined {
  const trimmed = value.trim();
  if (isValidProductToken(trimmed)) return trimmed;
  const token = extractProductToken(trimmed);
  // `Googlebot/2.1`: the version is not part of the product token.
  if (token !== '' && trimmed.charAt(token.length) === '/') return token;
  const dashed = trimmed.replace(/\s+/g, '-');
  return isValidProductToken(dashed) ? dashed : undefined;
}

/** Throws unless `value` is `*` or a valid robots.txt product token. */
export function validateUserAgent(value: unknown, key: string, source?: string): asserts value is string {
  assertSingleLine(value, key, source, EXPECTED);
  if (value === '*' || isValidProductToken(value)) return;
  const token = extractProductToken(value);
  const reading = token === '' ? 'no crawler would match it' : `Google would read it as \`${token}\``;
  throw robotsTxtOptionError(
    { key, value, problem: `not a robots.txt product token (${reading}), got`, expected: EXPECTED, suggestion: suggestToken(value) },
    source,
  );
}

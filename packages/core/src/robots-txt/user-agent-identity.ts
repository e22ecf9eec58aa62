import { asciiLowerCase } from './ascii-lower-case.js';
import { extractProductToken, isGlobalUserAgent } from './product-token.js';

/** Which crawlers a set of `User-agent` values names, as one comparable string. */
export function userAgentIdentity(values: readonly string[]): string {
  const names = values.map((value) => {
    if (isGlobalUserAgent(value)) return '*';
    const token = extractProductToken(value);
    return token === '' ? 'raw:' + value : asciiLowerCase(token);
  });
  return [...new Set(names)].sort().join('\n');
}

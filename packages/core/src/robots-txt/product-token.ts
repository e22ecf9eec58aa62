/**
 * Google's `ExtractUserAgent`: the leading run of `[A-Za-z_-]`, which is what
 * Google compares with a crawler's name (`Googlebot/2.1` → `Googlebot`).
 */
export function extractProductToken(userAgent: string): string {
  return /^[A-Za-z_-]*/.exec(userAgent)?.[0] ?? '';
}

/**
 * Google's `IsValidUserAgentToObey` (and RFC 9309's product token): non-empty
 * and made only of letters, `-` and `_`.
 */
export function isValidProductToken(userAgent: string): boolean {
  return userAgent !== '' && extractProductToken(userAgent) === userAgent;
}

/** Google reads `*`, and `*` followed by whitespace and anything, as the global group. */
export function isGlobalUserAgent(value: string): boolean {
  return /^\*(?:$|[ \t\n\v\f\r])/.test(value);
}

const HEX_DIGITS = '0123456789ABCDEF';

function isHexDigit(char: string): boolean {
  return /^[0-9A-Fa-f]$/.test(char);
}

/**
 * Google's `MaybeEscapePattern`: percent-encodes bytes outside ASCII and
 * upper-cases existing `%xx` escapes, so `/SanJoséSellers` and
 * `/SanJos%c3%a9Sellers` both become `/SanJos%C3%A9Sellers`. Nothing is
 * decoded: `%62` stays `%62` and never matches `b`.
 *
 * @param binary - the value as a binary string (one char per byte)
 */
export function escapePattern(binary: string): string {
  let escaped = '';
  for (let index = 0; index < binary.length; index++) {
    const char = binary.charAt(index);
    const code = binary.charCodeAt(index);
    if (char === '%' && isHexDigit(binary.charAt(index + 1)) && isHexDigit(binary.charAt(index + 2))) {
      escaped += '%' + binary.slice(index + 1, index + 3).toUpperCase();
      index += 2;
    } else if (code >= 0x80) {
      escaped += '%' + HEX_DIGITS.charAt(code >> 4) + HEX_DIGITS.charAt(code & 0xf);
    } else {
      escaped += char;
    }
  }
  return escaped;
}

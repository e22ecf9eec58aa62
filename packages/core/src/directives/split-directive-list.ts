const DATE_WEEKDAY_ONLY = /^\s*unavailable_after\s*:\s*[a-z]+\s*$/i;

/**
 * Splits `"noindex, unavailable_after: Friday, 25-Jun-10 15:00:00 PST"` on commas
 * without cutting the RFC 850 / RFC 822 date, whose weekday is followed by a comma.
 */
export function splitDirectiveList(list: string): string[] {
  const pieces = list.split(',');
  const tokens: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    let piece = pieces[i]!;
    if (DATE_WEEKDAY_ONLY.test(piece) && i + 1 < pieces.length) piece += ',' + pieces[++i];
    piece = piece.trim();
    if (piece !== '') tokens.push(piece);
  }
  return tokens;
}

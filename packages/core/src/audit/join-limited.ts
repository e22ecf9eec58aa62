/** The first `limit` items joined, then how many more there are: `a; b; c (and 7 more)`. */
export function joinLimited(items: readonly string[], separator: string, limit = 5): string {
  const shown = items.slice(0, limit).join(separator);
  return items.length > limit ? `${shown} (and ${items.length - limit} more)` : shown;
}

/** At most `max` lines, then one that says how many more there were: build logs stay readable. */
export function capLines(lines: readonly string[], max = 10): string[] {
  if (lines.length <= max) return [...lines];
  return [...lines.slice(0, max), `…and ${lines.length - max} more`];
}

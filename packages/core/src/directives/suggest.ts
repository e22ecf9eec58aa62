/** Optimal string alignment distance: a swap of two neighbouring letters (`rulse`) counts as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Case, camelCase and `_`/`-` differences are not typos: `maxSnippet`, `max_snippet`, `max-snippet`. */
function comparable(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/**
 * The closest candidate to a mistyped word, or undefined when nothing is close:
 * at most a third of the word's letters may differ (`noindx` → `noindex`).
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const wanted = comparable(word);
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  // Among equally close candidates, the one written in the word's own style (`maxSnipet` → `maxSnippet`).
  let bestStyleDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, comparable(candidate));
    const styleDistance = editDistance(word, candidate);
    if (distance < bestDistance || (distance === bestDistance && styleDistance < bestStyleDistance)) {
      best = candidate;
      bestDistance = distance;
      bestStyleDistance = styleDistance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

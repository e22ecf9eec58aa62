const STAR = 0x2a;
const DOLLAR = 0x24;

// Reused across calls: checking thousands of URLs should not allocate per rule.
let positions = new Int32Array(1024);

/**
 * Google's `RobotsMatchStrategy::Matches`: does `pattern` match the start of
 * `path`? `*` matches any run of characters, `$` at the very end anchors the
 * end (elsewhere it is literal). It keeps the set of path positions the
 * pattern prefix can reach instead of backtracking, so it costs
 * O(pattern × path) whatever the pattern (`/*a*a*a*a*b` included).
 */
export function patternMatches(path: string, pattern: string): boolean {
  const pathLength = path.length;
  if (positions.length < pathLength + 1) positions = new Int32Array(pathLength + 1);
  const reachable = positions;
  reachable[0] = 0;
  let count = 1;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern.charCodeAt(index);
    if (char === DOLLAR && index + 1 === pattern.length) return reachable[count - 1] === pathLength;
    if (char === STAR) {
      // Every position from the smallest reachable one onwards.
      count = pathLength - reachable[0]! + 1;
      for (let i = 1; i < count; i++) reachable[i] = reachable[i - 1]! + 1;
      continue;
    }
    let next = 0;
    for (let i = 0; i < count; i++) {
      const position = reachable[i]!;
      if (position < pathLength && path.charCodeAt(position) === char) reachable[next++] = position + 1;
    }
    count = next;
    if (count === 0) return false;
  }
  return true;
}

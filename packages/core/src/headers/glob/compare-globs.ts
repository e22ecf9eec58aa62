import { closure, compileAutomaton, step, type Automaton } from './automaton.js';
import type { PathRegex } from './path-regex.js';

/** How the path sets of two globs relate, on normalized URL paths. */
export interface GlobRelation {
  overlap: boolean;
  /** Every path of the first is a path of the second. */
  firstInSecond: boolean;
  secondInFirst: boolean;
}

/** Printable ASCII and one stand-in for every other character: no glob names any of those. */
const ALPHABET = [...Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)), 'é'];

const DEAD = -1;
const ACCEPTING = new Set([0, 3]);

/**
 * Normalized path tails (after the leading `/`): empty (the root) or segments of one or
 * more characters, none `.` or `..`. States: 0 start, 1 `.`, 2 `..`, 3 in a segment, 4 after `/`.
 */
function domainStep(state: number, char: string): number {
  if (state === DEAD) return DEAD;
  if (state === 3) return char === '/' ? 4 : 3;
  if (char === '/') return DEAD;
  if (state === 1 && char === '.') return 2;
  if ((state === 0 || state === 4) && char === '.') return 1;
  return 3;
}

/** Walks both automata and the domain together until every relation is known or every pair was seen. */
export function compareGlobs(first: PathRegex, second: PathRegex): GlobRelation {
  const a: Automaton = compileAutomaton(first);
  const b: Automaton = compileAutomaton(second);
  let overlap = false;
  let firstOnly = false;
  let secondOnly = false;
  const seen = new Set<string>();
  const queue: Array<[number[], number[], number]> = [[closure(a, [a.start]), closure(b, [b.start]), 0]];
  while (queue.length > 0 && !(overlap && firstOnly && secondOnly)) {
    const [inA, inB, domain] = queue.shift()!;
    const key = `${inA.join(',')}|${inB.join(',')}|${domain}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (ACCEPTING.has(domain)) {
      const acceptA = inA.includes(a.accept);
      const acceptB = inB.includes(b.accept);
      overlap ||= acceptA && acceptB;
      firstOnly ||= acceptA && !acceptB;
      secondOnly ||= acceptB && !acceptA;
    }
    for (const char of ALPHABET) {
      const nextDomain = domainStep(domain, char);
      if (nextDomain === DEAD) continue;
      const nextA = step(a, inA, char);
      const nextB = step(b, inB, char);
      if (nextA.length > 0 || nextB.length > 0) queue.push([nextA, nextB, nextDomain]);
    }
  }
  return { overlap, firstInSecond: !firstOnly, secondInFirst: !secondOnly };
}

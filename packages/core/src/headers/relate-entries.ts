import { literalPath } from './glob/glob-ast.js';
import { compareGlobs, type GlobRelation } from './glob/compare-globs.js';
import { printRegex } from './glob/print-regex.js';
import type { HeaderEntry } from './header-entry.js';

/** With a `*` or `**` a glob matches infinitely many paths, so never fits inside one path. */
function isInfinite(entry: HeaderEntry): boolean {
  return entry.glob.segments.some((segment) => segment.kind === 'globstar' || segment.parts.some((part) => part.kind === 'star'));
}

const compiled = new WeakMap<HeaderEntry, RegExp>();

function matchesPath(entry: HeaderEntry, path: string): boolean {
  let regex = compiled.get(entry);
  if (!regex) compiled.set(entry, (regex = new RegExp(`^${printRegex(entry.regex)}$`)));
  return regex.test(path.slice(1));
}

const literals = new WeakMap<HeaderEntry, string | undefined>();

/** Planning relates every pair of entries, so a site's thousands of pages and listed files each compute theirs once. */
function entryPath(entry: HeaderEntry): string | undefined {
  if (!literals.has(entry)) literals.set(entry, literalPath(entry.glob));
  return literals.get(entry);
}

/** A page URL against a glob is a regex test; only two globs need the automaton walk. */
export function relateEntries(first: HeaderEntry, second: HeaderEntry): GlobRelation {
  const firstPath = entryPath(first);
  const secondPath = entryPath(second);
  if (firstPath !== undefined && secondPath !== undefined) {
    const same = firstPath === secondPath;
    return { overlap: same, firstInSecond: same, secondInFirst: same };
  }
  if (firstPath !== undefined && isInfinite(second)) {
    const inside = matchesPath(second, firstPath);
    return { overlap: inside, firstInSecond: inside, secondInFirst: false };
  }
  if (secondPath !== undefined && isInfinite(first)) {
    const inside = matchesPath(first, secondPath);
    return { overlap: inside, firstInSecond: false, secondInFirst: inside };
  }
  return compareGlobs(first.regex, second.regex);
}

/**
 * How header entries nest: which contain which, the paths two partly overlapping rules share
 * (merged per built file), and the order most specific first that every host needs.
 */
import { compareGlobs, type GlobRelation } from '../glob/automaton.js';
import { LITERAL_CHARACTERS_TEXT, literalPath, parseHeaderGlob } from '../glob/parse.js';
import { globToPathRegex } from '../glob/translate.js';
import { RobotsError } from '../errors.js';
import { contentUsageValue, mergeContentUsage } from '../directives/vocabulary.js';
import { headerValues, mergeRuleDirectives, type RuleDirectives, valueList } from './options.js';
import { entryMatches, type HeaderEntry, isLiteralPath, type PlannedEntry, renameSuggestion } from './plan.js';

/** With a `*` or `**` a glob matches infinitely many paths, so never fits inside one path. */
function isInfinite(entry: HeaderEntry): boolean {
  return entry.glob.segments.some(
    (segment) => segment.kind === 'globstar' || segment.parts.some((part) => part.kind === 'star'),
  );
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
    const inside = entryMatches(second, firstPath);
    return { overlap: inside, firstInSecond: inside, secondInFirst: false };
  }
  if (secondPath !== undefined && isInfinite(first)) {
    const inside = entryMatches(first, secondPath);
    return { overlap: inside, firstInSecond: false, secondInFirst: inside };
  }
  return compareGlobs(first.regex, second.regex);
}

function describe(entry: HeaderEntry): string {
  return `\`${entry.glob.source}\` (${entry.origins.join(', ')})`;
}
/** Orders entries so that one whose paths lie strictly inside another's comes first; ties keep input order. */
function specificFirst(inside: ReadonlyArray<ReadonlySet<number>>): number[] {
  const strictlyInside = (j: number, i: number) => inside[j]!.has(i) && !inside[i]!.has(j);
  const waiting = inside.map(() => 0);
  inside.forEach((containers, j) => containers.forEach((i) => strictlyInside(j, i) && waiting[i]!++));
  // The lowest ready index first, from a binary heap: a site's thousands of pages are ordered in n log n.
  const ready: number[] = [];
  const push = (index: number): void => {
    let at = ready.push(index) - 1;
    while (at > 0 && ready[(at - 1) >> 1]! > ready[at]!) {
      [ready[at], ready[(at - 1) >> 1]] = [ready[(at - 1) >> 1]!, ready[at]!];
      at = (at - 1) >> 1;
    }
  };
  const pop = (): number => {
    const top = ready[0]!;
    const last = ready.pop()!;
    if (ready.length > 0) {
      ready[0] = last;
      for (let at = 0; ; ) {
        const smallest = [at, 2 * at + 1, 2 * at + 2]
          .filter((k) => k < ready.length)
          .reduce((a, b) => (ready[b]! < ready[a]! ? b : a));
        if (smallest === at) break;
        [ready[at], ready[smallest]] = [ready[smallest]!, ready[at]!];
        at = smallest;
      }
    }
    return top;
  };
  waiting.forEach((count, i) => count === 0 && push(i));
  const order: number[] = [];
  while (ready.length > 0) {
    const next = pop();
    order.push(next);
    inside[next]!.forEach((i) => strictlyInside(next, i) && --waiting[i]! === 0 && push(i));
  }
  return order;
}
/** Which entries contain which (`inside[i]` holds the entries whose paths hold all of entry i's) and which overlap in part. */
function relateAll(entries: readonly HeaderEntry[]): { inside: Array<Set<number>>; partial: Array<[number, number]> } {
  const inside = entries.map(() => new Set<number>());
  const partial: Array<[number, number]> = [];
  const relate = (i: number, j: number): void => {
    const relation = relateEntries(entries[i]!, entries[j]!);
    if (relation.firstInSecond) inside[i]!.add(j);
    if (relation.secondInFirst) inside[j]!.add(i);
    if (relation.overlap && !relation.firstInSecond && !relation.secondInFirst) partial.push([i, j]);
  };
  // Two different literal paths (pages, listed files) never share a path: only pairs with a glob
  // are related, so `html: true` costs pages × globs, not pages squared.
  const paths = entries.map(entryPath);
  const globs = entries.flatMap((_, i) => (paths[i] === undefined ? [i] : []));
  const literals = entries.flatMap((_, i) => (paths[i] === undefined ? [] : [i]));
  const byPath = new Map<string, number[]>();
  for (const i of literals) byPath.set(paths[i]!, [...(byPath.get(paths[i]!) ?? []), i]);
  for (let i = 0; i < entries.length; i++) {
    for (const j of globs) if (j > i) relate(i, j);
    const later = paths[i] === undefined ? literals : byPath.get(paths[i]!)!;
    for (const j of later) if (j > i) relate(i, j);
  }
  return { inside, partial };
}
function withContainers(entries: readonly HeaderEntry[], inside: ReadonlyArray<ReadonlySet<number>>): PlannedEntry[] {
  const planned = entries.map((entry, i): PlannedEntry => {
    const directives = mergeRuleDirectives(entry.directives, ...[...inside[i]!].map((j) => entries[j]!.directives));
    const values = headerValues(directives);
    // Content-Usage: the outermost rule first (it has the fewest rules around it), this entry's own last.
    const containers = [...inside[i]!].filter((j) => j !== i).sort((a, b) => inside[a]!.size - inside[b]!.size);
    const usage = contentUsageValue(
      mergeContentUsage(...containers.map((j) => entries[j]!.contentUsage), entry.contentUsage),
    );
    if (usage !== undefined) values.contentUsage = usage;
    return { ...entry, values, containerValues: [] };
  });
  planned.forEach((entry, i) => {
    entry.containerValues = [...inside[i]!].filter((j) => !inside[j]!.has(i)).map((j) => planned[j]!.values);
  });
  return planned;
}
const NO_DIRECTIVES = (): RuleDirectives => ({ all: { flags: new Set() }, crawlers: new Map() });
/**
 * The paths two partly overlapping entries share, as exact entries of their own: every built
 * file both match, and the folder URL of a built `…/index.html` both match. Each lies inside
 * both entries, so planning gives it both entries' directives, merged most restrictive first,
 * and orders it before them. Paths already an entry (a page, a listed file) are left to it.
 */
function sharedPathEntries(
  entries: readonly HeaderEntry[],
  conflicts: ReadonlyArray<[number, number]>,
  files: readonly string[],
  source: string,
): HeaderEntry[] {
  const known = new Set(entries.map(entryPath).filter((path) => path !== undefined));
  const fileSet = new Set(files);
  const candidates = new Set<string>();
  for (const file of files) {
    candidates.add(file);
    if (file.endsWith('/index.html')) candidates.add(file.slice(0, -'/index.html'.length) || '/');
  }
  const shared = new Map<string, HeaderEntry>();
  for (const [i, j] of conflicts) {
    for (const path of candidates) {
      if (known.has(path) || !entryMatches(entries[i]!, path) || !entryMatches(entries[j]!, path)) continue;
      const origins = [...new Set([...entries[i]!.origins, ...entries[j]!.origins])];
      const existing = shared.get(path);
      if (existing) {
        existing.origins = [...new Set([...existing.origins, ...origins])];
        continue;
      }
      if (path === '/' || !isLiteralPath(path)) {
        throw new RobotsError({
          code: 'unsupported-file-name',
          source,
          key: entries[j]!.origins[0],
          value: path,
          problem: `${describe(entries[j]!)} and ${describe(entries[i]!)} both match the file, with different directives, so robots-kit writes a rule of its own for it with both merged, and cannot write the URL path of the file`,
          expected: `file URL paths of ${LITERAL_CHARACTERS_TEXT} (hosts disagree on matching other characters, raw or percent-encoded): rename the file, or write globs that leave it out`,
          suggestion: renameSuggestion(path),
        });
      }
      const glob = parseHeaderGlob(path, { source, key: entries[j]!.origins[0]! });
      // A file is served at its own URL only; a folder URL gets the glob's slash forms.
      shared.set(path, {
        glob,
        ...(fileSet.has(path) ? { exactUrl: path } : {}),
        directives: NO_DIRECTIVES(),
        origins,
        regex: globToPathRegex(glob),
      });
    }
  }
  return [...shared.values()];
}
/**
 * Gives each entry the directives of every entry whose paths contain its own, so a host
 * that applies only one matching rule (first or last) still sends them all, and orders
 * the entries most specific first.
 *
 * Two entries that overlap without one containing the other (`**\/*.pdf` and `/private/**`)
 * and say different things get, for each built file they share (`files`, canonical URL
 * paths), an exact entry with both merged, as a page gets every rule that matches it. A file
 * added after the build gets the first matching rule's values only (nginx, Apache, Vercel
 * keep the globs). Without `files` no per-file merge is possible: that throws.
 */
export function planEntries(
  entries: readonly HeaderEntry[],
  source: string,
  files?: readonly string[],
): PlannedEntry[] {
  let all = entries;
  let { inside, partial } = relateAll(all);
  let planned = withContainers(all, inside);
  const said = (entry: PlannedEntry) => [...valueList(entry.values), entry.values.contentUsage ?? ''].join('\n');
  const differ = ([i, j]: [number, number]): boolean => said(planned[i]!) !== said(planned[j]!);
  const conflicts = partial.filter(differ);
  if (conflicts.length > 0 && files !== undefined) {
    all = [...entries, ...sharedPathEntries(entries, conflicts, files, source)];
    ({ inside, partial } = relateAll(all));
    planned = withContainers(all, inside);
  } else if (conflicts.length > 0) {
    const [i, j] = conflicts[0]!;
    throw new RobotsError({
      code: 'overlapping-header-rules',
      source,
      key: entries[j]!.origins[0],
      value: entries[j]!.glob.source,
      problem: `the glob matches some of the paths of ${describe(entries[i]!)} with different directives, and hosts apply one header rule per path (or join them in file order)`,
      expected:
        'header rules whose paths are disjoint or nested (one glob inside the other, e.g. `/files/**` and `/files/*.pdf`), or that say the same, or give `generateHeaderFiles` the `files` of the build, and robots-kit merges both rules for each file they share',
    });
  }
  return specificFirst(inside).map((i) => planned[i]!);
}

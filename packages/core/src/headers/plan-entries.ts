import { RobotsError } from '../errors/robots-error.js';
import type { HeaderEntry, PlannedEntry } from './header-entry.js';
import { relateEntries } from './relate-entries.js';
import { headerValues, mergeRuleDirectives, valueList } from './rule-directives.js';

function describe(entry: HeaderEntry): string {
  return `\`${entry.glob.source}\` (${entry.origins.join(', ')})`;
}

/** Orders entries so that one whose paths lie strictly inside another's comes first; ties keep input order. */
function specificFirst(inside: ReadonlyArray<ReadonlySet<number>>): number[] {
  const strictlyInside = (j: number, i: number) => inside[j]!.has(i) && !inside[i]!.has(j);
  const waiting = inside.map(() => 0);
  inside.forEach((containers, j) => containers.forEach((i) => strictlyInside(j, i) && waiting[i]!++));
  const order: number[] = [];
  const placed = new Set<number>();
  while (order.length < inside.length) {
    const next = waiting.findIndex((count, i) => count === 0 && !placed.has(i));
    order.push(next);
    placed.add(next);
    inside[next]!.forEach((i) => strictlyInside(next, i) && waiting[i]!--);
  }
  return order;
}

/**
 * Gives each entry the directives of every entry whose paths contain its own, so a host
 * that applies only one matching rule (first or last) still sends them all, and orders
 * the entries most specific first. Two entries that overlap without one containing the
 * other must say the same, or no order is right: that throws.
 */
export function planEntries(entries: readonly HeaderEntry[], source: string): PlannedEntry[] {
  const inside = entries.map(() => new Set<number>());
  const partial: Array<[number, number]> = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const relation = relateEntries(entries[i]!, entries[j]!);
      if (relation.firstInSecond) inside[i]!.add(j);
      if (relation.secondInFirst) inside[j]!.add(i);
      if (relation.overlap && !relation.firstInSecond && !relation.secondInFirst) partial.push([i, j]);
    }
  }
  const planned = entries.map((entry, i): PlannedEntry => {
    const directives = mergeRuleDirectives(entry.directives, ...[...inside[i]!].map((j) => entries[j]!.directives));
    return { ...entry, values: headerValues(directives), containerValues: [] };
  });
  planned.forEach((entry, i) => {
    entry.containerValues = [...inside[i]!].filter((j) => !inside[j]!.has(i)).map((j) => planned[j]!.values);
  });
  for (const [i, j] of partial) {
    if (valueList(planned[i]!.values).join('\n') === valueList(planned[j]!.values).join('\n')) continue;
    throw new RobotsError({
      code: 'overlapping-header-rules',
      source,
      key: entries[j]!.origins[0],
      value: entries[j]!.glob.source,
      problem: `the glob matches some of the paths of ${describe(entries[i]!)} with different directives, and hosts apply one header rule per path (or join them in file order)`,
      expected: 'header rules whose paths are disjoint or nested (one glob inside the other, e.g. `/files/**` and `/files/*.pdf`), or that say the same',
    });
  }
  return specificFirst(inside).map((i) => planned[i]!);
}

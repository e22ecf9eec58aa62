import { globToVercelSource } from './glob/glob-to-regex-targets.js';
import type { PlannedEntry } from './header-entry.js';
import { valueList } from './rule-directives.js';

/**
 * How our entries are found again in a `vercel.json`: Vercel's schema allows no extra
 * keys, so each carries a condition that always holds (no request sends this header).
 */
export const VERCEL_MARKER = { type: 'header', key: 'x-robots-kit-generated' } as const;

export interface VercelHeaderEntry {
  source: string;
  headers: Array<{ key: string; value: string }>;
  missing: Array<{ type: string; key: string }>;
}

function vercelEntry(source: string, values: readonly string[]): VercelHeaderEntry {
  // Vercel keeps one value per header key: the values are joined, every crawler's first.
  return { source, headers: [{ key: 'X-Robots-Tag', value: values.join(', ') }], missing: [{ ...VERCEL_MARKER }] };
}

/** Vercel applies every matching entry and a later one replaces the header: the most specific comes last. */
export function vercelEntries(planned: readonly PlannedEntry[]): VercelHeaderEntry[] {
  return [...planned]
    .reverse()
    .filter((entry) => valueList(entry.values).length > 0)
    .map((entry) => vercelEntry(globToVercelSource(entry.glob), valueList(entry.values)));
}

export function siteWideVercelEntries(value: string): VercelHeaderEntry[] {
  return [vercelEntry('/(.*)', [value])];
}

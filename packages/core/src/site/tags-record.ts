import type { ExistingRobotsTag } from '@robots-kit/core';

/**
 * Robots tags read from a page as core's `name → content` form. Names are lower-cased; two
 * tags for the same name are joined, as crawlers combine them.
 */
export function tagsRecord(tags: readonly ExistingRobotsTag[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, content } of tags) {
    const key = name.trim().toLowerCase();
    record[key] = record[key] === undefined ? content : `${record[key]}, ${content}`;
  }
  return record;
}

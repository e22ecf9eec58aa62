import { readRobotsTags, tagsRecord } from '@robots-kit/core';
import { readFileSync } from 'node:fs';

/**
 * The robots tags in the head of a built HTML file, `name → content`. Synchronous because
 * `@astrojs/sitemap` calls its `filter` synchronously; callers cache the result per file.
 */
export function readPageTags(file: string): Record<string, string> {
  return tagsRecord(readRobotsTags(readFileSync(file, 'utf8')));
}

import { RobotsError } from '../errors/robots-error.js';
import type { RobotsRecord } from './document-types.js';

/**
 * Two lines set the same record (`Crawl-delay`, `Content-Signal`…) differently
 * for the same crawlers; writing both would leave crawlers to pick one.
 *
 * @param key - option path of the new line, e.g. `robotsTxt.groups[0].crawlDelay`
 */
export function mergeConflictError(key: string, line: string, present: RobotsRecord, source?: string): RobotsError {
  return new RobotsError({
    code: 'robots-txt-merge-conflict',
    ...(source === undefined ? {} : { source }),
    key,
    value: line,
    problem: `line conflicts with \`${present.line}\` (from ${present.origin}) for the same user-agents, got`,
    expected: 'the same value in both places, or the line in only one of them',
    suggestion: present.line,
  });
}

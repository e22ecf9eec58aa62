/** What a head element means for placing robots tags. */
export type HeadChildRole = 'charset' | 'viewport' | 'script' | 'robots' | 'other';

/**
 * Where the robots tags go among the head's elements (an index into `roles`: the tags
 * go before that element; `roles.length` means after the last). In order of preference:
 * 1. right after the character encoding declaration and the viewport tag (the later of the
 *    two; a viewport tag after the first script does not count), so the encoding
 *    declaration stays within the first 1024 bytes;
 * 2. where the first existing robots tag was, if it comes before any script;
 * 3. right before the first script, so crawlers meet the tags before any script runs;
 * 4. after the last element of the head.
 */
export function pickInsertionSlot(roles: readonly HeadChildRole[]): number {
  const firstScript = roles.indexOf('script');
  const limit = firstScript === -1 ? roles.length : firstScript;
  let anchor = -1;
  roles.forEach((role, index) => {
    if (role === 'charset' || (role === 'viewport' && index < limit)) anchor = index;
  });
  if (anchor !== -1) return anchor + 1;
  const firstRobots = roles.indexOf('robots');
  if (firstRobots !== -1 && firstRobots < limit) return firstRobots;
  return limit;
}

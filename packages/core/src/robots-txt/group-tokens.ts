import type { RobotsTxtToken } from './tokenize.js';

/**
 * Google's grouping, which does not depend on the crawler asking: a
 * `User-agent` line starts a new group only after a rule (`Allow` or
 * `Disallow`) of the current one; any other line (blank, comment, sitemap,
 * unknown) keeps the group open, so consecutive `User-agent` lines share it.
 *
 * @returns for each token, the index of its group, or -1 before the first group
 */
export function groupTokens(tokens: readonly RobotsTxtToken[]): number[] {
  let groupIndex = -1;
  let groupHasRule = false;
  return tokens.map((token) => {
    const type = token.directive?.type;
    if (type === 'user-agent' && (groupIndex === -1 || groupHasRule)) {
      groupIndex++;
      groupHasRule = false;
    }
    if ((type === 'allow' || type === 'disallow') && groupIndex !== -1) groupHasRule = true;
    return groupIndex;
  });
}

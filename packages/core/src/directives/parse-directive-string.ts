import { applyToken } from './apply-token.js';
import { checkCrawlerName } from './crawler-name.js';
import { isFlagDirective, isValueDirective } from './known-directives.js';
import type { MutableDirectives } from './mutable-directives.js';
import type { ParseContext } from './parse-context.js';
import { splitDirectiveList } from './split-directive-list.js';

/** `googlebot: nofollow` — the X-Robots-Tag form that scopes the rest of the list to one crawler. */
const CRAWLER_PREFIX = /^([^\s:,]+)\s*:\s*(.+)$/s;

function isDirectiveName(word: string): boolean {
  const name = word.toLowerCase();
  return isFlagDirective(name) || isValueDirective(name);
}

/**
 * Parses a comma-separated directive list into `target`; a `crawler:` prefix
 * (as in `X-Robots-Tag: googlebot: noindex, nofollow`) sends the rest to that crawler.
 */
export function parseDirectiveString(
  text: string,
  all: MutableDirectives,
  crawler: (name: string) => MutableDirectives,
  context: ParseContext,
): void {
  let target = all;
  for (const token of splitDirectiveList(text)) {
    const prefixed = CRAWLER_PREFIX.exec(token);
    if (prefixed && !isDirectiveName(prefixed[1]!) && isDirectiveName(prefixed[2]!.split(/[\s:]/)[0]!)) {
      target = crawler(checkCrawlerName(prefixed[1]!, context));
      applyToken(target, prefixed[2]!, context);
      continue;
    }
    applyToken(target, token, context);
  }
}

/**
 * reconcile and formatDirectives: merged directives per audience to the tag values a page carries
 * (no `index`/`all`, `follow` only beside `noindex`).
 */
import {
  IMAGE_PREVIEW_ORDER,
  emptyDirectives,
  type MutableDirectives,
  type Directives,
  type ImagePreview,
  type ParsedRobots,
  type RobotsInput,
  mergeDirectiveList,
  mergeDirectives,
} from './types.js';
import { robotsWarning, type RobotsWarning } from '../errors.js';
import { parseRobots } from './parse.js';

/** Directives for every crawler and for named crawlers: a parse, a header rule, a page's sources. */
export interface AudienceDirectives {
  all: Directives;
  crawlers: ReadonlyMap<string, Directives>;
}
/** Several sources as one: each audience's directives merged, most restrictive winning. */
export function mergeAudiences(sources: readonly AudienceDirectives[]): {
  all: MutableDirectives;
  crawlers: Map<string, MutableDirectives>;
} {
  const crawlers = new Map<string, Directives[]>();
  for (const source of sources) {
    for (const [name, directives] of source.crawlers) {
      const list = crawlers.get(name);
      if (list) list.push(directives);
      else crawlers.set(name, [directives]);
    }
  }
  return {
    all: mergeDirectiveList(sources.map((source) => source.all)),
    crawlers: new Map([...crawlers].map(([name, list]) => [name, mergeDirectiveList(list)])),
  };
}

/** Whether the directives keep the page out of the index. */
export function isNoindex(directives: Directives): boolean {
  return directives.flags.has('noindex') || directives.flags.has('none');
}
/**
 * The reconciled tokens, in a fixed order: `none` replaces `noindex` and `nofollow`;
 * `index` and `all` never appear; `follow` only beside `noindex`; `max-snippet:0` is
 * `nosnippet`, and `nosnippet` drops `max-snippet`; `indexifembedded` only beside `noindex`;
 * the non-standard `noai` and `noimageai` kept as written.
 */
export function formatDirectives(directives: Directives): string[] {
  const { flags } = directives;
  const none = flags.has('none');
  const noindex = isNoindex(directives);
  const nofollow = none || flags.has('nofollow');
  const nosnippet = flags.has('nosnippet') || directives.maxSnippet === 0;
  const tokens: string[] = [];

  if (none) tokens.push('none');
  else {
    if (noindex) tokens.push('noindex');
    if (nofollow) tokens.push('nofollow');
    else if (noindex && flags.has('follow')) tokens.push('follow');
  }
  if (flags.has('noarchive')) tokens.push('noarchive');
  if (flags.has('nocache')) tokens.push('nocache');
  if (nosnippet) tokens.push('nosnippet');
  if (flags.has('notranslate')) tokens.push('notranslate');
  if (flags.has('noimageindex')) tokens.push('noimageindex');
  if (flags.has('noai')) tokens.push('noai');
  if (flags.has('noimageai')) tokens.push('noimageai');
  if (noindex && flags.has('indexifembedded')) tokens.push('indexifembedded');
  if (!nosnippet && directives.maxSnippet !== undefined) tokens.push(`max-snippet:${directives.maxSnippet}`);
  if (directives.maxImagePreview !== undefined) tokens.push(`max-image-preview:${directives.maxImagePreview}`);
  if (directives.maxVideoPreview !== undefined) tokens.push(`max-video-preview:${directives.maxVideoPreview}`);
  if (directives.unavailableAfter !== undefined) tokens.push(`unavailable_after: ${directives.unavailableAfter}`);
  return tokens;
}

/**
 * The value of one crawler's own tag (or `name: …` header value): complete on its own, the
 * directives for every crawler (`all`) merged with the crawler's (`own`), so that a reader that
 * looks only at that crawler's tag and falls back to `robots` when there is none (Lighthouse's
 * `is-crawlable`, several SEO tools) reaches the verdict of one that sums both, as Google's
 * specification does. `undefined` when the crawler adds nothing: the `robots` value already says
 * it all. `allValue` is `all` formatted, when the caller already has it.
 */
export function crawlerValue(
  all: Directives,
  own: Directives,
  allValue: string = formatDirectives(all).join(', '),
): string | undefined {
  const value = formatDirectives(mergeDirectives(all, own)).join(', ');
  return value === allValue ? undefined : value;
}

/** An already parsed value, so callers can reuse parses. */
function isParsed(input: unknown): input is ParsedRobots {
  return (
    typeof input === 'object' &&
    input !== null &&
    'all' in input &&
    'crawlers' in input &&
    input.crawlers instanceof Map
  );
}
export function toParsed(input: RobotsInput | ParsedRobots): ParsedRobots {
  return isParsed(input) ? input : parseRobots(input);
}
/** The warnings a merged set deserves: directives that were dropped because they do nothing. */
export function reconcileWarnings(directives: Directives, audience: string): RobotsWarning[] {
  if (directives.flags.has('indexifembedded') && !isNoindex(directives)) {
    return [
      robotsWarning({
        code: 'ineffective-directive',
        problem: `dropped \`indexifembedded\` for \`${audience}\`: it only has effect beside \`noindex\``,
      }),
    ];
  }
  return [];
}
/**
 * Combines robots inputs for all crawlers (the `robots` meta name) additively; the most
 * restrictive directive wins. Returns the content string, `''` when nothing is restricted.
 */
export function reconcile(...inputs: Array<RobotsInput | ParsedRobots>): string {
  const merged: Directives = mergeDirectiveList(inputs.map((input) => toParsed(input).all));
  return formatDirectives(merged).join(', ');
}

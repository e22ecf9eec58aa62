import type { Directives } from './types.js';

/** Whether the directives keep the page out of the index. */
export function isNoindex(directives: Directives): boolean {
  return directives.flags.has('noindex') || directives.flags.has('none');
}

/**
 * The reconciled tokens, in a fixed order: `none` replaces `noindex` and `nofollow`;
 * `index` and `all` never appear; `follow` only beside `noindex`; `max-snippet:0` is
 * `nosnippet`, and `nosnippet` drops `max-snippet`; `indexifembedded` only beside `noindex`.
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
  if (noindex && flags.has('indexifembedded')) tokens.push('indexifembedded');
  if (!nosnippet && directives.maxSnippet !== undefined) tokens.push(`max-snippet:${directives.maxSnippet}`);
  if (directives.maxImagePreview !== undefined) tokens.push(`max-image-preview:${directives.maxImagePreview}`);
  if (directives.maxVideoPreview !== undefined) tokens.push(`max-video-preview:${directives.maxVideoPreview}`);
  if (directives.unavailableAfter !== undefined) tokens.push(`unavailable_after: ${directives.unavailableAfter}`);
  return tokens;
}

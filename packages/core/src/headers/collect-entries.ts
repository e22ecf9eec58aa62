import { globToPathRegex } from './glob/glob-to-path-regex.js';
import { printRegex } from './glob/print-regex.js';
import type { HeaderEntry } from './header-entry.js';
import type { NormalizedHeadersOptions } from './normalized-headers-options.js';
import { pageEntry } from './page-entry.js';
import { mergeRuleDirectives } from './rule-directives.js';

export interface HtmlPage {
  /** The page's URL path, e.g. `/blog/post/`. */
  url: string;
  /** Resolved meta tags, name → content: `{ robots: 'noindex', googlebot: 'nosnippet' }`. */
  tags: Readonly<Record<string, string>>;
}

/** Rule globs, then pages in URL order; entries for the same paths merged. */
export function collectEntries(options: NormalizedHeadersOptions, pages: readonly HtmlPage[] = []): HeaderEntry[] {
  const entries = new Map<string, HeaderEntry>();
  const add = (entry: HeaderEntry) => {
    const key = printRegex(entry.regex);
    const existing = entries.get(key);
    if (!existing) {
      entries.set(key, entry);
      return;
    }
    const merged: HeaderEntry = {
      glob: existing.glob,
      directives: mergeRuleDirectives(existing.directives, entry.directives),
      origins: [...existing.origins, ...entry.origins],
      regex: existing.regex,
    };
    // Only a page URL is kept as written; a glob for the same path covers both slash forms.
    if (existing.exactUrl !== undefined && existing.exactUrl === entry.exactUrl) merged.exactUrl = existing.exactUrl;
    entries.set(key, merged);
  };
  for (const rule of options.rules) {
    for (const { glob, key } of rule.globs) add({ glob, directives: rule.directives, origins: [key], regex: globToPathRegex(glob) });
  }
  if (options.html) {
    for (const page of [...pages].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))) {
      const entry = pageEntry(page, options.source);
      if (entry) add(entry);
    }
  }
  return [...entries.values()];
}

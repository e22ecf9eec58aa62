import { globEntry, type GlobEntries } from './glob-entry.js';
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

/**
 * Rule globs (each turned into entries by `globEntries`: by default the glob itself), then
 * pages in URL order; entries for the same paths merged.
 */
export function collectEntries(options: NormalizedHeadersOptions, pages: readonly HtmlPage[] = [], globEntries: GlobEntries = globEntry): HeaderEntry[] {
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
    // A page's or listed file's URL is kept as written only when both name it; a glob for the same path covers both slash forms.
    if (existing.exactUrl !== undefined && existing.exactUrl === entry.exactUrl) merged.exactUrl = existing.exactUrl;
    if (existing.listedFor !== undefined) merged.listedFor = existing.listedFor;
    entries.set(key, merged);
  };
  for (const rule of options.rules) {
    for (const located of rule.globs) globEntries(located, rule.directives).forEach(add);
  }
  if (options.html) {
    for (const page of [...pages].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))) {
      const entry = pageEntry(page, options.source);
      if (entry) add(entry);
    }
  }
  return [...entries.values()];
}

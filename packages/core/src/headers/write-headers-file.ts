import { RobotsError } from '../errors/robots-error.js';
import { entryComment, GENERATED_NOTICE } from './file-comments.js';
import { globToHeadersPatterns, type HeadersHosts } from './glob/glob-to-headers-patterns.js';
import type { PlannedEntry } from './header-entry.js';
import { valueList } from './rule-directives.js';

/** Netlify's reader keeps the last rule that sets a header; Cloudflare's joins every match in file order. */
function emissionOrder(planned: readonly PlannedEntry[], hosts: HeadersHosts, source: string): PlannedEntry[] {
  if (!hosts.netlify) return [...planned];
  if (hosts.cloudflare) {
    for (const entry of planned) {
      const scoped = entry.containerValues.find((values) => values.crawlers.length > 0);
      if (scoped && entry.values.all !== undefined) {
        throw new RobotsError({
          code: 'header-scope-conflict',
          source,
          key: entry.origins[0],
          value: entry.glob.source,
          problem: `Cloudflare Pages joins the X-Robots-Tag values of every matching \`_headers\` rule in file order, and Netlify keeps only the last, so the crawler-scoped \`${scoped.crawlers[0]}\` of an enclosing rule would come first and scope this rule's \`${entry.values.all}\` to that crawler`,
          expected: 'netlify or cloudflare in `headers.targets` (not both), or no `userAgent` rule around a narrower rule',
        });
      }
    }
  }
  return [...planned].reverse();
}

/**
 * The lines of our `_headers` block (Netlify and Cloudflare Pages). Each pattern gets
 * its own rule; a pattern two entries share is written once, with the values of the more
 * specific entry, which already include the other's.
 */
export function headersFileLines(planned: readonly PlannedEntry[], hosts: HeadersHosts, source: string): string[] {
  const owned = new Map<PlannedEntry, string[]>();
  const taken = new Set<string>();
  for (const entry of planned) {
    const patterns = entry.exactUrl !== undefined ? [entry.exactUrl] : globToHeadersPatterns(entry.glob, hosts, { source, key: entry.origins[0]! });
    owned.set(entry, patterns.filter((pattern) => !taken.has(pattern)));
    patterns.forEach((pattern) => taken.add(pattern));
  }
  const lines = [...GENERATED_NOTICE];
  for (const entry of emissionOrder(planned, hosts, source)) {
    const values = valueList(entry.values);
    const patterns = owned.get(entry)!;
    if (values.length === 0 || patterns.length === 0) continue;
    lines.push(entryComment(entry));
    for (const pattern of patterns) lines.push(pattern, ...values.map((value) => `  X-Robots-Tag: ${value}`));
  }
  return lines;
}

/** The whole site, for a preview or staging build: `/*` matches every path for both hosts. */
export function siteWideHeadersFileLines(value: string): string[] {
  return [...GENERATED_NOTICE, '# Not an indexable build (preview or staging): keep every URL out of search results.', '/*', `  X-Robots-Tag: ${value}`];
}

import { explainMatch } from '../robots-txt/explain-match.js';
import { parseRobotsTxt } from '../robots-txt/parse-robots-txt.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import { isNoindexPage } from './is-noindex-page.js';

export interface HiddenNoindex {
  url: string;
  /** The crawler robots.txt blocks: `*` or `Googlebot`. */
  crawler: string;
  /** The robots.txt line of the deciding rule. */
  line?: number;
}

const CRAWLERS = ['*', 'Googlebot'];

/**
 * Pages that carry noindex but that robots.txt disallows for `*` or Googlebot: crawlers never
 * fetch them, so they never see the noindex (Google's robots meta specification, last paragraph).
 */
export function findHiddenNoindex(
  pages: Iterable<{ url: string; tags: Readonly<Record<string, string>> }>,
  robotsTxt: string | ParsedRobotsTxt,
): HiddenNoindex[] {
  const parsed = typeof robotsTxt === 'string' ? parseRobotsTxt(robotsTxt) : robotsTxt;
  const hidden: HiddenNoindex[] = [];
  for (const page of pages) {
    if (!isNoindexPage(page.tags)) continue;
    for (const crawler of CRAWLERS) {
      const verdict = explainMatch(parsed, crawler === '*' ? 'robots-kit' : crawler, `https://site.invalid${page.url}`);
      if (!verdict.allowed) {
        hidden.push({ url: page.url, crawler, ...(verdict.rule ? { line: verdict.rule.line } : {}) });
        break;
      }
    }
  }
  return hidden;
}

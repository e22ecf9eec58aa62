import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import type { HeaderRules } from './header-rules.js';
import type { SiteUrl } from './site-url.js';
import type { TrailingSlash } from './types.js';

/** Everything page-independent the audit works with. */
export interface AuditContext {
  root: string;
  site: SiteUrl | undefined;
  trailingSlash: TrailingSlash;
  /** As given in the options, for report keys. */
  crawlers: readonly string[];
  /** Meta names besides `robots` and the known crawlers that count as robots tags (the crawlers asked for). */
  extraNames: ReadonlySet<string>;
  robotsTxt: ParsedRobotsTxt | undefined;
  headers: HeaderRules;
  /** Milliseconds since the epoch. */
  now: number;
}

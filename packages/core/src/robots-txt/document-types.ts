/** A record robots-kit writes in a group besides rules, compared by {@link RobotsRecord.normalized}. */
export interface RobotsRecord {
  /** Lower-case key, e.g. `crawl-delay`, `content-signal`. */
  key: string;
  /** The line to write, e.g. `Crawl-delay: 5`. */
  line: string;
  /** The value compared when merging (case and spaces ignored). */
  normalized: string;
  /** Where it came from, for conflict messages: an option path or the existing file. */
  origin: string;
}

/** A group of the document being written. */
export interface RobotsDocumentGroup {
  /** The crawlers it names, for merging: sorted lower-case product tokens (`*` for all). */
  identity: string;
  /** Comment lines written above the group. */
  leadingComments: string[];
  /** The group's lines in order, starting with its `User-agent` lines. */
  lines: string[];
  /** Where new lines go: after the last non-comment line. */
  insertAt: number;
  /** `allow` or `disallow` + NUL + Google pattern, for de-duplication. */
  ruleKeys: Set<string>;
  /** Records by key (first one wins), to spot conflicts. */
  records: Map<string, RobotsRecord>;
}

/** A robots.txt being written. */
export interface RobotsDocument {
  /** Lines before the first group, kept as they were. */
  preamble: string[];
  groups: RobotsDocumentGroup[];
  /** `Sitemap` lines by URL, in order. */
  sitemaps: Map<string, string>;
}

/** One group to add, from the options. */
export interface RobotsGroupSpec {
  userAgents: string[];
  allow: string[];
  disallow: string[];
  records: RobotsRecord[];
  comments: string[];
}

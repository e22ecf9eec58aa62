import type { SkippedFile } from './skipped-file.js';
import type { AuditLocation } from './types.js';

/** An `X-Robots-Tag` value a header file sets for a URL. */
export interface RobotsHeaderValue {
  value: string;
  location: AuditLocation;
  /** The rule's pattern as written, e.g. `/private/*`. */
  pattern: string;
}

/** One `X-Robots-Tag` line of a header file and the requests it applies to. */
export interface RobotsHeaderRule extends RobotsHeaderValue {
  /** `set` replaces what the same file set before, `add` adds to it, `unset` removes it. */
  action: 'set' | 'add' | 'unset';
  /** `urlPath` without base path; `file` is the served file, relative to the folder. */
  matches(urlPath: string, file: string): boolean;
}

/** The header rule files of a site, read. */
export interface HeaderRules {
  /** Files read, relative to the audited folder. */
  files: string[];
  skipped: SkippedFile[];
  /** The `X-Robots-Tag` values that apply to a URL path (without base path) served from `file`, in file order. */
  robotsHeadersFor(urlPath: string, file: string): RobotsHeaderValue[];
}

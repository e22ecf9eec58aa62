import type { SkippedFile } from './skipped-file.js';
import type { AuditLocation } from './types.js';

/** An `X-Robots-Tag` value a header file sets for a URL. */
export interface RobotsHeaderValue {
  value: string;
  location: AuditLocation;
}

/** The header rule files of a site, read. */
export interface HeaderRules {
  /** Files read, relative to the audited folder. */
  files: string[];
  skipped: SkippedFile[];
  /** The `X-Robots-Tag` values that apply to a URL path (without base path), in file order. */
  robotsHeadersFor(urlPath: string): RobotsHeaderValue[];
}

export const NO_HEADER_RULES: HeaderRules = { files: [], skipped: [], robotsHeadersFor: () => [] };

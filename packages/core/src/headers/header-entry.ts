import type { HeaderGlob } from './glob/glob-ast.js';
import type { PathRegex } from './glob/path-regex.js';
import type { HeaderValues, RuleDirectives } from './rule-directives.js';

/** One path (glob or page URL) and what it says, before host-specific translation. */
export interface HeaderEntry {
  glob: HeaderGlob;
  /**
   * For an `html: true` page, or a built file listed for a glob `_headers` cannot express:
   * its URL exactly as the site serves it, e.g. `/blog/post/`, `/files/guide.pdf`.
   */
  exactUrl?: string;
  /** For a listed file: the glob (as the user wrote it) whose matching files were listed. */
  listedFor?: string;
  directives: RuleDirectives;
  /** The option keys or page URLs it came from, for messages and file comments. */
  origins: string[];
  /** The canonical path (after the leading `/`) as a regex tree. */
  regex: PathRegex;
}

/** An entry ready to write: its values include those of every rule whose paths contain its own. */
export interface PlannedEntry extends HeaderEntry {
  values: HeaderValues;
  /** The values of the entries whose paths strictly contain this one's. */
  containerValues: HeaderValues[];
}

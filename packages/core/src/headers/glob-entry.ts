import { globToPathRegex } from './glob/glob-to-path-regex.js';
import type { HeaderEntry } from './header-entry.js';
import type { LocatedGlob } from './normalized-headers-options.js';
import type { RuleDirectives } from './rule-directives.js';

/** How one glob of a rule becomes header entries: none, one for the glob, or one per listed file. */
export type GlobEntries = (located: LocatedGlob, directives: RuleDirectives) => HeaderEntry[];

/** The glob itself, for targets whose patterns express every glob (Vercel, Apache, nginx). */
export const globEntry: GlobEntries = ({ glob, key }, directives) => [{ glob, directives, origins: [key], regex: globToPathRegex(glob) }];

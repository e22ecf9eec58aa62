import type { HeaderGlob } from './glob/glob-ast.js';
import type { RuleDirectives } from './rule-directives.js';
import type { HeaderTarget } from './targets.js';

/** One glob of a rule, with the option key it came from. */
export interface LocatedGlob {
  glob: HeaderGlob;
  /** e.g. `headers.rules[0].path[1]`. */
  key: string;
}

/** Validated `headers` options: globs parsed, directives parsed, defaults filled in. */
export interface NormalizedHeadersOptions {
  rules: Array<{ globs: LocatedGlob[]; directives: RuleDirectives }>;
  html: boolean;
  /** Without duplicates, in `HEADER_TARGETS` order. */
  targets: HeaderTarget[];
  vercel: { mergeInto?: string };
  /** Where the options were written, for error messages. */
  source: string;
}

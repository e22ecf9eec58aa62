import { RobotsError } from '../errors/robots-error.js';
import { globToPathRegex } from './glob/glob-to-path-regex.js';
import { LITERAL_CHARACTER, LITERAL_CHARACTERS_TEXT } from './glob/literal-characters.js';
import { parseHeaderGlob } from './glob/parse-header-glob.js';
import { printRegex } from './glob/print-regex.js';
import type { HeaderEntry } from './header-entry.js';
import type { LocatedGlob } from './normalized-headers-options.js';
import type { RuleDirectives } from './rule-directives.js';

/** Segments of literal characters only, none `.` or `..`: a path every host matches as written. */
function isLiteralPath(path: string): boolean {
  return path
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..' && [...segment].every((char) => LITERAL_CHARACTER.test(char)));
}

/** A rename that would do, when only whitespace is in the way. */
function renameSuggestion(path: string): string | undefined {
  const renamed = path.replace(/\s+/g, '-');
  return renamed !== path && isLiteralPath(renamed) ? renamed : undefined;
}

/**
 * One exact entry per built file the glob matches (picomatch `dot: true`, as every rule
 * glob: the glob's own path regex on the canonical path), each named after the glob's
 * option key. `files` must be canonical URL paths (see `buildFilePaths`). A matching file
 * whose path hosts cannot match literally throws, naming the file: leaving it out would
 * send it without the header the rule asks for.
 */
export function listedFileEntries(located: LocatedGlob, directives: RuleDirectives, files: readonly string[], why: string, source: string): HeaderEntry[] {
  const matches = new RegExp(`^${printRegex(globToPathRegex(located.glob))}$`);
  return files
    .filter((file) => matches.test(file.slice(1)))
    .map((file): HeaderEntry => {
      if (file === '/' || !isLiteralPath(file)) {
        throw new RobotsError({
          code: 'unsupported-file-name',
          source,
          key: located.key,
          value: file,
          problem: `${why}, so robots-kit lists each built file the glob \`${located.glob.source}\` matches, and cannot write the URL path of the file`,
          expected: `file URL paths of ${LITERAL_CHARACTERS_TEXT} (hosts disagree on matching other characters, raw or percent-encoded): rename the file, or write a glob that leaves it out`,
          suggestion: renameSuggestion(file),
        });
      }
      const glob = parseHeaderGlob(file, { source, key: located.key });
      return { glob, exactUrl: file, listedFor: located.glob.source, directives, origins: [located.key], regex: globToPathRegex(glob) };
    });
}

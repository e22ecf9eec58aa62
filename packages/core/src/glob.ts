/**
 * Path globs of the options (`noindex.paths`, `rules[].path`, `errorPages`): validation and
 * matching against URL paths, with exceptions (`!/tags/featured/**`) in those three lists.
 */
import picomatch from 'picomatch';
import { RobotsError } from './errors.js';
import { compileLinearRegex } from './glob/linear-regex.js';
import { UnsupportedRegexError } from './glob/regex-syntax.js';

const PAIRS: Record<string, string> = { '[': ']', '{': '}', '(': ')' };
function unbalanced(glob: string): string | undefined {
  const stack: string[] = [];
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '\\') i++;
    else if (char in PAIRS) stack.push(PAIRS[char]!);
    else if (char === ']' || char === '}' || char === ')') {
      if (stack.pop() !== char) return char;
    }
  }
  return stack.length > 0 ? stack[stack.length - 1] : undefined;
}
/** Whether a glob of a list is an exception (`!/tags/featured/**`) rather than what the list covers. */
export function isNegatedGlob(glob: string): boolean {
  return glob.startsWith('!');
}
/** What `validateGlob` accepts beyond a plain glob. */
export interface ValidateGlobOptions {
  /**
   * Accept an exception, `!` before a glob. Only lists matched as a whole take them (`noindex.paths`,
   * `rules[].path`, `errorPages`, checked with `validateGlobList`). Default: `false`.
   */
  negation?: boolean;
  /** Why this option takes no exception, for the message. Default: the options that do take them. */
  noNegationReason?: string;
}
const NEGATION_LISTS = '`noindex.paths`, `rules[].path` and `errorPages`';
/**
 * Throws unless `glob` is a URL path glob robots-kit can match: starts with `/` or `*`, balanced,
 * printable; with `negation`, the same after one leading `!`.
 */
export function validateGlob(
  glob: unknown,
  key: string,
  source = 'options',
  options: ValidateGlobOptions = {},
): string {
  const fail = (problem: string, expected: string, suggestion?: string): never => {
    throw new RobotsError({ code: 'invalid-glob', source, key, value: glob, problem, expected, suggestion });
  };
  if (typeof glob === 'string' && isNegatedGlob(glob)) {
    const rest = glob.slice(1);
    if (!options.negation) {
      return fail(
        `an exception (a glob starting with \`!\`) is not accepted here${options.noNegationReason ? `: ${options.noNegationReason}` : ''}, got`,
        `a glob starting with \`/\` or \`*\` (exceptions are for ${NEGATION_LISTS})`,
      );
    }
    if (isNegatedGlob(rest))
      return fail(
        'glob starts with more than one `!`, got',
        'one `!` before the glob of the pages to leave out',
        `!${rest.replace(/^!+/, '')}`,
      );
    validateGlob(rest, key, source);
    return glob;
  }
  if (typeof glob !== 'string' || glob.trim() === '')
    return fail('invalid glob', 'a non-empty URL path glob such as `/tags/**`');
  if (/[\u0000-\u001f\u007f]/.test(glob))
    return fail('control character in glob', 'a glob on one line with printable characters');
  if (!glob.startsWith('/') && !glob.startsWith('*')) {
    return fail('glob must match URL paths', 'a glob starting with `/` or `*`', `/${glob.replace(/^\.?\//, '')}`);
  }
  const bracket = unbalanced(glob);
  if (bracket) return fail(`unbalanced \`${bracket}\` in glob`, 'balanced `[]`, `{}` and `()`');
  try {
    matcher(glob);
  } catch (error) {
    // picomatch's regex for it is too large for the linear-time matcher (`{1..100000}`).
    if (error instanceof UnsupportedRegexError)
      return fail(
        `glob too complex to match in linear time (${error.message})`,
        'a shorter glob, or several simpler ones',
      );
    // picomatch refuses it (a glob over 65,536 characters).
    return fail('invalid glob', 'a URL path glob picomatch can read, such as `/tags/**`');
  }
  return glob;
}
/**
 * Validates a list matched as a whole (`noindex.paths`, `rules[].path`, `errorPages`): each glob,
 * exceptions included, and at least one glob that says what the list covers, since a list of
 * exceptions alone would match no page.
 *
 * @param keyOf - the option path of the glob at an index, e.g. `noindex.paths[2]`
 * @param listKey - the option path of the whole list, e.g. `noindex.paths`
 */
export function validateGlobList(
  globs: readonly unknown[],
  keyOf: (index: number) => string,
  listKey: string,
  source = 'options',
): string[] {
  const checked = globs.map((glob, index) => validateGlob(glob, keyOf(index), source, { negation: true }));
  if (checked.length > 0 && checked.every(isNegatedGlob)) {
    throw new RobotsError({
      code: 'negated-globs-only',
      source,
      key: listKey,
      value: checked,
      problem: 'the list holds only exceptions (globs starting with `!`), so it matches no page, got',
      expected:
        "at least one glob of the pages the option is for, the exceptions after it, e.g. `['/tags/**', '!/tags/featured/**']`",
      suggestion: JSON.stringify(['/**', ...checked]),
    });
  }
  return checked;
}
/**
 * Whether picomatch's own regex for the glob backtracks at most linearly: no braces, extglobs
 * or escapes, at most one `*` run per segment (it cannot cross a `/`) and at most one `**`.
 * Then every way of extending one run is settled within its segment or by the next `/`.
 */
function backtracksLinearly(glob: string): boolean {
  if (/[{}()\\]/.test(glob)) return false;
  const segments = glob.split('/');
  if (segments.filter((segment) => segment === '**').length > 1) return false;
  return segments.every((segment) => segment === '**' || (segment.match(/\*+/g)?.length ?? 0) <= 1);
}
const compiled = new Map<string, (path: string) => boolean>();
/**
 * Compiled once per glob for the whole process: matching runs for every page. picomatch says
 * what a glob means; a glob whose regex could backtrack more than linearly
 * (`/*a*a*a*b`, `/a/**\/b/**`) runs on the linear-time matcher instead of RegExp.
 */
function matcher(glob: string): (path: string) => boolean {
  let match = compiled.get(glob);
  if (!match) {
    const regex = picomatch.makeRe(glob, { dot: true });
    const test = backtracksLinearly(glob) ? regex : compileLinearRegex(regex.source, regex.flags);
    // As picomatch's own matcher: the glob written out matches itself.
    match = (path) => path !== '' && (path === glob || test.test(path));
    compiled.set(glob, match);
  }
  return match;
}
/**
 * A path the URL parser returns as it is: from the root (`//` would start a host), only
 * characters it never escapes, decodes or drops (no `%`: `%2e` is a dot segment to it).
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** `.` and `..` segments, which the parser removes. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
/** The path part of a URL, without query or fragment. */
export function urlPath(url: string): string {
  // Most URL paths are already what the URL parser would give: no parse per page for them.
  if (PLAIN_PATH.test(url) && !DOT_SEGMENT.test(url)) return url;
  const path = url.replace(/[?#].*$/s, '');
  try {
    return new URL(path, 'http://x').pathname;
  } catch {
    return path;
  }
}
/**
 * A page URL's matcher: the forms of its path a glob is tried against (as given, without trailing
 * slashes, decoded, with one slash) are worked out once, so a page tested against every path rule
 * parses its URL once.
 */
export function urlGlobMatcher(url: string): (globs: readonly string[]) => boolean {
  const path = urlPath(url);
  // Trailing slashes off (all of them, as `/\/+$/` would), for any path longer than `/`.
  let end = path.length;
  if (end > 1) while (end > 0 && path.charCodeAt(end - 1) === 0x2f /* / */) end--;
  const trimmed = end === path.length ? path : path.slice(0, end);
  let decoded = path;
  try {
    if (path.includes('%')) decoded = decodeURI(path);
  } catch {
    // a malformed escape: match the raw path only
  }
  const variants = [path];
  for (const variant of [trimmed, decoded, trimmed + '/']) if (!variants.includes(variant)) variants.push(variant);
  const matches = (glob: string): boolean => {
    const match = matcher(glob);
    for (const variant of variants) if (match(variant)) return true;
    return false;
  };
  // A list matches when one of its globs does and none of its exceptions: the exceptions are
  // only tried on the pages a glob took, so a site of pages outside every rule never pays for them.
  // Loops, not `some` with closures: a server runs this for every glob list on every request.
  return (globs) => {
    let taken = false;
    for (const glob of globs) {
      if (!isNegatedGlob(glob) && matches(glob)) {
        taken = true;
        break;
      }
    }
    if (!taken) return false;
    for (const glob of globs) if (isNegatedGlob(glob) && matches(glob.slice(1))) return false;
    return true;
  };
}
/**
 * Whether a page URL matches a list of globs: one of its globs and none of its exceptions
 * (`['/tags/**', '!/tags/featured/**']`). `/tags/**` matches `/tags`, `/tags/` and `/tags/a/`.
 */
export function matchesAnyGlob(url: string, globs: readonly string[]): boolean {
  return globs.length > 0 && urlGlobMatcher(url)(globs);
}
/**
 * The globs of a list that take the page, as messages name them: none when an exception leaves
 * it out, else its matching globs without the exceptions.
 */
export function matchingGlobs(matchesUrl: (globs: readonly string[]) => boolean, globs: readonly string[]): string[] {
  if (!matchesUrl(globs)) return [];
  return globs.filter((glob) => !isNegatedGlob(glob) && matchesUrl([glob]));
}

/**
 * Path globs of the options (`noindex.paths`, `rules[].path`, `errorPages`): validation and
 * matching against URL paths.
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
/** Throws unless `glob` is a URL path glob robots-kit can match: starts with `/` or `*`, balanced, printable. */
export function validateGlob(glob: unknown, key: string, source = 'options'): string {
  const fail = (problem: string, expected: string, suggestion?: string): never => {
    throw new RobotsError({ code: 'invalid-glob', source, key, value: glob, problem, expected, suggestion });
  };
  if (typeof glob !== 'string' || glob.trim() === '') return fail('invalid glob', 'a non-empty URL path glob such as `/tags/**`');
  if (/[\u0000-\u001f\u007f]/.test(glob)) return fail('control character in glob', 'a glob on one line with printable characters');
  if (!glob.startsWith('/') && !glob.startsWith('*')) {
    return fail('glob must match URL paths', 'a glob starting with `/` or `*`', `/${glob.replace(/^\.?\//, '')}`);
  }
  const bracket = unbalanced(glob);
  if (bracket) return fail(`unbalanced \`${bracket}\` in glob`, 'balanced `[]`, `{}` and `()`');
  try {
    matcher(glob);
  } catch (error) {
    // picomatch's regex for it is too large for the linear-time matcher (`{1..100000}`).
    if (error instanceof UnsupportedRegexError) return fail(`glob too complex to match in linear time (${error.message})`, 'a shorter glob, or several simpler ones');
    // picomatch refuses it (a glob over 65,536 characters).
    return fail('invalid glob', 'a URL path glob picomatch can read, such as `/tags/**`');
  }
  return glob;
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
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let decoded = path;
  try {
    if (path.includes('%')) decoded = decodeURI(path);
  } catch {
    // a malformed escape: match the raw path only
  }
  const variants = [path];
  for (const variant of [trimmed, decoded, trimmed + '/']) if (!variants.includes(variant)) variants.push(variant);
  return (globs) =>
    globs.some((glob) => {
      const match = matcher(glob);
      return variants.some((variant) => match(variant));
    });
}
/** Whether a page URL matches any glob; `/tags/**` matches `/tags`, `/tags/` and `/tags/a/`. */
export function matchesAnyGlob(url: string, globs: readonly string[]): boolean {
  return globs.length > 0 && urlGlobMatcher(url)(globs);
}

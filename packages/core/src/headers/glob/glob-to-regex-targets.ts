import type { HeaderGlob } from './glob-ast.js';
import { globToPathRegex } from './glob-to-path-regex.js';
import { printRegex } from './print-regex.js';

/**
 * Regex targets express every glob `parseHeaderGlob` accepts, in this translation:
 *
 * | glob part          | regex                                   |
 * | ------------------ | --------------------------------------- |
 * | literal `a.pdf`    | `a\.pdf` (only `.` and `+` need escaping) |
 * | `*` (whole segment)| `[^/]+`                                 |
 * | `*` (in a segment) | `[^/]*`                                 |
 * | `?`                | `[^/]`                                  |
 * | `[a-c]`, `[^a]`    | `[a-c]`, `[^/a]`                        |
 * | `{pdf,doc}`        | `(?:doc\|pdf)`                          |
 * | `/**` at the end   | `(?:/[^/]+)*`                           |
 * | `**\/` before more | `(?:[^/]+/)*`, `+` after a leading `/`  |
 *
 * The PCRE for nginx `location ~` and Apache `<If "%{REQUEST_URI} =~ m#…#">`: the glob's
 * paths, with or without a trailing `/`, and `…/index.html`, because both servers match
 * again after `index` / `DirectoryIndex` turn `/docs/` into `/docs/index.html`.
 */
export function globToServerRegex(glob: HeaderGlob): string {
  if (glob.segments.length === 0) return '^/(?:index\\.html)?$';
  return `^/${printRegex(globToPathRegex(glob))}(?:/|/index\\.html)?$`;
}

/**
 * Vercel's `source` (path-to-regexp 6, case-sensitive, strict): one unnamed group holding
 * the regex, so `/(files/[^/]*\.pdf/?)` is `^\/(files/[^/]*\.pdf/?)$`. Unnamed, because
 * Vercel would otherwise read `:large` in `max-image-preview:large` as a parameter.
 */
export function globToVercelSource(glob: HeaderGlob): string {
  if (glob.segments.length === 0) return '/';
  return `/(${printRegex(globToPathRegex(glob))}/?)`;
}

/** Whether Apache's `<FilesMatch>`, which sees only the file name, expresses the glob: `**\/*.pdf`. */
export function isFileNameGlob(glob: HeaderGlob): boolean {
  const [first, second] = glob.segments;
  return glob.segments.length === 2 && first!.kind === 'globstar' && first!.min === 0 && second!.kind === 'parts';
}

/** The `<FilesMatch>` regex of a file-name glob: `^[^/]*\.pdf$`. */
export function globToFileNameRegex(glob: HeaderGlob): string {
  return `^${printRegex(globToPathRegex({ source: glob.source, segments: glob.segments.slice(1) }))}$`;
}

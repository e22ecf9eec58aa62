/**
 * Which X-Robots-Tag entries a site needs: per page, per glob, per listed file, ordered so that
 * each host applies them correctly.
 */
import { type HeaderGlob, LITERAL_CHARACTERS_TEXT, LITERAL_CHARACTER, parseHeaderGlob } from '../glob/parse.js';
import type { RegexNode } from '../glob/regex-syntax.js';
import {
  type HeaderValues,
  type RuleDirectives,
  mergeRuleDirectives,
  headerValues,
  valueList,
  type LocatedGlob,
  type NormalizedHeadersOptions,
  rejectControlCharacters,
} from './options.js';
import { globToPathRegex, globToHeadersPatterns, type HeadersHosts, printRegex } from '../glob/translate.js';
import { isCrawlerName, parseRobots } from '../directives/parse.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/vocabulary.js';
import type { Directives } from '../directives/types.js';
import { RobotsError } from '../errors.js';
import { urlPath } from '../glob.js';
import { wholeTextMatcher } from '../glob/linear-regex.js';
import { type ContentUsageOptions, mergeContentUsage } from '../directives/vocabulary.js';

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
  /** The `Content-Usage` preferences of the rule (issue 40). Default: none. */
  contentUsage?: ContentUsageOptions;
  /** The option keys or page URLs it came from, for messages and file comments. */
  origins: string[];
  /** The canonical path (after the leading `/`) as a regex tree. */
  regex: RegexNode;
}
/** An entry ready to write: its values include those of every rule whose paths contain its own. */
export interface PlannedEntry extends HeaderEntry {
  values: HeaderValues;
  /** The values of the entries whose paths strictly contain this one's. */
  containerValues: HeaderValues[];
}

/** How one glob of a rule becomes header entries: none, one for the glob, or one per listed file. */
export type GlobEntries = (located: LocatedGlob, directives: RuleDirectives) => HeaderEntry[];
/** The glob itself, for targets whose patterns express every glob (Vercel, Apache, nginx). */
export const globEntry: GlobEntries = ({ glob, key }, directives) => [
  { glob, directives, origins: [key], regex: globToPathRegex(glob) },
];

const PAGE_PATH = /^\/(?:[A-Za-z0-9._~@+,=-]+\/?)*$/;
/** An `html: true` page as a header entry for its exact URL, or undefined when its tags say nothing. */
export function pageEntry(
  page: { url: string; tags: Readonly<Record<string, string>> },
  source: string,
): HeaderEntry | undefined {
  rejectControlCharacters(page, 'headers.html', page.url);
  const names = Object.keys(page.tags);
  if (names.length === 0) return undefined;
  const url = urlPath(page.url);
  if (!PAGE_PATH.test(url)) {
    throw new RobotsError({
      code: 'unsupported-page-url',
      source,
      key: 'headers.html',
      value: page.url,
      problem: 'page URL cannot be written to header files exactly',
      expected: `a URL path of ${LITERAL_CHARACTERS_TEXT} (hosts disagree on matching percent-encoded paths); set \`headers.html\` to false or rename the page`,
    });
  }
  const crawlers = new Map<string, Directives>();
  let all: Directives = { flags: new Set() };
  for (const name of names.sort()) {
    if (!isCrawlerName(name)) {
      throw new RobotsError({
        code: 'invalid-crawler-name',
        source: page.url,
        key: 'tags',
        value: name,
        problem: 'invalid meta name',
        expected: '`robots` or a crawler product token such as `googlebot`',
      });
    }
    const directives = parseRobots(page.tags[name], { file: page.url, key: name }, { strict: true }).all;
    if (name.toLowerCase() === ALL_CRAWLERS_META_NAME) all = directives;
    else crawlers.set(name.toLowerCase(), directives);
  }
  const glob = parseHeaderGlob(url, { source: page.url, key: 'headers.html' });
  return { glob, exactUrl: url, directives: { all, crawlers }, origins: [`page ${url}`], regex: globToPathRegex(glob) };
}

/** Segments of literal characters only, none `.` or `..`: a path every host matches as written. */
export function isLiteralPath(path: string): boolean {
  return path
    .slice(1)
    .split('/')
    .every(
      (segment) =>
        segment !== '' &&
        segment !== '.' &&
        segment !== '..' &&
        [...segment].every((char) => LITERAL_CHARACTER.test(char)),
    );
}
/** A rename that would do, when only whitespace is in the way. */
export function renameSuggestion(path: string): string | undefined {
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
export function listedFileEntries(
  located: LocatedGlob,
  directives: RuleDirectives,
  files: readonly string[],
  why: string,
  source: string,
): HeaderEntry[] {
  // A user's glob (`/*a*a*a*b`) on the linear-time matcher: RegExp could backtrack on a long file name.
  const matches = wholeTextMatcher(globToPathRegex(located.glob));
  return files
    .filter((file) => matches(file.slice(1)))
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
      return {
        glob,
        exactUrl: file,
        listedFor: located.glob.source,
        directives,
        origins: [located.key],
        regex: globToPathRegex(glob),
      };
    });
}

/** What a direct caller of `generateHeaderFiles` can do that a user cannot. */
const GIVE_FILES =
  'or give `generateHeaderFiles` the `files` of the build, and robots-kit lists the matching ones itself';
/**
 * The `_headers` entries of a rule glob: the glob itself when the patterns of `hosts`
 * express it exactly; otherwise, given the build's `files` (canonical, see
 * `buildFilePaths`), one exact entry per file it matches, none when it matches none.
 * Without `files` such a glob is refused, naming the host and what it cannot express.
 */
export function headersFileGlobEntries(
  hosts: HeadersHosts,
  files: readonly string[] | undefined,
  source: string,
): GlobEntries {
  return (located, directives) => {
    try {
      globToHeadersPatterns(located.glob, hosts, { source, key: located.key });
    } catch (error) {
      if (!(error instanceof RobotsError) || error.code !== 'unsupported-glob') throw error;
      if (files === undefined)
        throw new RobotsError({ ...error.details, expected: `${error.details.expected}, ${GIVE_FILES}` });
      return listedFileEntries(located, directives, files, error.details.problem, source);
    }
    return globEntry(located, directives);
  };
}

export interface HtmlPage {
  /** The page's URL path, e.g. `/blog/post/`. */
  url: string;
  /** Resolved meta tags, name → content: `{ robots: 'noindex', googlebot: 'nosnippet' }`. */
  tags: Readonly<Record<string, string>>;
}
/**
 * Rule globs (each turned into entries by `globEntries`: by default the glob itself), then
 * pages in URL order; entries for the same paths merged.
 */
export function collectEntries(
  options: NormalizedHeadersOptions,
  pages: readonly HtmlPage[] = [],
  globEntries: GlobEntries = globEntry,
): HeaderEntry[] {
  const entries = new Map<string, HeaderEntry>();
  const add = (entry: HeaderEntry) => {
    const key = printRegex(entry.regex);
    const existing = entries.get(key);
    if (!existing) {
      entries.set(key, entry);
      return;
    }
    const merged: HeaderEntry = {
      glob: existing.glob,
      directives: mergeRuleDirectives(existing.directives, entry.directives),
      origins: [...existing.origins, ...entry.origins],
      regex: existing.regex,
    };
    const usage = mergeContentUsage(existing.contentUsage, entry.contentUsage);
    if (usage !== undefined) merged.contentUsage = usage;
    // A page's or listed file's URL is kept as written only when both name it; a glob for the same path covers both slash forms.
    if (existing.exactUrl !== undefined && existing.exactUrl === entry.exactUrl) merged.exactUrl = existing.exactUrl;
    if (existing.listedFor !== undefined) merged.listedFor = existing.listedFor;
    entries.set(key, merged);
  };
  for (const rule of options.rules) {
    for (const located of rule.globs) {
      const usage = rule.contentUsage;
      globEntries(located, rule.directives).forEach((entry) => add(usage ? { ...entry, contentUsage: usage } : entry));
    }
  }
  if (options.html) {
    for (const page of [...pages].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))) {
      const entry = pageEntry(page, options.source);
      if (entry) add(entry);
    }
  }
  return [...entries.values()];
}

const compiled = new WeakMap<HeaderEntry, (path: string) => boolean>();
/** Whether an entry's paths hold `path` (canonical, from its leading `/`), on the linear-time automaton. */
export function entryMatches(entry: HeaderEntry, path: string): boolean {
  let matches = compiled.get(entry);
  if (!matches) compiled.set(entry, (matches = wholeTextMatcher(entry.regex)));
  return matches(path.slice(1));
}

/**
 * The URL paths of the built files, canonical (no trailing `/`), without duplicates and
 * sorted, so the listed-files form is the same whatever order the adapter found them in.
 */
export function buildFilePaths(files: readonly string[], source: string): string[] {
  const paths = new Set<string>();
  files.forEach((file, index) => {
    if (typeof file !== 'string' || !file.startsWith('/')) {
      throw new RobotsError({
        code: 'invalid-build-file',
        source,
        key: `files[${index}]`,
        value: file,
        problem: 'build output file is not a URL path',
        expected: 'the URL path the file is served at, starting with `/`, e.g. `/files/guide.pdf`',
      });
    }
    paths.add(file.length > 1 ? file.replace(/\/+$/, '') : file);
  });
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The first lines of every file and block we write. */
export const GENERATED_NOTICE = [
  '# X-Robots-Tag rules written by robots-kit from its `headers` option and replaced on',
  '# every build: change the option, not these lines.',
];

/**
 * `# /files/** (headers.rules[0].path)`: which option a rule came from. A listed file says
 * which glob it stands for: `# /files/a.pdf, a file of **\/*.pdf (headers.rules[0].path)`.
 */
export function entryComment(entry: HeaderEntry): string {
  const origins = entry.origins.length > 3 ? [...entry.origins.slice(0, 3), '…'] : entry.origins;
  if (entry.exactUrl !== undefined && entry.origins.every((origin) => origin.startsWith('page ')))
    return `# page ${entry.exactUrl}`;
  const listed = entry.listedFor === undefined ? '' : `, a file of ${entry.listedFor}`;
  return `# ${entry.glob.source}${listed} (${origins.join(', ')})`;
}

/** The X-Robots-Tag header one URL is sent by the hosts, and the options that make it. */
export interface UrlHeader {
  /** The header values in sending order (every crawler's first), e.g. `['noindex', 'googlebot: nosnippet']`. */
  values: string[];
  /** For each entry that matched: its glob or page and the option keys behind it. */
  origins: Array<{ pattern: string; keys: string[] }>;
}
/**
 * The X-Robots-Tag `page` gets from the `headers` option (its rules whose globs match the URL,
 * and with `html: true` its own tags), merged as the written header files merge them; `undefined`
 * when nothing applies. For the dev toolbar, which shows it before any file is written.
 */
export function headerForUrl(options: NormalizedHeadersOptions, page: HtmlPage): UrlHeader | undefined {
  const path = urlPath(page.url);
  const canonical = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const matching = collectEntries(options, [page]).filter(
    (entry) => entryMatches(entry, canonical) || entryMatches(entry, path),
  );
  if (matching.length === 0) return undefined;
  const values = valueList(headerValues(mergeRuleDirectives(...matching.map((entry) => entry.directives))));
  if (values.length === 0) return undefined;
  return { values, origins: matching.map((entry) => ({ pattern: entry.glob.source, keys: entry.origins })) };
}

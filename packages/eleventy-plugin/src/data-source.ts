/**
 * Where a page's value came from. Eleventy merges front matter, template and directory data
 * files and global data into one object and keeps no record of which file set what, so a bad
 * `robots` value inherited from `drafts/drafts.11tydata.json` would be reported against every
 * page that inherits it. Read only when something is wrong (an error or a warning), and for
 * the raw front matter text that YAML dates are checked against.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RobotsError, type RobotsWarning } from '@robots-kit/core/internal/build';
import { locateError } from './messages.js';
import type { EleventyConfig, EleventyPage } from './types.js';

/** Data files larger than this are not read to find a value: no real data file is. */
const MAX_DATA_FILE_BYTES = 1024 * 1024;

function readText(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.length > MAX_DATA_FILE_BYTES ? undefined : text;
  } catch {
    return undefined;
  }
}

/** gray-matter's delimiters: `---` unless `frontMatterParsingOptions.delimiters` says otherwise. */
function delimiters(config: Pick<EleventyConfig, 'frontMatterParsingOptions'> | undefined): [string, string] {
  const option = config?.frontMatterParsingOptions?.delimiters;
  if (typeof option === 'string') return [option, option];
  if (Array.isArray(option) && typeof option[0] === 'string')
    return [option[0], typeof option[1] === 'string' ? option[1] : option[0]];
  return ['---', '---'];
}

/**
 * The raw front matter of a template file (the text between the delimiters, language line
 * excluded), or `undefined` when it has none or cannot be read. Read as gray-matter reads it:
 * the opening delimiter starts the file, the closing one starts a line.
 */
export function readFrontMatterText(
  inputPath: string,
  config?: Pick<EleventyConfig, 'frontMatterParsingOptions'>,
): string | undefined {
  const text = readText(inputPath);
  if (text === undefined) return undefined;
  const [open, close] = delimiters(config);
  const body = text.replace(/^\uFEFF/, '');
  if (!body.startsWith(open)) return undefined;
  const firstLineEnd = body.indexOf('\n');
  if (firstLineEnd < 0) return undefined;
  let start = firstLineEnd + 1;
  for (let end = body.indexOf('\n', start); start < body.length; end = body.indexOf('\n', start)) {
    const line = body.slice(start, end < 0 ? body.length : end).replace(/\r$/, '');
    if (line.startsWith(close) && line.slice(close.length).trim() === '') return body.slice(firstLineEnd + 1, start);
    if (end < 0) break;
    start = end + 1;
  }
  return undefined;
}

/** What finding a value's file needs from Eleventy. */
export interface DataSourceContext {
  /** `eleventyConfig`, read when needed: data file suffixes and base name, front matter delimiters. */
  config: Pick<
    EleventyConfig,
    'frontMatterParsingOptions' | 'dataFileSuffixesOverride' | 'dataFileDirBaseNameOverride'
  >;
  /** The input and data folders of the build. */
  directories: { input: string; data?: string } | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function valueAt(value: unknown, keys: readonly string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isRecord(current) && Object.hasOwn(current, key)) current = current[key];
    else return undefined;
  }
  return current;
}
/** A file's value holds the bad value: the same JSON, or, for a list Eleventy merged with others, the bad item. */
function holds(fileValue: unknown, pageValue: unknown, badValue: unknown): boolean {
  if (fileValue === undefined) return false;
  if (JSON.stringify(fileValue) === JSON.stringify(pageValue)) return true;
  if (typeof badValue !== 'string') return false;
  if (typeof fileValue === 'string') return fileValue.includes(badValue);
  return Array.isArray(fileValue) && fileValue.some((item) => typeof item === 'string' && item.includes(badValue));
}

/** `path/to/name.md` → the data files Eleventy reads for it, most specific first (src/Data/TemplateData.js `getLocalDataPaths`). */
export function localDataFiles(inputPath: string, context: DataSourceContext): string[] {
  const config = context.config;
  const suffixes = Array.isArray(config.dataFileSuffixesOverride) ? config.dataFileSuffixesOverride : ['.11tydata', ''];
  const baseName =
    typeof config.dataFileDirBaseNameOverride === 'string' ? config.dataFileDirBaseNameOverride : undefined;
  const files = (base: string, nonEmptySuffixesOnly = false): string[] =>
    suffixes.flatMap((suffix) => {
      if (nonEmptySuffixesOnly && !suffix) return [];
      return suffix
        ? [`${base}${suffix}.json`, `${base}${suffix}.mjs`, `${base}${suffix}.cjs`, `${base}${suffix}.js`]
        : [`${base}.json`];
    });
  const parsed = path.parse(inputPath);
  // The template's name without its template extension (`post.11ty.js` → `post`), as Eleventy's extension map strips it.
  const stem = parsed.base.replace(/\.11ty\.[cm]?js$|\.[^.]+$/, '');
  const input = path.resolve(context.directories?.input ?? '.');
  const inside = (dir: string): boolean => {
    const fromInput = path.relative(input, dir);
    return fromInput !== '' && !fromInput.startsWith('..') && !path.isAbsolute(fromInput);
  };
  const result = files(path.join(parsed.dir, stem));
  for (let dir = path.resolve(parsed.dir); inside(dir); dir = path.dirname(dir)) {
    result.push(...(baseName ? files(path.join(dir, baseName), true) : files(path.join(dir, path.basename(dir)))));
  }
  if (baseName) result.push(...files(path.join(input, baseName), true));
  else if (input !== path.resolve('.')) result.push(...files(path.join(input, path.basename(input))));
  return result;
}

/**
 * Whether the page's own front matter set the bad value: it has the key at the start of a line
 * (YAML `robots:`, JSON `"robots":`, or under `eleventyComputed`) and the bad value's text, or
 * for a value that is no text, the innermost key. Eleventy merges objects and lists of data
 * files into the front matter's, so the key alone does not tell.
 */
function frontMatterSets(text: string | undefined, keys: readonly string[], badValue: unknown): boolean {
  if (text === undefined) return false;
  const key = keys[0]!;
  const mentions = text.split('\n').some((line) => {
    const trimmed = line.trimStart();
    return [`${key}:`, `"${key}":`, `'${key}':`, `${key} :`].some((start) => trimmed.startsWith(start));
  });
  if (!mentions) return false;
  if (typeof badValue === 'string' || typeof badValue === 'number') return text.includes(String(badValue));
  // A list or object (`robots: [noindex, [nofollow]]`): its text, else the innermost key that is a name, not a list index.
  const leaves = textLeaves(badValue);
  if (leaves.length > 0) return leaves.some((leaf) => text.includes(leaf));
  return text.includes([...keys].reverse().find((name) => !/^\d+$/.test(name)) ?? key);
}
/** The strings and numbers inside a value, as text, the first few (a front matter value is small; a hostile one is not read whole). */
function textLeaves(value: unknown, found: string[] = [], depth = 0): string[] {
  if (found.length >= 8 || depth > 4) return found;
  if (typeof value === 'string' || typeof value === 'number') found.push(String(value));
  else if (Array.isArray(value)) for (const item of value.slice(0, 8)) textLeaves(item, found, depth + 1);
  else if (isRecord(value)) for (const item of Object.values(value).slice(0, 8)) textLeaves(item, found, depth + 1);
  return found;
}
const relative = (file: string): string => {
  const name = path.relative(process.cwd(), file);
  return name.startsWith('..') ? file : `./${name.split(path.sep).join('/')}`;
};

/**
 * The file that set the value at `keys` (`['robots', 'maxSnippet']`) of a page's data: its own
 * front matter, a template or directory data file, or a global data file named after the key.
 * JSON files are read and compared; a JavaScript data file is named when it exists and mentions
 * the key. `undefined` when none did (`addGlobalData`, computed data, a data file under another name).
 */
export function findValueSource(
  page: Pick<EleventyPage, 'inputPath'>,
  data: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  badValue: unknown,
  context: DataSourceContext,
): string | undefined {
  const [key] = keys;
  if (key === undefined) return undefined;
  if (frontMatterSets(readFrontMatterText(page.inputPath, context.config), keys, badValue)) return page.inputPath;
  const pageValue = valueAt(data, keys);
  // Eleventy reports its folders relative to the working directory.
  const dataDir = context.directories?.data === undefined ? undefined : path.resolve(context.directories.data);
  const globals =
    dataDir === undefined
      ? []
      : ['.json', '.mjs', '.cjs', '.js'].map((extension) => path.join(dataDir, `${key}${extension}`));
  for (const file of [...localDataFiles(page.inputPath, context), ...globals]) {
    if (!existsSync(file)) continue;
    const text = readText(file);
    if (text === undefined) continue;
    const isGlobal = globals.includes(file);
    if (file.endsWith('.json')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
      if (holds(valueAt(isGlobal ? { [key]: parsed } : parsed, keys), pageValue, badValue)) return relative(file);
    } else if (isGlobal || text.includes(key)) {
      return relative(file);
    }
  }
  return undefined;
}

/**
 * Where a problem with the page's `frontMatterKey` value is reported: the data file that set
 * it, "(inherited by <page>)", or, when Eleventy gives no way to tell, the page with that said.
 * Problems from elsewhere (options, a theme's tag) keep their source.
 */
export function valueLocation(
  details: { source?: string; key?: string; value?: unknown },
  page: Pick<EleventyPage, 'inputPath'>,
  data: Readonly<Record<string, unknown>> | undefined,
  frontMatterKey: string,
  context: DataSourceContext,
): { file: string; inherited: boolean } | undefined {
  const key = details.key;
  if (data === undefined || details.source !== page.inputPath || key === undefined) return undefined;
  if (key !== frontMatterKey && !key.startsWith(`${frontMatterKey}.`)) return undefined;
  const keys = [
    frontMatterKey,
    ...key
      .slice(frontMatterKey.length + 1)
      .split('.')
      .filter(Boolean),
  ];
  const file = findValueSource(page, data, keys, details.value, context);
  if (file === page.inputPath) return undefined;
  return file === undefined ? { file: page.inputPath, inherited: false } : { file, inherited: true };
}

/** A RobotsError about an inherited value, re-sourced to the file that set it, or said to be inherited. */
export function locateInheritedError(
  error: RobotsError,
  page: Pick<EleventyPage, 'inputPath'>,
  data: Readonly<Record<string, unknown>> | undefined,
  frontMatterKey: string,
  context: DataSourceContext,
): RobotsError {
  const location = valueLocation(error.details, page, data, frontMatterKey, context);
  if (location === undefined) return error;
  const source = location.inherited
    ? `${location.file} (inherited by ${page.inputPath})`
    : `inherited by ${page.inputPath} (from global data, \`addGlobalData\` or computed data)`;
  return error.withContext({ source });
}

/** A warning about an inherited value, named after the data file alone so that it is logged once for all the pages that inherit it. */
export function locateInheritedWarning(
  warning: RobotsWarning,
  page: Pick<EleventyPage, 'inputPath'>,
  data: Readonly<Record<string, unknown>> | undefined,
  frontMatterKey: string,
  context: DataSourceContext,
): string {
  const location = valueLocation(warning, page, data, frontMatterKey, context);
  if (location === undefined) return warning.message;
  const source = location.inherited
    ? location.file
    : `inherited by ${page.inputPath} (from global data, \`addGlobalData\` or computed data)`;
  return new RobotsError({ ...warning, source }).message;
}

/**
 * A page's error, as the transform and the sitemap filter report it: a RobotsError about a value
 * the page inherited names the file that set it; any other gets the page's file (or `fallback`).
 */
export function locatePageError(
  error: unknown,
  page: Pick<EleventyPage, 'inputPath'>,
  data: Readonly<Record<string, unknown>> | undefined,
  frontMatterKey: string,
  context: DataSourceContext,
  fallback?: string,
): unknown {
  if (!(error instanceof RobotsError)) return error;
  const located = page.inputPath ? locateInheritedError(error, page, data, frontMatterKey, context) : error;
  // A layer of the data cascade read apart (data-cascade.ts) already names its own file.
  const own = error.details.source;
  const layer = own !== undefined && own !== page.inputPath && own !== fallback && own !== 'options';
  return locateError(located, located === error && !layer ? page.inputPath || fallback : undefined);
}

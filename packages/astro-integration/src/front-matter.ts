/**
 * Reading the robots key from the front matter of content files (Markdown, MDX, Markdoc)
 * under `srcDir`, in Node at build and dev time, with the parser Astro uses. The Vite
 * plugin hands the result to the middleware, which never reads files itself.
 */
import { extractFrontmatter, parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { restoreImpossibleYamlDates } from '@robots-kit/core/internal/build';
import { AstroError } from 'astro/errors';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { PACKAGE_NAME } from './errors.js';

/**
 * The values under `keys` (the robots key, and the keys `noindex.data` compares) in the front
 * matter of every content file under `srcDir` that has at least one of them, keyed by
 * root-relative path. Files without any are left out, so the map stays as small as the number
 * of pages that say something about themselves.
 */
export async function scanFrontMatter(
  root: string,
  srcDir: string,
  keys: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const files = await listContentFiles(srcDir);
  const values = await mapBounded(files, OPEN_FILES, (file) => readFrontMatterValues(root, file, keys));
  const result = new Map<string, Record<string, unknown>>();
  files.forEach((file, i) => {
    const read = values[i];
    if (read !== undefined) result.set(rootRelativePath(root, file), read);
  });
  return result;
}

/**
 * How many content files are read at once. Reading every file of a large site at once opened
 * one descriptor per file: 400 Markdown files failed with EMFILE under macOS's default limit of
 * 256, where Astro alone builds. Sixteen keep the disk busy and leave the rest to Astro.
 */
const OPEN_FILES = 16;

/** `map` over `items` with at most `limit` calls of `task` pending at once; results in input order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Files whose front matter Astro reads: its Markdown extensions, MDX and Markdoc.
 * Other page types (`.astro`, `.html`, endpoints) set directives through `Astro.locals.robots`.
 */
const CONTENT_FILE_EXTENSIONS: readonly string[] = [
  '.md',
  '.markdown',
  '.mdown',
  '.mkdn',
  '.mkd',
  '.mdwn',
  '.mdx',
  '.mdoc',
];

export function isContentFile(path: string): boolean {
  const lower = path.toLowerCase();
  return CONTENT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** Every Markdown/MDX/Markdoc file under `dir` (pages and content collections alike), absolute paths. */
async function listContentFiles(dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    // No `src/` at all is a site without content files; any other failure would hide every file's robots.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => isContentFile(entry) && !entry.split(/[\\/]/).includes('node_modules'))
    .map((entry) => join(dir, entry))
    .sort();
}

/**
 * Reads `keys` of a Markdown/MDX file's front matter with the parser Astro itself uses
 * (YAML between `---`, TOML between `+++`), so each value is what the page sees; undefined when
 * the front matter has none of them. A file that is gone (deleted since the folder was listed)
 * or whose front matter does not parse yields undefined too: Astro reports broken front matter
 * itself, with a code frame. Any other read error (no permission, too many open files) throws,
 * naming the file: its robots value would otherwise be lost without a word.
 */
async function readFrontMatterValues(
  root: string,
  file: string,
  keys: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new AstroError(
      `[${PACKAGE_NAME}] Cannot read \`${rootRelativePath(root, file)}\` to find its \`${keys[0]}\` front matter: ${(error as Error).message}`,
      code === 'EMFILE' || code === 'ENFILE'
        ? 'The process ran out of file descriptors: raise the limit (`ulimit -n 4096`) and build again.'
        : 'Make the file readable by the user running Astro, or move it out of `src/`.',
    );
  }
  try {
    // Astro's own split of the front matter from the page: none, or none of the keys in it, reads as no values.
    const raw = extractFrontmatter(source);
    if (raw === undefined || !mayHaveKeys(raw, keys)) return undefined;
    const { frontmatter } = parseFrontmatter(source, { frontmatter: 'preserve' });
    const found = keys.filter((key) => Object.hasOwn(frontmatter, key));
    // YAML rolls an unquoted impossible date (`2030-02-30`) over to a real one: put it back as written, so it fails as it does quoted.
    return found.length === 0
      ? undefined
      : Object.fromEntries(found.map((key) => [key, restoreImpossibleYamlDates(frontmatter[key], source)]));
  } catch {
    return undefined;
  }
}

/**
 * Whether front matter as written (`rawFrontmatter`, between its fences) can hold one of `keys`:
 * false only when no key is written in it as it is and it has no backslash (a quoted YAML or TOML
 * key can spell a name with escapes, `"\\x72obots"`). Most content files say nothing about
 * robots, and parsing their YAML was most of what reading them cost (1,000 blog posts: about
 * 28 ms of a 6 s build).
 */
export function mayHaveKeys(rawFrontmatter: string, keys: readonly string[]): boolean {
  return rawFrontmatter.includes('\\') || keys.some((key) => rawFrontmatter.includes(key));
}

/**
 * A file path relative to the project root with `/` separators: the form Astro uses for
 * route entrypoints (`src/pages/about.md`) and content entries' `filePath`.
 */
export function rootRelativePath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

/**
 * Reading the robots key from the front matter of content files (Markdown, MDX, Markdoc)
 * under `srcDir`, in Node at build and dev time, with the parser Astro uses. The Vite
 * plugin hands the result to the middleware, which never reads files itself.
 */
import { extractFrontmatter, parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { restoreImpossibleYamlDates } from '@robots-kit/core/build';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

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
  const values = await Promise.all(files.map((file) => readFrontMatterValues(file, keys)));
  const result = new Map<string, Record<string, unknown>>();
  files.forEach((file, i) => {
    const read = values[i];
    if (read !== undefined) result.set(rootRelativePath(root, file), read);
  });
  return result;
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
  } catch {
    return [];
  }
  return entries
    .filter((entry) => isContentFile(entry) && !entry.split(/[\\/]/).includes('node_modules'))
    .map((entry) => join(dir, entry))
    .sort();
}

/**
 * Reads `keys` of a Markdown/MDX file's front matter with the parser Astro itself uses
 * (YAML between `---`, TOML between `+++`), so each value is what the page sees; undefined when
 * the front matter has none of them. A file that is gone or whose front matter does not parse
 * yields undefined too: Astro reports broken front matter itself, with a code frame.
 */
async function readFrontMatterValues(
  file: string,
  keys: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    return undefined;
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

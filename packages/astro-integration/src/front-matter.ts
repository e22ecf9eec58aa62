/**
 * Reading the robots key from the front matter of content files (Markdown, MDX, Markdoc)
 * under `srcDir`, in Node at build and dev time, with the parser Astro uses. The Vite
 * plugin hands the result to the middleware, which never reads files itself.
 */
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * The `key` front matter value of every content file under `srcDir` that has one,
 * keyed by root-relative path. Files without the key are left out, so the map stays
 * as small as the number of pages that set their own directives.
 */
export async function scanFrontMatter(root: string, srcDir: string, key: string): Promise<Map<string, unknown>> {
  const files = await listContentFiles(srcDir);
  const values = await Promise.all(files.map((file) => readFrontMatterValue(file, key)));
  const result = new Map<string, unknown>();
  files.forEach((file, i) => {
    const read = values[i]!;
    if (read.found) result.set(rootRelativePath(root, file), read.value);
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

/** The value under `key` in a file's front matter, and whether the key is there at all. */
interface FrontMatterValue {
  found: boolean;
  value?: unknown;
}

/**
 * Reads one key of a Markdown/MDX file's front matter with the parser Astro itself uses
 * (YAML between `---`, TOML between `+++`), so the value is what the page sees.
 * A file that is gone or whose front matter does not parse yields `found: false`:
 * Astro reports broken front matter itself, with a code frame.
 */
async function readFrontMatterValue(file: string, key: string): Promise<FrontMatterValue> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    return { found: false };
  }
  try {
    const { frontmatter } = parseFrontmatter(source, { frontmatter: 'preserve' });
    return Object.hasOwn(frontmatter, key) ? { found: true, value: frontmatter[key] } : { found: false };
  } catch {
    return { found: false };
  }
}

/**
 * A file path relative to the project root with `/` separators: the form Astro uses for
 * route entrypoints (`src/pages/about.md`) and content entries' `filePath`.
 */
export function rootRelativePath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

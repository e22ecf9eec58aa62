import { readFile } from 'node:fs/promises';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';

/** The value under `key` in a file's front matter, and whether the key is there at all. */
export interface FrontMatterValue {
  found: boolean;
  value?: unknown;
}

/**
 * Reads one key of a Markdown/MDX file's front matter with the parser Astro itself uses
 * (YAML between `---`, TOML between `+++`), so the value is what the page sees.
 * A file that is gone or whose front matter does not parse yields `found: false`:
 * Astro reports broken front matter itself, with a code frame.
 */
export async function readFrontMatterValue(file: string, key: string): Promise<FrontMatterValue> {
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

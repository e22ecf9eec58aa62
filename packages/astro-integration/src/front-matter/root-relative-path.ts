import { relative, sep } from 'node:path';

/**
 * A file path relative to the project root with `/` separators: the form Astro uses for
 * route entrypoints (`src/pages/about.md`) and content entries' `filePath`.
 */
export function rootRelativePath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

/**
 * Files whose front matter Astro reads: its Markdown extensions, MDX and Markdoc.
 * Other page types (`.astro`, `.html`, endpoints) set directives through `Astro.locals.robots`.
 */
export const CONTENT_FILE_EXTENSIONS: readonly string[] = [
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

import { RobotsError } from '../errors/robots-error.js';

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

/**
 * Whether a passthrough input path is a glob rather than a file or folder: the characters
 * Eleventy's glob library (tinyglobby `isDynamicPattern`) treats as special.
 */
export function isGlobPattern(inputPath: string): boolean {
  return /[*?[\]{}()!]/.test(inputPath);
}

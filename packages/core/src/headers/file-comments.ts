import type { HeaderEntry } from './header-entry.js';

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
  if (entry.exactUrl !== undefined && entry.origins.every((origin) => origin.startsWith('page '))) return `# page ${entry.exactUrl}`;
  const listed = entry.listedFor === undefined ? '' : `, a file of ${entry.listedFor}`;
  return `# ${entry.glob.source}${listed} (${origins.join(', ')})`;
}

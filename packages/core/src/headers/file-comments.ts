import type { HeaderEntry } from './header-entry.js';

/** The first lines of every file and block we write. */
export const GENERATED_NOTICE = [
  '# X-Robots-Tag rules written by robots-kit from its `headers` option and replaced on',
  '# every build: change the option, not these lines.',
];

/** `# /files/** (headers.rules[0].path)`: which option a rule came from. */
export function entryComment(entry: HeaderEntry): string {
  const origins = entry.origins.length > 3 ? [...entry.origins.slice(0, 3), '…'] : entry.origins;
  return entry.exactUrl !== undefined && entry.origins.every((origin) => origin.startsWith('page ')) ? `# page ${entry.exactUrl}` : `# ${entry.glob.source} (${origins.join(', ')})`;
}

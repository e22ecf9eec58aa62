import { RobotsError } from '../errors/robots-error.js';
import { globEntry, type GlobEntries } from './glob-entry.js';
import { globToHeadersPatterns, type HeadersHosts } from './glob/glob-to-headers-patterns.js';
import { listedFileEntries } from './listed-file-entries.js';

/** What a direct caller of `generateHeaderFiles` can do that a user cannot. */
const GIVE_FILES = 'or give `generateHeaderFiles` the `files` of the build, and robots-kit lists the matching ones itself';

/**
 * The `_headers` entries of a rule glob: the glob itself when the patterns of `hosts`
 * express it exactly; otherwise, given the build's `files` (canonical, see
 * `buildFilePaths`), one exact entry per file it matches, none when it matches none.
 * Without `files` such a glob is refused, naming the host and what it cannot express.
 */
export function headersFileGlobEntries(hosts: HeadersHosts, files: readonly string[] | undefined, source: string): GlobEntries {
  return (located, directives) => {
    try {
      globToHeadersPatterns(located.glob, hosts, { source, key: located.key });
    } catch (error) {
      if (!(error instanceof RobotsError) || error.code !== 'unsupported-glob') throw error;
      if (files === undefined) throw new RobotsError({ ...error.details, expected: `${error.details.expected}, ${GIVE_FILES}` });
      return listedFileEntries(located, directives, files, error.details.problem, source);
    }
    return globEntry(located, directives);
  };
}

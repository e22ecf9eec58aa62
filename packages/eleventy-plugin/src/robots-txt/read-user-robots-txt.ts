import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RobotsError } from '@robots-kit/core';
import { PLUGIN_NAME } from '../plugin-name.js';

/** The user's own robots.txt, to merge into the generated one. */
export interface UserRobotsTxt {
  text: string;
  /** The file it was read from, relative to the working directory. */
  source: string;
  /** Other robots.txt files found with different content, which were not merged. */
  ignored: string[];
}

function readIfFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw new RobotsError({
      code: 'robots-txt-unreadable',
      package: PLUGIN_NAME,
      source: file,
      problem: `could not read the site's own robots.txt (${code ?? String(error)})`,
      expected: 'a readable file, or `robotsTxt: false` in the plugin options to write none',
    });
  }
}

/**
 * Reads the first of the candidate files that exists. Read on every build, so edits show
 * up in `--serve`. Two different files cannot both become `/robots.txt`: the first wins and
 * the others are reported.
 */
export function readUserRobotsTxt(candidates: Iterable<string>): UserRobotsTxt | undefined {
  let found: UserRobotsTxt | undefined;
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const absolute = path.resolve(candidate);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const text = readIfFile(absolute);
    if (text === undefined) continue;
    const source = path.relative(process.cwd(), absolute) || candidate;
    if (!found) found = { text, source, ignored: [] };
    else if (text !== found.text) found.ignored.push(source);
  }
  return found;
}

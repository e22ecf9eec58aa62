import { statSync } from 'node:fs';
import path from 'node:path';
import type { EleventyDirectories, EleventyPassthroughEntry } from '../eleventy-types.js';
import { isGlobPattern } from './is-glob-pattern.js';
import { passthroughTarget } from './passthrough-target.js';

const ROBOTS_TXT = 'robots.txt';

function isFolder(inputPath: string): boolean {
  try {
    return statSync(inputPath).isDirectory();
  } catch {
    return /[\\/]$/.test(inputPath);
  }
}

/** The entry's `filter` with `robots.txt` at the folder's top level taken out (`@11ty/recursive-copy` reads `!` patterns as exclusions). */
function withoutRobotsTxt(filter: unknown): unknown[] {
  const kept = filter === undefined ? ['**'] : Array.isArray(filter) ? filter : [filter];
  return [...kept, `!${ROBOTS_TXT}`];
}

/**
 * Takes over the passthrough copies that would write the site's `robots.txt`, so the
 * plugin can merge the user's file into the one it writes instead of racing it (Eleventy
 * writes templates and copies files at the same time, and checks no conflict between them).
 * Runs when the plugin is added, after the site's own config function (src/TemplateConfig.js
 * `processPlugins`):
 * - a file entry copied to `/robots.txt` (`addPassthroughCopy('src/robots.txt')`,
 *   `{ 'assets/robots.txt': '/' }`) is removed;
 * - a folder copied to the site root (`{ public: '/' }`) keeps copying everything but its
 *   top-level `robots.txt`.
 * Globs are left alone: what they match is only known at copy time (see `noteCopiedRobotsTxt`).
 *
 * @returns the user's robots.txt files, whether they exist yet or not, to read on each build.
 */
export function claimPassthroughRobotsTxt(entries: Record<string, EleventyPassthroughEntry>, directories: EleventyDirectories): string[] {
  const siteRobotsTxt = path.resolve(directories.output, ROBOTS_TXT);
  const claimed: string[] = [];
  for (const [inputPath, entry] of Object.entries(entries)) {
    if (isGlobPattern(inputPath) || typeof entry !== 'object' || entry === null) continue;
    const folder = isFolder(inputPath);
    const target = passthroughTarget(inputPath, entry, directories, folder);
    if (folder && target === path.resolve(directories.output)) {
      entries[inputPath] = { ...entry, copyOptions: { ...entry.copyOptions, filter: withoutRobotsTxt(entry.copyOptions?.filter) } };
      claimed.push(path.join(inputPath, ROBOTS_TXT));
    } else if (!folder && target === siteRobotsTxt) {
      delete entries[inputPath];
      claimed.push(inputPath);
    }
  }
  return claimed;
}

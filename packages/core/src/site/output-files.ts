/**
 * Adapter plumbing for output files: listing them, mapping URLs to files, writing atomically.
 * The header file writer (`write-header-files.ts`) builds on these; it is a module of its own so
 * that a build writing only robots.txt loads none of the header writers.
 */
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  readdirSync,
  existsSync,
  statSync,
  readFileSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { RobotsError } from '../errors.js';
import { urlPath } from '../glob.js';

/** What writing a file did: it was new, its content changed, or it already held these bytes (then it is not touched). */
export type WriteStatus = 'created' | 'updated' | 'unchanged';
/** Where a write to `path` lands: the target of a symbolic link (followed to the end), so the link stays a link. */
export function writeTarget(path: string): string {
  let target = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    const info = lstatSync(target, { throwIfNoEntry: false });
    if (!info?.isSymbolicLink()) return target;
    try {
      return realpathSync(target);
    } catch {
      target = resolve(dirname(target), readlinkSync(target)); // a link to a file not made yet
    }
  }
  return target;
}
const TEMPORARY = /^\.(.+)\.(\d+)\.(\d+)\.tmp$/;
/** A stale temporary file: its writer is gone (killed mid-write) or it is a day old. */
function isStale(name: string, folder: string): boolean {
  const [, , pid, time] = TEMPORARY.exec(name) ?? [];
  if (pid === undefined) return false;
  if (Date.now() - Number(time) > 24 * 60 * 60 * 1000) return true;
  if (Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (
      (error as NodeJS.ErrnoException).code === 'ESRCH' &&
      statSync(join(folder, name), { throwIfNoEntry: false })?.isFile() === true
    );
  }
}
/** Removes the temporary files a killed run left for `file` (`.robots.txt.<pid>.<time>.tmp`). */
function removeStaleTemporaries(folder: string, file: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names)
    if (TEMPORARY.exec(name)?.[1] === file && isStale(name, folder)) rmSync(join(folder, name), { force: true });
}
/** The file at `target`, undefined when there is none. Throws RobotsError when a folder (or a device…) is there. */
export function existingFile(target: string): Stats | undefined {
  const info = statSync(target, { throwIfNoEntry: false });
  if (info && !info.isFile()) {
    throw new RobotsError({
      code: 'not-a-file',
      source: target,
      value: target,
      problem: `${info.isDirectory() ? 'a folder' : 'something other than a file'} is where robots-kit writes a file, at`,
      expected: 'a file, or nothing, at that path: move or rename what is there',
    });
  }
  return info;
}
/**
 * Writes through a temporary file in the same folder and renames it into place, so a
 * failure midway leaves the old file whole, never a half-written one. A symbolic link is
 * followed (its target is replaced, the link stays), the file keeps its mode, and a file that
 * already holds these bytes is not touched at all (watchers see no change). Temporary files a
 * killed run left behind are removed. Throws RobotsError when a folder is in the way.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): WriteStatus {
  const target = writeTarget(path);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const existing = existingFile(target);
  if (existing && existing.size === bytes.length && Buffer.from(bytes).equals(readFileSync(target))) return 'unchanged';
  const folder = dirname(target);
  mkdirSync(folder, { recursive: true });
  removeStaleTemporaries(folder, basename(target));
  const temporary = join(folder, `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, bytes);
    if (existing) chmodSync(temporary, existing.mode & 0o7777);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return existing ? 'updated' : 'created';
}

/**
 * The URL path of every file in a build output folder (`/files/guide.pdf`, `/index.html`),
 * sorted: what `generateHeaderFiles` needs as `files` to list the files of a glob a host
 * cannot express.
 */
export function listOutputFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + relative(dir, `${entry.parentPath}${sep}${entry.name}`).split(sep).join('/'))
    .sort();
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
/**
 * The built HTML file a URL is served from: `/a/` → `a/index.html`, `/a` → `a.html` or
 * `a/index.html`, `/a.html` → `a.html`. `base` is the site's base path. Undefined when none exists.
 */
export function outputFileForUrl(dir: string, url: string, base = '/'): string | undefined {
  let path = urlPath(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  const prefix = base.replace(/\/+$/, '');
  if (prefix && path.startsWith(prefix + '/')) path = path.slice(prefix.length);
  if (path.split('/').includes('..')) return undefined;
  const relative = path.replace(/^\/+/, '');
  const candidates =
    relative === '' || relative.endsWith('/')
      ? [join(relative, 'index.html')]
      : [relative, `${relative}.html`, join(relative, 'index.html')];
  return candidates.map((candidate) => join(dir, candidate)).find(isFile);
}

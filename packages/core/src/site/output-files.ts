/**
 * Adapter plumbing for output files: listing them, mapping URLs to files, writing atomically,
 * writing header files.
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
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RobotsError } from '../errors.js';
import { urlPath } from '../glob.js';
import { generateHeaderFiles, type HeaderFile, type HeaderFileBase } from '../headers/generate.js';
import type { HtmlPage } from '../headers/plan.js';
import { noteStaleHeaderFiles } from '../audit/site-urls.js';

/** What writing a file did: it was new, its content changed, or it already held these bytes (then it is not touched). */
export type WriteStatus = 'created' | 'updated' | 'unchanged';
/** Where a write to `path` lands: the target of a symbolic link (followed to the end), so the link stays a link. */
function writeTarget(path: string): string {
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
function existingFile(target: string): Stats | undefined {
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

export interface WriteHeaderFilesContext {
  indexable: boolean;
  /** The built HTML pages and their tags, for `headers.html`. Default: none. */
  pages?: Iterable<HtmlPage>;
  /** The build output folder: `_headers`, `.htaccess` and the nginx snippet go here. */
  outputDir: string;
  /** The project root: Vercel's files go here, beside `vercel.json`. */
  projectDir: string;
  /** Where the options were written, for error messages. Default: `options`. */
  source?: string;
  /** The URL path the output folder is served at (`pathPrefix`, `base`), for Apache's and nginx's patterns (see `HeaderFilesContext.servedAt`). Default: `/`. */
  servedAt?: string;
}
/** A file's text and how to write it back: UTF-8 when it is valid UTF-8, otherwise byte for byte (as Latin-1). */
interface ReadFile {
  text: string;
  encoding: 'utf8' | 'latin1';
}
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function readIfPresent(file: string): ReadFile | undefined {
  const info = existingFile(writeTarget(file));
  if (!info) return undefined;
  const bytes = readFileSync(file);
  try {
    // `ignoreBOM` keeps a byte order mark in the text, so it is written back.
    return { text: utf8.decode(bytes), encoding: 'utf8' };
  } catch {
    return { text: bytes.toString('latin1'), encoding: 'latin1' };
  }
}
/** A header file's bytes, in the encoding its existing file was read in. */
function encode(file: HeaderFile & { absolutePath: string }, encoding: ReadFile['encoding']): Buffer {
  // Our lines are ASCII; a file that is not UTF-8 keeps every byte of its own.
  if (encoding === 'latin1' && /[^\u0000-\u00ff]/.test(file.content)) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file.absolutePath,
      key: 'headers',
      value: file.path,
      problem: 'the existing file is not UTF-8, and the lines to merge into it are not Latin-1',
      expected: 'the file saved as UTF-8',
    });
  }
  return Buffer.from(file.content, encoding);
}
/** Whether `path` is `folder` or inside it (both real paths). */
function isInside(path: string, folder: string): boolean {
  const from = relative(folder, path);
  return from === '' || (!from.startsWith(`..${sep}`) && from !== '..' && !isAbsolute(from));
}
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder);
  }
}
/**
 * Refuses a header file that is a symbolic link to a file outside the project and the output
 * folder (writing through it would change a file the build does not own, and get round
 * `mergeInto` staying inside the project), or that is read-only (someone made it so on
 * purpose: replacing it would undo that without a word).
 */
function checkWritable(path: string, folders: readonly string[]): void {
  const target = writeTarget(path);
  if (target !== resolve(path) && !folders.some((folder) => isInside(target, realFolder(folder)))) {
    throw new RobotsError({
      code: 'unsafe-header-file',
      source: path,
      value: target,
      problem:
        'the header file is a symbolic link to a file outside the project, which robots-kit does not write through, to',
      expected:
        'a regular file (or none) at that path: replace the link with a copy of the file, or point it inside the project',
    });
  }
  const info = statSync(target, { throwIfNoEntry: false });
  if (info?.isFile() && (info.mode & 0o222) === 0) {
    throw new RobotsError({
      code: 'read-only-header-file',
      source: target,
      value: `mode ${(info.mode & 0o777).toString(8)}`,
      problem: 'the header file is read-only, so robots-kit does not replace it',
      expected: `a writable file (\`chmod u+w ${basename(target)}\`), or \`headers.targets\` without the target that writes it`,
    });
  }
}
/**
 * Generates the header files of every target after a build and writes each atomically,
 * merged into the file already there. The built files are listed so that a glob a host
 * cannot express (`**\/*.pdf` for `_headers`) becomes one exact rule per matching file.
 * Bytes outside robots-kit's block never change, in any encoding: a file that is not UTF-8
 * is edited byte for byte. Returns each file, with its absolute path and what writing it did
 * (a file whose content is already the same is not written again), for the build log.
 */
export function writeHeaderFiles(
  headers: unknown,
  context: WriteHeaderFilesContext,
): Array<HeaderFile & { absolutePath: string; changed: boolean; status: WriteStatus }> {
  const folder = (base: HeaderFileBase) => (base === 'output' ? context.outputDir : context.projectDir);
  const encodings = new Map<string, ReadFile['encoding']>();
  const files = generateHeaderFiles(headers, {
    indexable: context.indexable,
    pages: [...(context.pages ?? [])],
    files: listOutputFiles(context.outputDir),
    readExisting: (path, base) => {
      const read = readIfPresent(join(folder(base), path));
      if (read) encodings.set(join(folder(base), path), read.encoding);
      return read?.text;
    },
    ...(context.source === undefined ? {} : { source: context.source }),
    ...(context.servedAt === undefined ? {} : { servedAt: context.servedAt }),
  });
  const stale: string[] = [];
  const written = files.map((file) => {
    const absolutePath = join(folder(file.base), file.path);
    checkWritable(absolutePath, [context.projectDir, context.outputDir]);
    const status = writeFileAtomic(
      absolutePath,
      encode({ ...file, absolutePath }, encodings.get(absolutePath) ?? 'utf8'),
    );
    // A file the host read before this build is current when unchanged: nothing to tell then.
    const { readBeforeBuild, note, ...rest } = file;
    if (readBeforeBuild && status !== 'unchanged') stale.push(file.path);
    const told = readBeforeBuild && status === 'unchanged' ? {} : note === undefined ? {} : { note };
    return { ...rest, ...told, absolutePath, changed: status !== 'unchanged', status };
  });
  // For the audit's `vercel-json-stale`, through the build manifest (`robots-kit check` reads it too).
  noteStaleHeaderFiles(context.outputDir, stale);
  return written;
}

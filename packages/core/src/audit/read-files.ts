/**
 * Reading a built folder safely: regular files inside the folder only, bounded sizes, UTF-8,
 * skipped files with reasons.
 */
import { open, realpath, stat } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, type Dirent, type Stats } from 'node:fs';
import type { SkippedFile } from './types.js';

/**
 * A copy of `text` that does not keep the string it was cut from alive, for what outlives its
 * page or log chunk: an engine may keep a slice as a view into its parent, so a 30-character
 * attribute value could pin a whole page. A string decoded from bytes shares nothing with any
 * other string, whatever the engine; UTF-16 code units round-trip exactly, lone surrogates too.
 */
export function ownString(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** `cannot be read (EACCES)`: the reason a file or folder was skipped, from a Node.js file-system error. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? `cannot be read (${code})` : 'cannot be read';
}

export type TextFileResult = { text: string; skipped?: undefined } | { text?: undefined; skipped: string };
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Where strict UTF-8 decoding fails: the offset of the first byte that is not part of a valid sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const byte = bytes[i]!;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte <= 0xdf
          ? 2
          : byte >= 0xe0 && byte <= 0xef
            ? 3
            : byte >= 0xf0 && byte <= 0xf4
              ? 4
              : 0;
    if (length === 0) return i;
    try {
      utf8.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}
/** Strict UTF-8 (a byte order mark is dropped), or why not: UTF-16, or the first byte that is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): TextFileResult {
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
      return { skipped: 'UTF-16 (it has a UTF-16 byte order mark), not UTF-8' };
    const offset = firstInvalidUtf8(bytes);
    return {
      skipped: `not valid UTF-8 (byte 0x${bytes[offset]?.toString(16).padStart(2, '0') ?? '??'} at offset ${offset}; Latin-1 or Windows-1252?)`,
    };
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
/** What a file that is not a regular file is, for skip reasons. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
/** Why a path cannot be followed to a file, from the error `realpath` or `stat` gave. */
function describeMissing(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
  if (code === 'ELOOP') return 'a symbolic link loop';
  return describeFsError(error);
}
const realRoots = new Map<string, Promise<string>>();
/** The real path of an audited folder, once per folder. */
function realRoot(root: string): Promise<string> {
  let real = realRoots.get(root);
  if (!real) {
    if (realRoots.size > 100) realRoots.clear();
    realRoots.set(root, (real = realpath(root).catch(() => path.resolve(root))));
  }
  return real;
}
function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
/**
 * A file's bytes, size-checked before reading so a huge file is never loaded; or why not:
 * `missing`, a symbolic link loop, a link out of `within` (the audited folder, when given),
 * not a regular file (a named pipe would block the read forever), unreadable, or larger than
 * `maxBytes`. Never throws for a file problem.
 */
export async function readBytes(
  file: string,
  maxBytes: number,
  within?: string,
): Promise<Uint8Array | { skipped: string }> {
  let real: string;
  let info: Stats;
  try {
    real = await realpath(file);
    info = await stat(real);
  } catch (error) {
    return { skipped: describeMissing(error) };
  }
  if (within !== undefined && !isInside(await realRoot(within), real))
    return { skipped: 'a symbolic link to outside the folder, not followed' };
  if (!info.isFile()) return { skipped: `${kindOf(info)}, not a file` };
  let handle;
  try {
    // Non-blocking, so that a file swapped for a named pipe since the check cannot hang the open.
    handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { skipped: describeMissing(error) };
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return { skipped: `${kindOf(opened)}, not a file` };
    if (opened.size > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (${megabytes(opened.size)})` };
    return await handle.readFile();
  } catch (error) {
    return { skipped: describeFsError(error) };
  } finally {
    await handle.close();
  }
}

/** A file's text, or why it cannot be had: see {@link readBytes}, and not UTF-8. */
export async function readTextFile(file: string, maxBytes: number, within?: string): Promise<TextFileResult> {
  const bytes = await readBytes(file, maxBytes, within);
  return bytes instanceof Uint8Array ? decodeUtf8(bytes) : bytes;
}

/** Pages up to this size are read into one reused buffer; a larger one gets its own. */
const SHARED_BUFFER_BYTES = 1024 * 1024;
let sharedBuffer: Buffer | undefined;
/**
 * The bytes of a file the folder listing found as a regular file (not through a symbolic link),
 * read synchronously into a buffer that the next call reuses; or undefined whenever anything is
 * unusual, so that the caller reads it again with {@link readTextFile}, which names the reason. Why synchronous: an audit reads a
 * folder just built, from the page cache, where each of the six asynchronous steps of
 * `readTextFile` (realpath, stat, open, stat, read, close) costs a thread-pool round trip and a
 * promise, more than reading the file; this costs four system calls and no promise. Why still
 * safe: `O_NOFOLLOW` refuses a file swapped for a link since the listing, `O_NONBLOCK` keeps a
 * named pipe from blocking the open, and the open file is checked to be a regular file no
 * larger than `maxBytes` before it is read.
 */
export function readListedFileSync(file: string, maxBytes: number): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    // One byte more than the size, to see a file that grew since the stat.
    const capacity = Math.min(info.size, maxBytes) + 1;
    let buffer: Buffer;
    if (capacity <= SHARED_BUFFER_BYTES) buffer = sharedBuffer ??= Buffer.allocUnsafe(SHARED_BUFFER_BYTES);
    else buffer = Buffer.allocUnsafe(capacity);
    // A read of a regular file that returns less than asked for has reached its end: no further
    // read (which would return 0) is needed, a system call less per page.
    let length = 0;
    for (let read = -1, asked = -1; read === asked && length < capacity; length += read)
      read = readSync(fd, buffer, length, (asked = capacity - length), null);
    // It grew: the careful reader reads it whole and applies the limit.
    if (length === capacity) return undefined;
    return buffer.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** `root/relative`, or undefined when `relative` (already decoded) would leave `root`. */
export function resolveInside(root: string, relative: string): string | undefined {
  const base = path.resolve(root);
  const target = path.resolve(base, relative.replace(/^\/+/, ''));
  return target === base || target.startsWith(base + path.sep) ? target : undefined;
}

const HTML_EXTENSIONS = new Set(['.html', '.htm']);
/**
 * Why a symbolic link in the folder is not followed, or undefined when it leads to a file
 * inside the folder (an HTML page among them is read). Links to folders are never followed
 * (they can loop); other links are reported only when they would have been pages.
 */
async function symbolicLinkProblem(root: string, relative: string, isHtml: boolean): Promise<string | undefined> {
  let real: string;
  let target: Stats;
  try {
    real = await realpath(path.join(root, relative));
    target = await stat(real);
  } catch (error) {
    const reason = describeMissing(error);
    return isHtml ? (reason === 'missing' ? 'broken symbolic link' : reason) : undefined;
  }
  if (target.isDirectory()) return 'symbolic link to a folder, not followed';
  if (!isHtml) return undefined;
  if (!isInside(await realRoot(root), real)) return 'a symbolic link to outside the folder, not followed';
  return target.isFile() ? undefined : `a symbolic link to ${kindOf(target)}, not a file`;
}
/** Folders listed between two turns of the event loop. */
const FOLDERS_PER_TURN = 64;
export interface HtmlFileList {
  /** Relative paths with `/` separators, sorted. */
  files: string[];
  /** The files among them that are symbolic links (to files inside the folder). */
  links: Set<string>;
  /** Every other regular file a host serves (PDFs, images, feeds), sorted: not the hosts' own config files. */
  others: string[];
  skipped: SkippedFile[];
}
/** Files hosts read as configuration and do not serve. */
const HOST_CONFIG_FILES = new Set([
  '_headers',
  '_redirects',
  '_routes.json',
  '.htaccess',
  'vercel.json',
  'vercel-headers.json',
  'robots-headers.nginx.conf',
  // The build manifest (site-urls.ts): for `robots-kit check`, not a page or file of the site.
  '.robots-kit.json',
]);
/**
 * Every HTML file under `root`. Symbolic links to files are followed; links to folders are not
 * (they can loop). Folders are listed synchronously, letting the event loop run every
 * {@link FOLDERS_PER_TURN}: a site just built is in the page cache, where listing a folder
 * costs less than the thread-pool round trip and the promise of an asynchronous `readdir`
 * (a site of one folder per page spent a tenth of its audit there).
 */
export async function listHtmlFiles(root: string): Promise<HtmlFileList> {
  const files: string[] = [];
  const others: string[] = [];
  const links = new Set<string>();
  const skipped: SkippedFile[] = [];
  const pending = [''];
  for (let listed = 1; pending.length > 0; listed++) {
    const relativeDir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, relativeDir), { withFileTypes: true });
    } catch (error) {
      skipped.push({ file: relativeDir || '.', reason: `folder ${describeFsError(error)}` });
      continue;
    }
    for (const entry of entries) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      const isHtml = HTML_EXTENSIONS.has(path.extname(entry.name).toLowerCase());
      if (entry.isDirectory()) pending.push(relative);
      else if (entry.isFile()) {
        if (isHtml) files.push(relative);
        else if (!HOST_CONFIG_FILES.has(relative)) others.push(relative);
      } else if (entry.isSymbolicLink()) {
        const reason = await symbolicLinkProblem(root, relative, isHtml);
        if (reason) skipped.push({ file: relative, reason });
        else if (isHtml) {
          files.push(relative);
          links.add(relative);
        }
      } else if (isHtml)
        skipped.push({
          file: relative,
          reason: `${entry.isFIFO() ? 'a named pipe (FIFO)' : entry.isSocket() ? 'a socket' : 'a device'}, not a file`,
        });
    }
    if (listed % FOLDERS_PER_TURN === 0) await setImmediate();
  }
  files.sort();
  others.sort();
  return { files, links, others, skipped };
}

/**
 * Runs `task` for every item with at most `limit` running at once, so a large site is read
 * as a stream instead of all at once. Rejects with the first error a task throws.
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

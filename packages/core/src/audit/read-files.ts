/**
 * Reading a built folder safely: regular files inside the folder only, bounded sizes, UTF-8,
 * skipped files with reasons.
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Dirent } from 'node:fs';
import type { SkippedFile } from './types.js';

/**
 * A copy of `text` that does not keep the string it was cut from alive: V8 represents slices
 * as views into their parent, so a 30-character attribute value could pin a whole page.
 */
export function ownString(text: string): string {
  return (' ' + text).slice(1);
}

/** `cannot be read (EACCES)`: the reason a file or folder was skipped, from a Node.js file-system error. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? `cannot be read (${code})` : 'cannot be read';
}

export type TextFileResult = { text: string; skipped?: undefined } | { text?: undefined; skipped: string };
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Strict UTF-8 (a byte order mark is dropped), or why not. */
export function decodeUtf8(bytes: Uint8Array): TextFileResult {
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { skipped: 'not valid UTF-8' };
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
/**
 * A file's bytes, size-checked before reading so a huge file is never loaded; or why not:
 * `missing`, unreadable, or larger than `maxBytes`. Never throws for a file problem.
 */
export async function readBytes(file: string, maxBytes: number): Promise<Uint8Array | { skipped: string }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { skipped: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : describeFsError(error) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { skipped: 'not a file' };
    if (info.size > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (${megabytes(info.size)})` };
    return await handle.readFile();
  } catch (error) {
    return { skipped: describeFsError(error) };
  } finally {
    await handle.close();
  }
}

/** A file's text, or why it cannot be had: `missing`, unreadable, larger than `maxBytes`, or not UTF-8. */
export async function readTextFile(file: string, maxBytes: number): Promise<TextFileResult> {
  const bytes = await readBytes(file, maxBytes);
  return bytes instanceof Uint8Array ? decodeUtf8(bytes) : bytes;
}

/** `root/relative`, or undefined when `relative` (already decoded) would leave `root`. */
export function resolveInside(root: string, relative: string): string | undefined {
  const base = path.resolve(root);
  const target = path.resolve(base, relative.replace(/^\/+/, ''));
  return target === base || target.startsWith(base + path.sep) ? target : undefined;
}

const HTML_EXTENSIONS = new Set(['.html', '.htm']);
/** Folders listed at the same time: enough to keep the file-system threads busy. */
const CONCURRENT_FOLDERS = 16;
export interface HtmlFileList {
  /** Relative paths with `/` separators, sorted. */
  files: string[];
  skipped: SkippedFile[];
}
/**
 * Every HTML file under `root`, listing several folders at a time. Symbolic links to files are
 * followed; links to folders are not (they can loop).
 */
export async function listHtmlFiles(root: string): Promise<HtmlFileList> {
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  const pending = [''];
  let active = 0;

  const visit = async (relativeDir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relativeDir), { withFileTypes: true });
    } catch (error) {
      skipped.push({ file: relativeDir || '.', reason: `folder ${describeFsError(error)}` });
      return;
    }
    for (const entry of entries) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      const isHtml = HTML_EXTENSIONS.has(path.extname(entry.name).toLowerCase());
      if (entry.isDirectory()) pending.push(relative);
      else if (entry.isFile()) {
        if (isHtml) files.push(relative);
      } else if (entry.isSymbolicLink()) {
        const target = await stat(path.join(root, relative)).catch(() => undefined);
        if (target?.isDirectory()) skipped.push({ file: relative, reason: 'symbolic link to a folder, not followed' });
        else if (isHtml && !target) skipped.push({ file: relative, reason: 'broken symbolic link' });
        else if (isHtml && target?.isFile()) files.push(relative);
      }
    }
  };

  await new Promise<void>((resolve) => {
    const pump = (): void => {
      while (active < CONCURRENT_FOLDERS && pending.length > 0) {
        active++;
        const folder = pending.pop()!;
        void visit(folder)
          .catch((error: unknown) => skipped.push({ file: folder || '.', reason: `folder ${describeFsError(error)}` }))
          .then(() => {
            active--;
            pump();
          });
      }
      if (active === 0 && pending.length === 0) resolve();
    };
    pump();
  });
  files.sort();
  return { files, skipped };
}

/**
 * Runs `task` for every item with at most `limit` running at once, so a large site is read
 * as a stream instead of all at once. Rejects with the first error a task throws.
 */
export async function forEachConcurrent<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

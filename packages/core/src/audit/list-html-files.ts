import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeFsError } from './describe-fs-error.js';
import type { SkippedFile } from './skipped-file.js';

const HTML_EXTENSIONS = new Set(['.html', '.htm']);

export interface HtmlFileList {
  /** Relative paths with `/` separators, sorted. */
  files: string[];
  skipped: SkippedFile[];
}

/**
 * Every HTML file under `root`, found by walking the folders one directory handle at a time.
 * Symbolic links to files are followed; links to folders are not (they can loop).
 */
export async function listHtmlFiles(root: string): Promise<HtmlFileList> {
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  const pending = [''];
  while (pending.length > 0) {
    const relativeDir = pending.pop()!;
    let directory;
    try {
      directory = await opendir(path.join(root, relativeDir));
    } catch (error) {
      skipped.push({ file: relativeDir || '.', reason: `folder ${describeFsError(error)}` });
      continue;
    }
    for await (const entry of directory) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      const isHtml = HTML_EXTENSIONS.has(path.extname(entry.name).toLowerCase());
      if (entry.isSymbolicLink()) {
        const target = await stat(path.join(root, relative)).catch(() => undefined);
        if (target?.isDirectory()) {
          skipped.push({ file: relative, reason: 'symbolic link to a folder, not followed' });
          continue;
        }
        if (!target && isHtml) skipped.push({ file: relative, reason: 'broken symbolic link' });
        isDirectory = false;
        isFile = target?.isFile() ?? false;
      }
      if (isDirectory) pending.push(relative);
      else if (isFile && isHtml) files.push(relative);
    }
  }
  files.sort();
  return { files, skipped };
}

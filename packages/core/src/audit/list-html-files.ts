import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeFsError } from './describe-fs-error.js';
import type { SkippedFile } from './skipped-file.js';

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

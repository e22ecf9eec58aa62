import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateHeaderFiles, type HeaderFile, type HeaderFileBase } from '../headers/generate-header-files.js';
import type { HtmlPage } from '../headers/collect-entries.js';
import { listOutputFiles } from './list-output-files.js';
import { writeFileAtomic } from './write-file-atomic.js';

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
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Generates the header files of every target after a build and writes each atomically,
 * merged into the file already there. The built files are listed so that a glob a host
 * cannot express (`**\/*.pdf` for `_headers`) becomes one exact rule per matching file.
 * Returns each file written, with its absolute path, for the build log.
 */
export function writeHeaderFiles(headers: unknown, context: WriteHeaderFilesContext): Array<HeaderFile & { absolutePath: string }> {
  const folder = (base: HeaderFileBase) => (base === 'output' ? context.outputDir : context.projectDir);
  const files = generateHeaderFiles(headers, {
    indexable: context.indexable,
    pages: [...(context.pages ?? [])],
    files: listOutputFiles(context.outputDir),
    readExisting: (path, base) => readIfPresent(join(folder(base), path)),
    ...(context.source === undefined ? {} : { source: context.source }),
  });
  return files.map((file) => {
    const absolutePath = join(folder(file.base), file.path);
    writeFileAtomic(absolutePath, file.content);
    return { ...file, absolutePath };
  });
}

/**
 * Adapter plumbing for output files: listing them, mapping URLs to files, writing atomically,
 * writing header files.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync, readdirSync, existsSync, statSync, readFileSync } from 'node:fs';
import { dirname, join, basename, relative, sep } from 'node:path';
import { urlPath } from '../glob.js';
import { generateHeaderFiles, type HeaderFile, type HeaderFileBase } from '../headers/generate.js';
import type { HtmlPage } from '../headers/plan.js';

/**
 * Writes through a temporary file in the same folder and renames it into place, so a
 * failure midway leaves the old file whole, never a half-written one.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
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
  const candidates = relative === '' || relative.endsWith('/') ? [join(relative, 'index.html')] : [relative, `${relative}.html`, join(relative, 'index.html')];
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
 * Returns each file, with its absolute path and whether it changed (a file whose content is
 * already the same is not written again), for the build log.
 */
export function writeHeaderFiles(headers: unknown, context: WriteHeaderFilesContext): Array<HeaderFile & { absolutePath: string; changed: boolean }> {
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
    // A file whose content would not change is left alone: its mtime too, which watchers see.
    const changed = readIfPresent(absolutePath) !== file.content;
    if (changed) writeFileAtomic(absolutePath, file.content);
    return { ...file, absolutePath, changed };
  });
}

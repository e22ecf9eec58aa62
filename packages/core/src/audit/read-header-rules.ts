import path from 'node:path';
import { RobotsError } from '../errors/robots-error.js';
import type { HeaderRules, RobotsHeaderRule } from './header-rules.js';
import { headersFileRules } from './headers-file-rules.js';
import { htaccessRules } from './htaccess-rules.js';
import { readTextFile } from './read-text-file.js';
import { robotsHeadersFor } from './robots-headers-for.js';
import type { SkippedFile } from './skipped-file.js';
import { vercelRules } from './vercel-rules.js';

const MAX_HEADER_FILE_BYTES = 4 * 1024 * 1024;

/** Where each host reads its header rules from; `vercel.json` lives beside the output folder, in the project. */
const HEADER_FILES: ReadonlyArray<{ file: string; read: (text: string, file: string) => RobotsHeaderRule[] }> = [
  { file: '_headers', read: headersFileRules },
  { file: '.htaccess', read: htaccessRules },
  { file: 'vercel.json', read: vercelRules },
  { file: '../vercel.json', read: vercelRules },
];

/** The `X-Robots-Tag` rules of `_headers`, `.htaccess` and `vercel.json` (in the folder or its parent). */
export async function readHeaderRules(root: string): Promise<HeaderRules> {
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  const rules: RobotsHeaderRule[] = [];
  for (const { file, read } of HEADER_FILES) {
    if (file === '../vercel.json' && files.includes('vercel.json')) continue;
    const content = await readTextFile(path.join(root, file), MAX_HEADER_FILE_BYTES);
    if (content.text === undefined) {
      if (content.skipped !== 'missing') skipped.push({ file, reason: content.skipped });
      continue;
    }
    try {
      rules.push(...read(content.text, file));
      files.push(file);
    } catch (error) {
      if (!(error instanceof RobotsError)) throw error;
      skipped.push({ file, reason: error.details.problem });
    }
  }
  return { files, skipped, robotsHeadersFor: (urlPath, file) => robotsHeadersFor(rules, urlPath, file) };
}

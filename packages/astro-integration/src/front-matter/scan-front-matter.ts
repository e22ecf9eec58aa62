import { listContentFiles } from './list-content-files.js';
import { readFrontMatterValue } from './read-front-matter-value.js';
import { rootRelativePath } from './root-relative-path.js';

/**
 * The `key` front matter value of every content file under `srcDir` that has one,
 * keyed by root-relative path. Files without the key are left out, so the map stays
 * as small as the number of pages that set their own directives.
 */
export async function scanFrontMatter(root: string, srcDir: string, key: string): Promise<Map<string, unknown>> {
  const files = await listContentFiles(srcDir);
  const values = await Promise.all(files.map((file) => readFrontMatterValue(file, key)));
  const result = new Map<string, unknown>();
  files.forEach((file, i) => {
    const read = values[i]!;
    if (read.found) result.set(rootRelativePath(root, file), read.value);
  });
  return result;
}

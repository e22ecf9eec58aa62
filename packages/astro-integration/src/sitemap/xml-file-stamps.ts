import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** `.xml` files at the top of `dir`, by name, with a stamp that changes when the file is rewritten. */
export async function xmlFileStamps(dir: string): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return new Map();
  }
  const stamps = new Map<string, string>();
  for (const name of names.filter((entry) => entry.toLowerCase().endsWith('.xml'))) {
    try {
      const info = await stat(join(dir, name));
      if (info.isFile()) stamps.set(name, `${info.mtimeMs}:${info.size}:${info.ino}`);
    } catch {
      // Gone between readdir and stat: not written by the sitemap integration.
    }
  }
  return stamps;
}

/** Names in `after` that are new or whose stamp changed since `before`, sorted. */
export function changedFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  return [...after].filter(([name, stamp]) => before.get(name) !== stamp).map(([name]) => name).sort();
}

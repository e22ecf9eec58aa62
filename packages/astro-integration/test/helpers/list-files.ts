import { readdir } from 'node:fs/promises';

/** Every file under `dir`, as sorted paths relative to it with `/` separators. */
export async function listFiles(dir: URL): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      `${entry.parentPath}/${entry.name}`.slice(decodeURIComponent(dir.pathname).length).replace(/^\/+/, ''),
    )
    .sort();
}

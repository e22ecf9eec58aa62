import { fileURLToPath } from 'node:url';

/** Absolute path of a hand-written output folder under `test/fixtures/audit/`. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/audit/${name}/`, import.meta.url));
}

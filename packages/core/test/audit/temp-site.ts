import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throw-away output folder with the given files (relative path → content); remove it with `cleanup`. */
export function tempSite(files: Record<string, string | Uint8Array>): { root: string; cleanup(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'robots-kit-audit-'));
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export const PAGE = '<!DOCTYPE html><html><head><title>t</title></head><body><p>t</p></body></html>';

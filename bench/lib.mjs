import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePage } from './generate-page.mjs';

export const root = new URL('..', import.meta.url).pathname;
export const work = join(root, 'bench', '.work');

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Writes `count` generated pages once; later runs reuse them. */
export function pagesFolder(count) {
  const dir = join(work, `pages-${count}`);
  if (existsSync(dir) && readdirSync(dir).length === count) return dir;
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++)
    writeFileSync(join(dir, `${i % 10 === 0 ? 'tag' : 'post'}-${i}.html`), generatePage(i));
  return dir;
}

/** Runs a bench script in a fresh Node process and returns its JSON output. */
export function runNode(script, args, options = {}) {
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${result.stderr}`);
  // Frameworks print to stdout too: the result is the last line.
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

export function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ')).join('\n');
}

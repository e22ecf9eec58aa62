// One transform pass over a folder of pages, in its own process so its peak RSS is its own.
// argv: <dir> <mode: copy|inject|rehype> ; prints JSON { pages, ms, msPerPage, maxRssMb }.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { injectRobots, resolvePage, normalizeOptions } from '@robots-kit/core';
import { rehype } from 'rehype';

const [dir, mode] = process.argv.slice(2);
const out = `${dir}-out-${mode}`;
mkdirSync(out, { recursive: true });
const files = readdirSync(dir).filter((name) => name.endsWith('.html'));
const options = normalizeOptions({ noindex: { paths: ['/tags/**'] } }, { env: {} });
const processor = rehype();

let transformMs = 0;
const start = performance.now();
for (const name of files) {
  const html = readFileSync(join(dir, name), 'utf8');
  const before = performance.now();
  let result = html;
  if (mode === 'inject') {
    const url = name.startsWith('tag-') ? `/tags/${name}/` : `/posts/${name}/`;
    result = injectRobots(html, (existing) => resolvePage({ url, existing }, options)).html;
  } else if (mode === 'rehype') {
    result = String(processor.processSync(html));
  }
  transformMs += performance.now() - before;
  writeFileSync(join(out, name), result);
}
const ms = performance.now() - start;
process.stdout.write(
  JSON.stringify({
    pages: files.length,
    ms,
    msPerPage: ms / files.length,
    transformMsPerPage: transformMs / files.length,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);

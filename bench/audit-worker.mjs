// One audit measure in its own process: argv <dir> <variant read|tokenize|audit>. Prints CPU and
// wall time of the measured part (the imports are done before it starts). `<dir> stages [rounds]`
// prints instead the warm CPU per page of each stage of the audit (see `stages`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from 'htmlparser2';
import { auditSite } from '@robots-kit/core';

const [dir, variant] = process.argv.slice(2);
const utf8 = new TextDecoder('utf-8', { fatal: true });
const ignore = () => {};
const callbacks = Object.fromEntries(
  [
    'onattribdata',
    'onattribentity',
    'onattribend',
    'onattribname',
    'oncdata',
    'onclosetag',
    'oncomment',
    'ondeclaration',
    'onend',
    'onopentagend',
    'onopentagname',
    'onprocessinginstruction',
    'onselfclosingtag',
    'ontext',
    'ontextentity',
  ].map((name) => [name, ignore]),
);

/** The floors: list the same files, read and decode each; with `tokenize`, also run htmlparser2's tokenizer (no entity decoding, no callbacks' work) over it. */
async function floor(tokenize) {
  const files = readdirSync(dir, { recursive: true }).filter((file) => file.endsWith('.html'));
  let bytes = 0;
  for (const file of files) {
    const text = utf8.decode(readFileSync(join(dir, file)));
    bytes += text.length;
    if (tokenize) {
      const tokenizer = new Tokenizer({ decodeEntities: false }, callbacks);
      tokenizer.write(text);
      tokenizer.end();
    }
  }
  return { pages: files.length, findings: [], bytes };
}

/**
 * `stages`: where the audit's time goes, warm, in this one process: each stage over the same
 * pages in an order rotated every round (CPU per page, medians of `rounds`, after one warm-up
 * round): listing, reading the files, the UTF-8 check and Latin-1 view, the tokenizer with a
 * no-op reader, the page reader, and the whole audit.
 */
async function stages(rounds) {
  const { listHtmlFiles, readListedFileSync } = await import('../packages/core/dist/audit/read-files.js');
  const { readPageBytes } = await import('../packages/core/dist/audit/read-page.js');
  const { Tokenizer } = await import('../packages/core/dist/html/tokenizer.js');
  const { isUtf8 } = await import('node:buffer');
  const list = await listHtmlFiles(dir);
  const pages = list.files.map((file) => Buffer.from(readListedFileSync(join(dir, file), 1 << 24)));
  const views = pages.map((bytes) => bytes.toString('latin1'));
  const noop = { openTag: () => false, attribute: ignore, openTagEnd: ignore, closeTag: ignore };
  const steps = {
    list: () => listHtmlFiles(dir),
    read: () => list.files.forEach((file) => readListedFileSync(join(dir, file), 1 << 24)),
    latin1: () => pages.forEach((bytes) => isUtf8(bytes) && bytes.toString('latin1')),
    scanner: () => views.forEach((view) => new Tokenizer(view, noop).run()),
    reader: () => pages.forEach((bytes) => readPageBytes(bytes)),
    audit: () => auditSite(dir, { site: 'https://example.com' }),
  };
  const names = Object.keys(steps);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const name of names.map((_, i) => names[(i + round) % names.length])) {
      const cpu = process.cpuUsage();
      await steps[name]();
      const used = process.cpuUsage(cpu);
      if (round > 0) samples[name].push((used.user + used.system) / pages.length);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  return {
    pages: pages.length,
    findings: [],
    usPerPage: Object.fromEntries(names.map((name) => [name, median(samples[name])])),
  };
}

if (variant === 'stages') {
  process.stdout.write('\n' + JSON.stringify(await stages(Number(process.argv[4] ?? 5))));
  process.exit(0);
}

const start = performance.now();
const cpuStart = process.cpuUsage();
const result =
  variant === 'audit'
    ? await auditSite(dir, { site: 'https://example.com' }).then((report) => ({
        pages: report.pages.length,
        findings: [...new Set(report.findings.map((f) => f.id))],
      }))
    : await floor(variant === 'tokenize');
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
process.stdout.write('\n' + JSON.stringify({ ...result, ms, cpuMs: (cpu.user + cpu.system) / 1000 }));

// One audit measure in its own process: argv <dir> <variant read|tokenize|audit>. Prints CPU and
// wall time of the measured part (the imports are done before it starts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from 'htmlparser2';
import { auditSite } from '@robots-kit/core';

const [dir, variant] = process.argv.slice(2);
const utf8 = new TextDecoder('utf-8', { fatal: true });
const ignore = () => {};
const callbacks = Object.fromEntries(
  ['onattribdata', 'onattribentity', 'onattribend', 'onattribname', 'oncdata', 'onclosetag', 'oncomment', 'ondeclaration', 'onend', 'onopentagend', 'onopentagname', 'onprocessinginstruction', 'onselfclosingtag', 'ontext', 'ontextentity'].map((name) => [name, ignore]),
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

const start = performance.now();
const cpuStart = process.cpuUsage();
const result =
  variant === 'audit'
    ? await auditSite(dir, { site: 'https://example.com' }).then((report) => ({ pages: report.pages.length, findings: [...new Set(report.findings.map((f) => f.id))] }))
    : await floor(variant === 'tokenize');
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
process.stdout.write('\n' + JSON.stringify({ ...result, ms, cpuMs: (cpu.user + cpu.system) / 1000 }));

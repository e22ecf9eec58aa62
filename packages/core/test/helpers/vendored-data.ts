/**
 * Third-party test data vendored under `test/fixtures/vendor/` (each folder has its licence and
 * origin): the html5lib tree-construction documents and the robots.txt conformance cases. A
 * fresh clone runs every conformance test; a missing file is an error, never a skip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const vendorFolder = fileURLToPath(new URL('../fixtures/vendor/', import.meta.url));

/** The html5lib-tests tree-construction `.dat` files (MIT), as vendored. */
export const HTML5LIB_FOLDER = join(vendorFolder, 'html5lib');

/** The robots.txt conformance cases (Google's robotstxt expectations and RFC 9309 examples). */
export const ROBOTSTXT_CASES_FILE = join(vendorFolder, 'robotstxt-conformance', 'robotstxt-cases.json');

/** Every `#data` document of the html5lib corpus, with the file it came from. */
export function html5libDocuments(): Array<{ file: string; html: string }> {
  const documents: Array<{ file: string; html: string }> = [];
  const files = readdirSync(HTML5LIB_FOLDER)
    .filter((name) => name.endsWith('.dat'))
    .sort();
  if (files.length === 0) throw new Error(`no .dat file in ${HTML5LIB_FOLDER}`);
  for (const file of files) {
    let lines: string[] | undefined;
    for (const line of readFileSync(join(HTML5LIB_FOLDER, file), 'utf8').split('\n')) {
      if (line === '#data') {
        lines = [];
      } else if (lines && /^#(errors|new-errors|document|document-fragment|script-on|script-off)$/.test(line)) {
        documents.push({ file, html: lines.join('\n') });
        lines = undefined;
      } else if (lines) {
        lines.push(line);
      }
    }
  }
  return documents;
}

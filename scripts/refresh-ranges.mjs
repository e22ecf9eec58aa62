// Refreshes the IP range snapshots that @robots-kit/logs ships (packages/logs/ranges/) from the
// operators' published files: every source of RANGE_SOURCES is read, each prefix checked strictly
// (one malformed prefix fails its snapshot, which is then left as it was), and each snapshot written
// atomically, complete and dated by the operator's `creationTime` (or today).
//
//   npm run build && node scripts/refresh-ranges.mjs                  # from the operators (network)
//   node scripts/refresh-ranges.mjs --from <dir> [--out <dir>]        # from files already downloaded,
//                                                                     # named as the URLs end
// Prints one line per snapshot; exits 1 when any failed. Run it before a release, and commit the
// snapshots with the date in the message.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { from: { type: 'string' }, out: { type: 'string' }, only: { type: 'string', multiple: true } },
});
const { RANGE_SOURCES, updateRangeSnapshots } = await import(path.join(root, 'packages/logs/dist/index.js'));
const out = path.resolve(values.out ?? path.join(root, 'packages/logs/ranges'));
const sources = Object.fromEntries(
  Object.entries(RANGE_SOURCES).filter(([id]) => !values.only || values.only.includes(id)),
);
const from = values.from === undefined ? undefined : path.resolve(values.from);
// From a folder: the file named as the URL ends, read with the same size cap as a download.
const readLocal = async (url, maxBytes) => {
  const text = await readFile(path.join(from, path.basename(new URL(url).pathname)), 'utf8');
  if (Buffer.byteLength(text) > maxBytes) throw new Error(`${url} is larger than ${maxBytes} bytes`);
  return text;
};
const results = await updateRangeSnapshots(out, { sources, ...(from ? { read: readLocal } : {}) });
for (const result of results) {
  process.stdout.write(
    result.error
      ? `✘ ${result.id}: ${result.error}\n`
      : `✔ ${result.id}: ${result.prefixes} prefixes, dated ${result.date}\n`,
  );
}
process.exitCode = results.some((result) => result.error) ? 1 : 0;

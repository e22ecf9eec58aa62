/**
 * `scripts/refresh-ranges.mjs` on local sample files shaped like the operators' (no network): it
 * writes complete, dated snapshots that load back, and a file with one malformed prefix fails its
 * snapshot (exit 1), leaving the previous one as it was.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRangeSnapshots } from '../src/ip-ranges.js';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/refresh-ranges.mjs');
const published = (creationTime: string, prefixes: string[]) =>
  JSON.stringify({
    creationTime,
    prefixes: prefixes.map((prefix) => (prefix.includes(':') ? { ipv6Prefix: prefix } : { ipv4Prefix: prefix })),
  });
function refresh(from: string, out: string, only: string[]) {
  const args = [script, '--from', from, '--out', out, ...only.flatMap((id) => ['--only', id])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('scripts/refresh-ranges.mjs', () => {
  it('writes complete snapshots dated by the published creationTime, which load back', async () => {
    const from = mkdtempSync(path.join(tmpdir(), 'robots-kit-published-'));
    const out = mkdtempSync(path.join(tmpdir(), 'robots-kit-snapshots-'));
    writeFileSync(
      path.join(from, 'common-crawlers.json'),
      published('2026-11-27T14:46:02.000000', ['66.249.64.0/27', '2001:4860:4801:10::/64']),
    );
    writeFileSync(
      path.join(from, 'user-triggered-fetchers.json'),
      published('2026-11-26T10:00:00', ['35.187.132.0/27']),
    );
    writeFileSync(
      path.join(from, 'user-triggered-fetchers-google.json'),
      published('2026-11-27T10:00:00', ['66.249.90.0/27']),
    );
    const result = refresh(from, out, ['google-common', 'google-user-triggered']);
    expect(result).toEqual({
      code: 0,
      output: '✔ google-common: 2 prefixes, dated 2026-11-27\n✔ google-user-triggered: 2 prefixes, dated 2026-11-26\n',
    });
    const snapshots = await loadRangeSnapshots([out]);
    expect(snapshots.map(({ id, date, complete, prefixes }) => ({ id, date, complete, prefixes }))).toEqual([
      {
        id: 'google-common',
        date: '2026-11-27',
        complete: true,
        prefixes: ['66.249.64.0/27', '2001:4860:4801:10::/64'],
      },
      {
        id: 'google-user-triggered',
        date: '2026-11-26',
        complete: true,
        prefixes: ['35.187.132.0/27', '66.249.90.0/27'],
      },
    ]);
    expect(JSON.parse(readFileSync(path.join(out, 'google-common.json'), 'utf8')).documentation).toMatch(
      /^https:\/\/developers\.google\.com\//,
    );
  });

  it('fails on a malformed prefix and keeps the previous snapshot', () => {
    const from = mkdtempSync(path.join(tmpdir(), 'robots-kit-published-'));
    const out = mkdtempSync(path.join(tmpdir(), 'robots-kit-snapshots-'));
    const previous =
      '{"id":"bingbot","sources":[],"date":"2026-01-01","complete":true,"prefixes":["157.55.39.0/24"]}\n';
    writeFileSync(path.join(out, 'bingbot.json'), previous);
    writeFileSync(
      path.join(from, 'bingbot.json'),
      published('2026-11-27T00:00:00', ['157.55.39.0/24', '40.77.167.0/0x18']),
    );
    const result = refresh(from, out, ['bingbot']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('✘ bingbot:');
    expect(result.output).toContain('key `prefixes[1]`: not an IP prefix `40.77.167.0/0x18`');
    expect(readFileSync(path.join(out, 'bingbot.json'), 'utf8')).toBe(previous);
    expect(readdirSync(out)).toEqual(['bingbot.json']);
  });
});

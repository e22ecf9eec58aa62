/**
 * Several files read by worker threads give the report one thread gives; `--format json` reports
 * of shards merge with `--merge` into the report of the whole log. Runs on the compiled workers
 * (`tsc -b` runs before the tests).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../core/test/audit/capture.js';
import { analyzeLogs } from '../src/analyze.js';
import { runLogsCli } from '../src/cli.js';
import type { LogsReport } from '../src/types.js';
import { ROBOTS_TXT, WRITERS, logText } from './generate-log.js';

const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-parallel-'));
const robots = path.join(dir, 'robots.txt');
writeFileSync(robots, ROBOTS_TXT);
const lines = logText(WRITERS.combined!).trimEnd().split('\n');
// Two shards split between lines; the whole log as a third file.
const half = Math.floor(lines.length / 2);
const shards = [lines.slice(0, half), lines.slice(half)].map((part, i) => {
  const file = path.join(dir, `part-${i}.log`);
  writeFileSync(file, `${part.join('\n')}\n`);
  return file;
});
const whole = path.join(dir, 'whole.log');
writeFileSync(whole, `${lines.join('\n')}\n`);
const now = new Date('2026-10-11T00:00:00Z');

/** The parts of a report that must not depend on how the lines were read. */
const comparable = (report: LogsReport) => ({
  crawlers: report.crawlers,
  series: report.series,
  topDisallowed: report.topDisallowed,
  findings: report.findings.map((finding) => ({ ...finding, message: finding.message.replace(/part-\d\.log/g, '…') })),
  summary: { ...report.summary, durationMs: 0 },
});

describe('parallel reading', () => {
  it('two files on two threads give the report of one thread', async () => {
    const options = { robots: [{ path: robots }], now };
    const one = await analyzeLogs(shards, { ...options, threads: false });
    const two = await analyzeLogs(shards, { ...options, threads: 2 });
    expect(comparable(two)).toEqual(comparable(one));
    expect(two.summary.crawlerRequests).toBeGreaterThan(0);
    expect(two.inputs).toEqual(shards);
  });

  it('a missing file read by a thread is the error one thread gives', async () => {
    await expect(analyzeLogs([shards[0]!, path.join(dir, 'nope.log')], { threads: 2 })).rejects.toThrow(
      /no such log file `.*nope\.log`/,
    );
  });
});

describe('robots-kit logs --merge', () => {
  async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const io = { ...captureIo(), cwd: dir };
    const code = await runLogsCli(['logs', ...args], io);
    return { code, stdout: io.stdout.text(), stderr: io.stderr.text() };
  }

  it('the --format json reports of two shards merge into the report of the whole log', async () => {
    for (const [i, shard] of shards.entries()) {
      const result = await run([shard, '--robots', 'robots.txt', '--json', '--threads', '1']);
      writeFileSync(path.join(dir, `part-${i}.json`), result.stdout);
    }
    const merged = await run(['--merge', 'part-0.json', 'part-1.json', '--robots', 'robots.txt', '--json']);
    const full = await run(['whole.log', '--robots', 'robots.txt', '--json']);
    expect(merged.stderr).toBe('');
    const [a, b] = [JSON.parse(merged.stdout) as LogsReport, JSON.parse(full.stdout) as LogsReport];
    expect(a.inputs).toEqual(shards);
    // Peak rates are per shard (the burst of one minute may be cut in two), and unreadable lines
    // are told per file read: the rest is the whole log's report.
    const shared = (report: LogsReport) => ({
      ...comparable(report),
      findings: comparable(report).findings.filter(
        (finding) => finding.id !== 'crawl-delay-exceeded' && finding.id !== 'unparsed-lines',
      ),
      summary: { ...comparable(report).summary, findings: undefined },
    });
    expect(shared(a)).toEqual(shared(b));
    expect(a.summary.unparsed).toBe(2);
  });

  it('refuses a file that is not such a report, naming it and quoting none of it', async () => {
    writeFileSync(path.join(dir, 'other.json'), '{"secret": "do not print"}');
    const result = await run(['--merge', 'other.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('other.json, key `--merge`: not a robots-kit logs report with a state');
    expect(result.stderr).not.toContain('do not print');
  });
});

/** `robots-kit logs`: usage, argument parsing with clear errors, and running the analysis. */
import { type FailOn, RobotsError } from '@robots-kit/core';
import {
  SEVERITY_ORDER,
  suggest,
  terminalSafe,
  translateParseError,
  useColor,
  writeFileAtomic,
} from '@robots-kit/core/internal/adapter';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeLogs } from './analyze.js';
import { formatLogsHtml } from './html-report.js';
import { RANGE_SOURCES } from './ip-ranges.js';
import { readReportStates } from './state.js';
import { updateRangeSnapshots } from './update-ranges.js';
import {
  LOGS_PACKAGE,
  type AnalyzeLogsOptions,
  type JsonFieldMap,
  type LogFormat,
  type LogsReport,
  type RobotsVersion,
} from './types.js';
import { formatLogsJson, formatLogsSarif, formatLogsTable } from './report.js';

/** `robots-kit logs --help`. */
export const LOGS_USAGE = `Usage: robots-kit logs <file…|-> [options]

What crawlers really did: reads access logs (plain or gzip, several files,
- for standard input), names each crawler, checks who it really is and which
robots.txt rules it broke.

Options:
  --robots <path[@date]>    robots.txt file or built site folder in force; repeat with
                            @YYYY-MM-DD for the versions served from that date on
  --log-format <format>     auto | combined | common | netlify | vercel | cloudflare (default: auto)
  --apache-format <string>  an Apache LogFormat string, e.g. '%h %l %u %t "%r" %>s %b "%{User-Agent}i"'
  --nginx-format <string>   an nginx log_format string, e.g. '$remote_addr [$time_local] "$request" $status "$http_user_agent"'
  --json-fields <map>       JSON lines: ip=…,time=…,path=…,userAgent=…[,method=…,status=…] (dotted paths)
  --format <format>         table | json | sarif (default: table)
  --json                    Same as --format=json
  --html <file>             Also write a self-contained HTML report with charts
  --dns                     Verify crawlers by reverse DNS with forward confirmation (uses the network)
  --dns-server <ip[:port]>  DNS server to ask, repeatable (default: the system's)
  --dns-concurrency <n>     Lookups at once (default: 16)
  --dns-timeout <ms>        Milliseconds before a lookup counts as unanswered (default: 3000)
  --dns-cache <file>        Results per address, kept 7 days (default: .robots-kit/dns-cache.json)
  --dns-budget <seconds>    Time all lookups may take; addresses left stay unverified (default: 600)
  --no-ip-ranges            Do not check the published IP ranges
  --ranges-dir <dir>        Refreshed range files (default: .robots-kit/ranges)
  --update-ranges           Download the current published ranges into --ranges-dir first (network)
  --ranges-source <id=url>  Download a range file from this URL instead (a mirror), repeatable
  --merge                   The files given are --format json reports of earlier runs (shards of
                            a log, read anywhere): one report of them all
  --threads <n>             Files read at once (default: one per core but one)
  --fail-on <severity>      error | warning | info | none: lowest severity that fails (default: error)
  -h, --help                Show this help

Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage error
(or the logs could not be read).
`;

const OPTIONS = {
  robots: { type: 'string', multiple: true },
  'log-format': { type: 'string' },
  'apache-format': { type: 'string' },
  'nginx-format': { type: 'string' },
  'json-fields': { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  html: { type: 'string' },
  dns: { type: 'boolean' },
  'dns-server': { type: 'string', multiple: true },
  'dns-concurrency': { type: 'string' },
  'dns-timeout': { type: 'string' },
  'dns-cache': { type: 'string' },
  'dns-budget': { type: 'string' },
  'no-ip-ranges': { type: 'boolean' },
  'ranges-dir': { type: 'string' },
  'update-ranges': { type: 'boolean' },
  'ranges-source': { type: 'string', multiple: true },
  'fail-on': { type: 'string' },
  merge: { type: 'boolean' },
  threads: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const FLAGS = Object.keys(OPTIONS).map((name) => `--${name}`);
const SOURCE = 'robots-kit logs';
type Output = 'table' | 'json' | 'sarif';

export interface LogsCliArgs {
  help: boolean;
  /** The inputs are `--format json` reports to merge. */
  merge: boolean;
  inputs: string[];
  output: Output;
  failOn: FailOn;
  html?: string;
  updateRanges: boolean;
  rangeSources?: Record<string, string[]>;
  options: AnalyzeLogsOptions;
}

function usageError(
  problem: string,
  details: { key?: string; value?: unknown; expected?: string; suggestion?: string | undefined } = {},
): RobotsError {
  const { suggestion, ...rest } = details;
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-argument',
    source: SOURCE,
    problem,
    ...rest,
    ...(suggestion ? { suggestion } : {}),
  });
}
function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw usageError('invalid value', {
    key: flag,
    value,
    expected: allowed.map((item) => `\`${item}\``).join(', '),
    suggestion: suggest(value, allowed),
  });
}
function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw usageError('not a positive whole number', { key: flag, value, expected: 'e.g. `16`' });
  return number;
}
/** `path` or `path@2026-05-01` (a trailing `@` and date; paths with `@` elsewhere stay whole). */
export function parseRobotsVersion(value: string): RobotsVersion {
  const at = value.lastIndexOf('@');
  const date = at > 0 ? value.slice(at + 1) : '';
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(date))
    return { path: value.slice(0, at), since: date };
  return { path: value };
}
function jsonFields(value: string): JsonFieldMap {
  const map: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [key = '', field = ''] = pair.split('=').map((part) => part.trim());
    const keys = ['ip', 'time', 'method', 'path', 'status', 'userAgent'];
    if (!keys.includes(key) || field === '')
      throw usageError('invalid field mapping', {
        key: '--json-fields',
        value: pair,
        expected: `key=field with keys ${keys.map((k) => `\`${k}\``).join(', ')}`,
        suggestion: suggest(key, keys),
      });
    map[key] = field;
  }
  return map as unknown as JsonFieldMap;
}
function logFormat(values: {
  'log-format'?: string;
  'apache-format'?: string;
  'nginx-format'?: string;
  'json-fields'?: string;
}): LogFormat | undefined {
  const given = (['log-format', 'apache-format', 'nginx-format', 'json-fields'] as const).filter(
    (flag) => values[flag] !== undefined,
  );
  if (given.length > 1)
    throw usageError('several log formats', {
      value: given.map((flag) => `--${flag}`).join(' '),
      expected: 'one of --log-format, --apache-format, --nginx-format, --json-fields',
    });
  if (values['apache-format'] !== undefined) return { apache: values['apache-format'] };
  if (values['nginx-format'] !== undefined) return { nginx: values['nginx-format'] };
  if (values['json-fields'] !== undefined) return { json: jsonFields(values['json-fields']) };
  return oneOf('--log-format', values['log-format'], [
    'auto',
    'combined',
    'common',
    'netlify',
    'vercel',
    'cloudflare',
  ] as const);
}

/** Reads `logs <file…> [options]` (argv without `node` and the script); throws `RobotsError` (code `invalid-argument`). */
export function parseLogsArgs(argv: readonly string[]): LogsCliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw translateParseError(error as Error & { code?: string }, FLAGS, SOURCE).withContext({ package: LOGS_PACKAGE });
  }
  const { values, positionals } = parsed;
  const inputs = positionals.slice(1);
  const base = {
    output: 'table' as Output,
    failOn: 'error' as FailOn,
    updateRanges: values['update-ranges'] ?? false,
    merge: values.merge ?? false,
    options: {},
  };
  if (values.help) return { ...base, help: true, inputs };
  if (inputs.length === 0 && !values['update-ranges'])
    throw usageError('missing log file', {
      expected: 'one or more access logs, e.g. `robots-kit logs access.log.gz`, or `-` for standard input',
    });
  if (values.json && values.format !== undefined && values.format !== 'json')
    throw usageError('--json contradicts', {
      key: '--format',
      value: values.format,
      expected: '--json or --format, not both',
    });
  const rangeSources: Record<string, string[]> = {};
  for (const entry of values['ranges-source'] ?? []) {
    const [id = '', url = ''] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)];
    if (!(id in RANGE_SOURCES) || !URL.canParse(url))
      throw usageError('invalid range source', {
        key: '--ranges-source',
        value: entry,
        expected: `id=url with ids ${Object.keys(RANGE_SOURCES).join(', ')}`,
        suggestion: suggest(id, Object.keys(RANGE_SOURCES)),
      });
    (rangeSources[id] ??= []).push(url);
  }
  const format = logFormat(values);
  const dns = values.dns
    ? {
        ...(values['dns-server'] ? { servers: values['dns-server'] } : {}),
        ...(values['dns-concurrency']
          ? { concurrency: positiveInteger('--dns-concurrency', values['dns-concurrency']) }
          : {}),
        ...(values['dns-timeout'] ? { timeoutMs: positiveInteger('--dns-timeout', values['dns-timeout']) } : {}),
        ...(values['dns-budget']
          ? { budgetMs: (positiveInteger('--dns-budget', values['dns-budget']) ?? 600) * 1000 }
          : {}),
        cacheFile: values['dns-cache'] ?? path.join('.robots-kit', 'dns-cache.json'),
      }
    : undefined;
  return {
    ...base,
    help: false,
    inputs,
    output: values.json ? 'json' : (oneOf('--format', values.format, ['table', 'json', 'sarif'] as const) ?? 'table'),
    failOn: oneOf('--fail-on', values['fail-on'], ['error', 'warning', 'info', 'none'] as const) ?? 'error',
    ...(values.html === undefined ? {} : { html: values.html }),
    ...(Object.keys(rangeSources).length > 0 ? { rangeSources } : {}),
    options: {
      ...(format ? { format } : {}),
      ...(values.robots ? { robots: values.robots.map(parseRobotsVersion) } : {}),
      ipRanges: !values['no-ip-ranges'],
      rangesDir: values['ranges-dir'] ?? path.join('.robots-kit', 'ranges'),
      ...(dns ? { dns: dns as AnalyzeLogsOptions['dns'] } : {}),
      ...(values.threads ? { threads: positiveInteger('--threads', values.threads)! } : {}),
    },
  };
}

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}
/** Where `robots-kit logs` reads and writes; the CLI's streams plus standard input for `-`. */
export interface LogsIo {
  stdout: Stream;
  stderr: Stream;
  stdin?: AsyncIterable<Buffer>;
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
}
function inCwd(cwd: string, file: string): string {
  return file === '-' ? file : path.resolve(cwd, file);
}

/** Runs `robots-kit logs …`; resolves to the exit code (0, 1 findings, 2 usage or input error). */
export async function runLogsCli(argv: readonly string[], io: LogsIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  try {
    const args = parseLogsArgs(argv);
    if (args.help) {
      io.stdout.write(LOGS_USAGE);
      return 0;
    }
    const rangesDir = inCwd(cwd, args.options.rangesDir!);
    if (args.updateRanges) {
      const sources = { ...RANGE_SOURCES, ...args.rangeSources };
      for (const result of await updateRangeSnapshots(rangesDir, { sources })) {
        io.stderr.write(
          terminalSafe(
            result.error
              ? `robots-kit: ${result.id}: not updated (${result.error})\n`
              : `robots-kit: ${result.id}: ${result.prefixes} prefixes\n`,
          ),
        );
      }
      if (args.inputs.length === 0) return 0;
    }
    const dns =
      args.options.dns && typeof args.options.dns === 'object'
        ? {
            ...args.options.dns,
            ...(args.options.dns.cacheFile ? { cacheFile: inCwd(cwd, args.options.dns.cacheFile) } : {}),
          }
        : undefined;
    const files = args.inputs.map((input) => inCwd(cwd, input));
    const merged = args.merge ? await readReportStates(files) : undefined;
    const report: LogsReport = await analyzeLogs(merged ? [] : files, {
      ...args.options,
      ...(merged ? { merge: merged } : {}),
      ...(args.output === 'json' ? { state: true } : {}),
      rangesDir,
      ...(dns ? { dns } : {}),
      ...(args.options.robots
        ? { robots: args.options.robots.map((version) => ({ ...version, path: inCwd(cwd, version.path) })) }
        : {}),
      ...(io.stdin ? { stdin: io.stdin } : {}),
    });
    // Paths as the user typed them, so reports and SARIF locations read as given.
    const shown = displayPaths(report, args, cwd);
    if (args.html) writeFileAtomic(inCwd(cwd, args.html), formatLogsHtml(shown));
    const env = io.env ?? process.env;
    io.stdout.write(
      args.output === 'json'
        ? formatLogsJson(shown)
        : args.output === 'sarif'
          ? formatLogsSarif(shown, cwd)
          : formatLogsTable(shown, { color: useColor(undefined, env, io.stdout.isTTY) }),
    );
    const threshold = args.failOn === 'none' ? -1 : SEVERITY_ORDER.indexOf(args.failOn);
    return shown.findings.some((finding) => SEVERITY_ORDER.indexOf(finding.severity) <= threshold) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof RobotsError)) {
      io.stderr.write(
        `robots-kit: the log analysis failed: ${terminalSafe(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
      );
      return 2;
    }
    io.stderr.write(`${terminalSafe(error.message)}\nRun \`robots-kit logs --help\` for usage.\n`);
    return 2;
  }
}
function displayPaths(report: LogsReport, args: LogsCliArgs, cwd: string): LogsReport {
  const names = new Map<string, string>();
  args.inputs.forEach((input) => names.set(inCwd(cwd, input), input));
  for (const version of args.options.robots ?? []) {
    names.set(inCwd(cwd, version.path), version.path);
    names.set(path.join(inCwd(cwd, version.path), 'robots.txt'), path.join(version.path, 'robots.txt'));
  }
  const name = (file: string): string => names.get(file) ?? file;
  return {
    ...report,
    inputs: report.inputs.map(name),
    robots: report.robots.map((version) => ({ ...version, path: name(version.path) })),
    topDisallowed: report.topDisallowed.map((row) => ({
      ...row,
      source: { ...row.source, file: name(row.source.file) },
    })),
    findings: report.findings.map((finding) => ({
      ...finding,
      message: [...names].reduce((text, [full, given]) => text.replaceAll(full, given), finding.message),
      ...(finding.source ? { source: { ...finding.source, file: name(finding.source.file) } } : {}),
    })),
  };
}

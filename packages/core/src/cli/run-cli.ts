/** runCli: runs `robots-kit check`, prints the report in the chosen format and sets the exit code. */
import { RobotsError } from '../errors.js';
import { auditSite } from '../audit/audit-site.js';
import { checkLiveSite } from '../audit/live/check-live.js';
import { CLI_USAGE, parseCliArgs, useColor, type CliArgs } from './args.js';
import { failsAt, severityCounts } from '../audit/findings.js';
import { formatAuditJson } from '../report/json.js';
import { formatAuditSarif, formatGithubAnnotations, ROBOTS_KIT_VERSION } from '../report/code-scanning.js';
import { formatAuditTable, terminalSafe } from '../report/table.js';
import type { AuditReport } from '../audit/types.js';
import { writeAuditHtml } from '../report/html.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ProgressStream {
  write(text: string): unknown;
  columns?: number;
}
export interface ProgressBar {
  update(done: number, total: number): void;
  /** Clears the bar's line. */
  finish(): void;
}
/** A one-line progress bar redrawn in place, at most every `intervalMs`. */
export function createProgressBar(stream: ProgressStream, intervalMs = 100): ProgressBar {
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (done < total && now - last < intervalMs) return;
      last = now;
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 30));
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} pages`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

export interface CliStream extends ProgressStream {
  isTTY?: boolean;
}
/** Where the CLI writes and what it knows of its environment; defaults to the process's. */
export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  /** Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Default: `process.cwd()`. */
  cwd?: string;
}
/** Option errors from `auditSite`, told in terms of the flag that carried the value. */
const FLAG_OF_ERROR: Readonly<Record<string, string>> = {
  'invalid-crawler-name': '--crawler',
  'invalid-site': '--site',
  'invalid-trailing-slash': '--trailing-slash',
};
/** Sites smaller than this finish before a progress bar would help. */
const PROGRESS_BAR_MIN_PAGES = 300;
function render(report: AuditReport, args: CliArgs, io: CliIo, cwd: string): string {
  const env = io.env ?? process.env;
  switch (args.format) {
    case 'json':
      return formatAuditJson(report);
    case 'sarif':
      return formatAuditSarif(report, cwd);
    case 'github':
      return formatGithubAnnotations(report, cwd) + `robots-kit: ${severityCounts(report.summary.findings)}\n`;
    default:
      return formatAuditTable(report, { color: useColor(args.color, env, io.stdout.isTTY), allPages: args.allPages });
  }
}
/**
 * `robots-kit check <dir> …` with the given arguments (without `node` and the script). Resolves to
 * the exit code: 0 when no finding reaches `--fail-on`, 1 when one does, 2 on a usage error or when
 * the audit could not run.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  // `robots-kit logs …` lives in its own package, with its own options and output.
  if (argv.find((arg) => !arg.startsWith('-')) === 'logs') return runLogsCommand(argv, io, cwd);
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof RobotsError)) throw error;
    io.stderr.write(`${terminalSafe(error.message)}\n\n${CLI_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout.write(CLI_USAGE);
    return 0;
  }
  if (args.version) {
    io.stdout.write(`${ROBOTS_KIT_VERSION}\n`);
    return 0;
  }
  const bar = io.stderr.isTTY ? createProgressBar(io.stderr) : undefined;
  let report: AuditReport;
  let servedRobotsTxt: string | undefined;
  try {
    const progress = (done: number, total: number): void => {
      if (total > PROGRESS_BAR_MIN_PAGES) bar?.update(done, total);
    };
    if (args.live) {
      const live = await checkLiveSite(args.dir, {
        ...args.live,
        ...(args.crawlers === undefined ? {} : { crawlers: args.crawlers }),
        ...(args.trailingSlash === undefined ? {} : { trailingSlash: args.trailingSlash }),
        onProgress: progress,
      });
      report = live.report;
      servedRobotsTxt = live.robotsTxt;
    } else
      report = await auditSite(args.dir, {
        ...(args.site === undefined ? {} : { site: args.site }),
        ...(args.crawlers === undefined ? {} : { crawlers: args.crawlers }),
        ...(args.trailingSlash === undefined ? {} : { trailingSlash: args.trailingSlash }),
        onProgress: progress,
      });
  } catch (error) {
    bar?.finish();
    if (!(error instanceof RobotsError)) {
      // Exit 1 would read as "findings"; a crash must not pass for a verdict on the site.
      io.stderr.write(
        `robots-kit: the audit failed: ${terminalSafe(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
      );
      return 2;
    }
    const flag = FLAG_OF_ERROR[error.code];
    const located = flag ? error.withContext({ source: 'robots-kit check', key: flag }) : error;
    io.stderr.write(`${terminalSafe(located.message)}\nRun \`robots-kit --help\` for usage.\n`);
    return 2;
  }
  bar?.finish();
  io.stdout.write(render(report, args, io, cwd));
  if (args.html !== undefined && !(await writeHtmlReport(report, path.resolve(cwd, args.html), io, servedRobotsTxt)))
    return 2;
  return failsAt(report, args.failOn) ? 1 : 0;
}

/** What `@robots-kit/logs/cli` exports (typed here: core cannot depend on the package that depends on it). */
interface LogsCli {
  runLogsCli(argv: readonly string[], io: CliIo): Promise<number>;
}
const LOGS_PACKAGE = '@robots-kit/logs';
/**
 * `@robots-kit/logs/cli`, found beside core (npm's flat node_modules) or else from the project in
 * `cwd` (pnpm links a project's direct dependencies only); undefined when it is installed nowhere.
 */
async function loadLogsCli(cwd: string): Promise<LogsCli | undefined> {
  const specifier = `${LOGS_PACKAGE}/cli`;
  const candidates: Array<() => string> = [
    () => specifier,
    () => pathToFileURL(createRequire(path.join(cwd, 'package.json')).resolve(specifier)).href,
  ];
  for (const candidate of candidates) {
    try {
      return (await import(candidate())) as LogsCli;
    } catch (error) {
      // Only "the package is not there" moves on; a broken install of it must be seen as such.
      const code = (error as NodeJS.ErrnoException).code;
      const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
      if (!missing || !String((error as Error).message).includes(LOGS_PACKAGE)) throw error;
    }
  }
  return undefined;
}
/** `robots-kit logs …`: runs `@robots-kit/logs` when it is installed, else says how to install it (exit 2). */
async function runLogsCommand(argv: readonly string[], io: CliIo, cwd: string): Promise<number> {
  const logs = await loadLogsCli(cwd);
  if (logs) return logs.runLogsCli(argv, { ...io, cwd });
  io.stderr.write(
    `robots-kit logs: the access log analysis is a package of its own, ${LOGS_PACKAGE}, and it is not installed here.\n` +
      `Install it beside your site's robots-kit package, then run the command again:\n  npm install --save-dev ${LOGS_PACKAGE}\n`,
  );
  return 2;
}

/** `--html <file>`: the report page, written after the chosen format; false (said on stderr) when it cannot be written. */
async function writeHtmlReport(report: AuditReport, file: string, io: CliIo, robotsTxt?: string): Promise<boolean> {
  try {
    await writeAuditHtml(report, file, robotsTxt === undefined ? {} : { robotsTxt });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    io.stderr.write(
      `robots-kit check: cannot write the HTML report \`${terminalSafe(file)}\` (${terminalSafe(reason)}); choose a file in a folder you can write to with --html.\n`,
    );
    return false;
  }
  io.stderr.write(`robots-kit: HTML report written to ${terminalSafe(file)}\n`);
  return true;
}

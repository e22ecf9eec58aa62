/** The `robots-kit` command line: usage and argument parsing with clear errors. */
import { parseArgs } from 'node:util';
import { suggest, RobotsError } from '../errors.js';
import { readSite } from '../options/fields.js';
import type { AuditSeverity, TrailingSlash } from '../audit/types.js';
import type { FailOn } from '../audit/findings.js';

/** `robots-kit --help`. */
export const CLI_USAGE = `Usage: robots-kit check <dir> [options]
       robots-kit check <url> [--expect <dir>] [options]

Audit a built site the way crawlers will see it: robots.txt, sitemaps,
robots meta tags, X-Robots-Tag header rules and canonical links.
Given an http(s) URL, read the deployed site as a crawler does (robots.txt,
its sitemaps, every page's status, redirects, X-Robots-Tag and meta tags);
with --expect, request every file the build wrote and report where the
server answers differently from what the build meant.

Options:
  --site <url>              Origin (and base path) the site is served at, e.g. https://example.com
                            (default: the host of the robots.txt Sitemap: line)
  --crawler <names>         Crawlers to evaluate, comma-separated (default: googlebot,*)
  --trailing-slash <mode>   always | never | ignore: how files map to URLs (default: ignore)
  --format <format>         table | json | sarif | github (default: table)
  --json                    Same as --format=json
  --fail-on <severity>      error | warning | info | none: lowest severity that fails (default: error)
  --pages                   List every page in the table, not only restricted ones
  --html <file>             Also write a self-contained HTML report (URL tree per crawler,
                            filters, where each verdict came from, robots.txt reach)
  --color, --no-color       Colour the table or not (default: on a terminal, unless NO_COLOR
                            is set; FORCE_COLOR=1 forces it)
Live check (robots-kit check <url>):
  --expect <dir>            The built folder the deployment should serve
  --user-agent <name>       Send a crawler's User-Agent (googlebot, bingbot, gptbot, applebot,
                            or any product token), to see what a CDN serves it
                            (default: robots-kit-check/1)
  --concurrency <n>         Requests at once (default: 4)
  --rate <n>                Requests started per second (default: 10)
  --timeout <seconds>       Time limit of one request (default: 15)
  --max-urls <n>            URLs requested at most (default: 500)
  --max-bytes <n>           Bytes read of one response (default: 5242880)
  -v, --version             Print robots-kit's version
  -h, --help                Show this help

Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage error
(or the audit could not run).

robots-kit logs <file…|-> reads access logs: what crawlers really did
(with @robots-kit/logs installed; see robots-kit logs --help).
`;

export type CliFormat = 'table' | 'json' | 'sarif' | 'github';
export interface CliArgs {
  help: boolean;
  version: boolean;
  /** `--color` / `--no-color`; undefined: decided from the terminal and the environment. */
  color?: boolean;
  dir: string;
  site?: string;
  crawlers?: string[];
  trailingSlash?: TrailingSlash;
  format: CliFormat;
  failOn: FailOn;
  allPages: boolean;
  /** `--html <file>`: where to write the HTML report, besides the chosen format on stdout. */
  html?: string;
  /** Set when the target is an http(s) URL: the live check's flags. */
  live?: LiveArgs;
}
/** The live check's flags (`robots-kit check <url>`). */
export interface LiveArgs {
  expect?: string;
  userAgent?: string;
  concurrency?: number;
  rate?: number;
  timeoutMs?: number;
  maxUrls?: number;
  maxBytes?: number;
}
const FORMATS: readonly CliFormat[] = ['table', 'json', 'sarif', 'github'];
const FAIL_ON: readonly FailOn[] = ['error', 'warning', 'info', 'none'];
const OPTIONS = {
  site: { type: 'string' },
  crawler: { type: 'string', multiple: true },
  'trailing-slash': { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  'fail-on': { type: 'string' },
  pages: { type: 'boolean' },
  html: { type: 'string' },
  expect: { type: 'string' },
  'user-agent': { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  timeout: { type: 'string' },
  'max-urls': { type: 'string' },
  'max-bytes': { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;
const FLAGS = Object.keys(OPTIONS).map((name) => `--${name}`);
const SOURCE = 'robots-kit check';
function usageError(
  problem: string,
  details: { key?: string; value?: unknown; expected?: string; suggestion?: string | undefined },
  source = SOURCE,
): RobotsError {
  const { suggestion, ...rest } = details;
  return new RobotsError({ code: 'invalid-argument', source, problem, ...rest, ...(suggestion ? { suggestion } : {}) });
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
/**
 * Node's parse errors name the flag in quotes; say it our way, with a did-you-mean. `flags` and
 * `source` are the command's (`robots-kit logs` passes its own).
 */
export function translateParseError(
  error: Error & { code?: string },
  flags: readonly string[] = FLAGS,
  source = SOURCE,
): RobotsError {
  const flag = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = flag.split('=')[0]!;
    return usageError(
      'unknown option',
      { value: name, expected: flags.join(', '), suggestion: suggest(name, flags) },
      source,
    );
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return usageError(
      flag.length > 0 ? `option ${flag} needs a value` : error.message,
      { key: flag || undefined },
      source,
    );
  }
  return usageError(error.message, {}, source);
}
/** `--html` names a file; an empty value or a folder-like path is refused here rather than failing after the audit. */
function htmlFile(value: string): string {
  if (value.trim() === '' || /[\\/]$/.test(value)) {
    throw usageError('invalid value', { key: '--html', value, expected: 'a file to write, e.g. `--html report.html`' });
  }
  return value;
}
/**
 * Whether to colour terminal output: `--color`/`--no-color` first, then `FORCE_COLOR` (any value
 * but `0`/`false`), then `NO_COLOR` (any non-empty value), then whether stdout is a terminal —
 * the conventions of no-color.org and of Node's own `util.styleText`.
 */
export function useColor(
  flag: boolean | undefined,
  env: Readonly<Record<string, string | undefined>>,
  isTTY: boolean | undefined,
): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY === true;
}
/** A positive number flag (`--rate 2`, `--timeout 0.5`); whole numbers where `integer`. */
function positiveNumber(flag: string, value: string | undefined, integer: boolean, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(number > 0) || number > max || (integer && !Number.isInteger(number))) {
    throw usageError('invalid value', {
      key: flag,
      value,
      expected: `a ${integer ? 'whole ' : ''}number greater than 0 and at most ${max}`,
    });
  }
  return number;
}
const LIVE_FLAGS = ['expect', 'user-agent', 'concurrency', 'rate', 'timeout', 'max-urls', 'max-bytes'] as const;
/** The live check's flags, read only when the target is a URL (a folder check refuses them). */
function liveArgs(values: Partial<Record<(typeof LIVE_FLAGS)[number], string>>): LiveArgs {
  const timeout = positiveNumber('--timeout', values.timeout, false, 600);
  const entries: Array<[keyof LiveArgs, string | number | undefined]> = [
    ['expect', values.expect],
    ['userAgent', values['user-agent']],
    ['concurrency', positiveNumber('--concurrency', values.concurrency, true, 64)],
    ['rate', positiveNumber('--rate', values.rate, false, 1000)],
    ['timeoutMs', timeout === undefined ? undefined : Math.round(timeout * 1000)],
    ['maxUrls', positiveNumber('--max-urls', values['max-urls'], true, 1_000_000)],
    ['maxBytes', positiveNumber('--max-bytes', values['max-bytes'], true, 1024 * 1024 * 1024)],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as LiveArgs;
}

/** Reads `check <dir> [options]`; throws `RobotsError` (code `invalid-argument`) for anything else. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw translateParseError(error as Error & { code?: string });
  }
  const { values, positionals } = parsed;
  if (values.color && values['no-color'])
    throw usageError('--color contradicts', { key: '--no-color', expected: '--color or --no-color, not both' });
  const color = values.color ? true : values['no-color'] ? false : undefined;
  const base = {
    format: 'table' as CliFormat,
    failOn: 'error' as FailOn,
    allPages: values.pages ?? false,
    version: false,
    ...(color === undefined ? {} : { color }),
  };
  if (values.help) return { ...base, help: true, dir: '' };
  if (values.version) return { ...base, help: false, version: true, dir: '' };
  const [command, dir, ...extra] = positionals;
  if (command === undefined) throw usageError('missing command', { expected: '`robots-kit check <dir>`' });
  if (command !== 'check')
    throw usageError('unknown command', {
      value: command,
      expected: '`check` or `logs`',
      suggestion: suggest(command, ['check', 'logs']),
    });
  if (dir === undefined)
    throw usageError('missing folder', { expected: 'the build output folder, e.g. `robots-kit check dist`' });
  if (extra.length > 0) throw usageError('unexpected argument', { value: extra[0], expected: 'one folder' });
  const isUrl = /^https?:\/\//i.test(dir);
  if (!isUrl) {
    const given = LIVE_FLAGS.find((flag) => values[flag] !== undefined);
    if (given !== undefined)
      throw usageError('option of the live check', {
        key: `--${given}`,
        expected: `an http(s) URL to check, e.g. \`robots-kit check https://example.com --${given} …\``,
      });
  }
  if (values.json && values.format !== undefined && values.format !== 'json') {
    throw usageError('--json contradicts', {
      key: '--format',
      value: values.format,
      expected: '--json or --format, not both',
    });
  }
  const crawlers = values.crawler
    ?.flatMap((list) => list.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const trailingSlash = oneOf('--trailing-slash', values['trailing-slash'], ['always', 'never', 'ignore'] as const);
  return {
    ...base,
    help: false,
    dir,
    // The `site` option's rules and message: an http(s) origin and base path, no query, fragment or credentials.
    ...(values.site === undefined ? {} : { site: readSite(values.site, { key: '--site', source: SOURCE }) }),
    ...(crawlers === undefined ? {} : { crawlers }),
    ...(trailingSlash === undefined ? {} : { trailingSlash }),
    ...(values.html === undefined ? {} : { html: htmlFile(values.html) }),
    ...(isUrl ? { live: liveArgs(values) } : {}),
    format: values.json ? 'json' : (oneOf('--format', values.format, FORMATS) ?? 'table'),
    failOn: oneOf('--fail-on', values['fail-on'], FAIL_ON) ?? 'error',
  };
}

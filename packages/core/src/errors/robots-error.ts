/** What went wrong, in enough detail for a user to find and fix it. */
export interface RobotsErrorDetails {
  /** Stable machine-readable code, e.g. `unknown-directive`. */
  code: string;
  /** The package reporting the problem. Default: `@robots-kit/core`. */
  package?: string;
  /** Where the bad value came from: a file path, `options`, a URL. */
  source?: string;
  /** The key or option path that held the bad value, e.g. `robots` or `noindex.paths[0]`. */
  key?: string;
  /** The bad value itself. */
  value?: unknown;
  /** The problem, without location, e.g. "unknown directive". */
  problem: string;
  /** What was expected instead. */
  expected?: string;
  /** A likely fix, e.g. `noindex`. */
  suggestion?: string;
}

function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return '`' + text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '`';
}

export function formatRobotsError(details: RobotsErrorDetails): string {
  const where = [details.source, details.key === undefined ? undefined : `key ${quote(details.key)}`]
    .filter(Boolean)
    .join(', ');
  let message = `[${details.package ?? '@robots-kit/core'}] ${where ? where + ': ' : ''}${details.problem}`;
  if ('value' in details) message += ` ${quote(details.value)}`;
  if (details.expected) message += `; expected ${details.expected}`;
  message += '.';
  if (details.suggestion) message += ` Did you mean ${quote(details.suggestion)}?`;
  return message;
}

/**
 * The one error type of robots-kit. Its message names the package, the file,
 * the key and the bad value, and suggests a fix where one exists.
 */
export class RobotsError extends Error {
  override name = 'RobotsError';
  readonly details: RobotsErrorDetails;

  constructor(details: RobotsErrorDetails) {
    super(formatRobotsError(details));
    this.details = details;
  }

  get code(): string {
    return this.details.code;
  }

  /** The same error, located: adapters add the package and the file they know about. */
  withContext(context: Pick<RobotsErrorDetails, 'package' | 'source' | 'key'>): RobotsError {
    const defined = Object.fromEntries(Object.entries(context).filter(([, v]) => v !== undefined));
    return new RobotsError({ ...this.details, ...defined });
  }
}

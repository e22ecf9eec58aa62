/**
 * RobotsError and warnings: every message names the package, the file, the key and the value; zod
 * issues and did-you-mean suggestions are turned into our own words here.
 */
import type { z } from 'zod';

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
/**
 * A value as the message shows it: strings as they are, anything else as JSON (BigInt as `10n`,
 * a value too deep or circular for JSON by its kind), control characters escaped. Never throws:
 * the message of an error must not fail to build.
 */
function quote(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'bigint') text = `${value}n`;
  else {
    try {
      text =
        JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)) ?? String(value);
    } catch {
      text = Array.isArray(value) ? '[…]' : typeof value === 'object' && value !== null ? '{…}' : String(value);
    }
  }
  return (
    '`' + text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '`'
  );
}
/** Our own words on one line: a message is one line in a terminal, a log and a CI annotation. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
}
export function formatRobotsError(details: RobotsErrorDetails): string {
  const where = [
    details.source && oneLine(details.source),
    details.key === undefined ? undefined : `key ${quote(details.key)}`,
  ]
    .filter(Boolean)
    .join(', ');
  let message = `[${details.package ?? '@robots-kit/core'}] ${where ? where + ': ' : ''}${oneLine(details.problem)}`;
  if ('value' in details) message += ` ${quote(details.value)}`;
  if (details.expected) message += `; expected ${oneLine(details.expected)}`;
  message += '.';
  if (details.suggestion) message += ` Did you mean ${quote(details.suggestion)}?`;
  return message;
}
/** Shared by every copy of core in a process (`Symbol.for`). */
const ROBOTS_ERROR_BRAND = Symbol.for('@robots-kit/core:RobotsError');
/**
 * The one error type of robots-kit. Its message names the package, the file,
 * the key and the bad value, and suggests a fix where one exists.
 */
export class RobotsError extends Error {
  override name = 'RobotsError';
  readonly details: RobotsErrorDetails;
  /** The mark `instanceof` reads (see below). */
  readonly [ROBOTS_ERROR_BRAND] = true;

  /**
   * `instanceof RobotsError` holds for a RobotsError of any copy of core in the process: Vite
   * (Astro's config loader, dev server, vitest) may run its own copy of a linked core beside
   * Node's, which `normalizeOptions` of `@robots-kit/core/internal/build` loads with `require()`, and an
   * adapter must still recognize the error as ours.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ROBOTS_ERROR_BRAND] === true
    );
  }

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

/** A problem that does not fail the build (for example an unknown token with `strict: false`). */
export interface RobotsWarning extends RobotsErrorDetails {
  message: string;
}
export function robotsWarning(details: RobotsErrorDetails): RobotsWarning {
  return { ...details, message: formatRobotsError(details) };
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    '',
  );
}
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );
}
/** The parts of a zod schema's definition the key lookup reads. */
interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
}
const defOf = (node: unknown): SchemaDef | undefined => (node as { def?: SchemaDef } | undefined)?.def;
/** The object schemas a node stands for, through wrappers (`optional`, `default`, a transform's pipe) and unions. */
function objectsAt(node: unknown, depth = 0): Array<Record<string, unknown>> {
  const def = defOf(node);
  if (!def || depth > 16) return [];
  if (def.shape) return [def.shape];
  if (def.innerType) return objectsAt(def.innerType, depth + 1);
  if (def.type === 'pipe') return objectsAt(def.in, depth + 1);
  return (def.options ?? []).flatMap((option) => objectsAt(option, depth + 1));
}
/** The elements of the list schemas a node stands for, through the same wrappers. */
function elementsAt(node: unknown, depth = 0): unknown[] {
  const def = defOf(node);
  if (!def || depth > 16) return [];
  if (def.element) return [def.element];
  if (def.innerType) return elementsAt(def.innerType, depth + 1);
  if (def.type === 'pipe') return elementsAt(def.in, depth + 1);
  return (def.options ?? []).flatMap((option) => elementsAt(option, depth + 1));
}
/** The keys the schema knows at `path`, for the list and the did-you-mean of an unknown key. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let nodes: unknown[] = [schema];
  for (const key of path) {
    nodes =
      typeof key === 'number'
        ? nodes.flatMap((node) => elementsAt(node))
        : nodes.flatMap((node) => objectsAt(node).flatMap((shape) => (key in shape ? [shape[key as string]] : [])));
  }
  return [...new Set(nodes.flatMap((node) => objectsAt(node).flatMap((shape) => Object.keys(shape))))];
}
/** Turns the first zod issue into a RobotsError that names the option, the value and the fix. */
export function zodIssueToError(
  error: z.ZodError,
  input: unknown,
  schema: z.ZodType,
  source: string,
  packageName?: string,
): RobotsError {
  // A misspelt key also makes its correct spelling missing: report the typo, with its did-you-mean.
  const target = innermost(
    error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? error.issues[0]!,
  );
  const issue = target.issue;
  if (issue.code === 'unrecognized_keys') {
    const unknownKey = issue.keys[0]!;
    const key = formatPath(target.path);
    const known = keysAt(schema, target.path);
    return new RobotsError({
      code: 'unknown-option',
      package: packageName,
      source,
      key: key ? `${key}.${unknownKey}` : unknownKey,
      problem: 'unknown option',
      value: unknownKey,
      expected: 'one of ' + known.map((k) => `\`${k}\``).join(', '),
      suggestion: suggest(unknownKey, known),
    });
  }
  // A check another module runs inside the schema (a glob, a directive, robots.txt, headers) keeps its own error.
  const own = robotsErrorOf(target.issue);
  if (own) return new RobotsError({ ...own, source, ...(packageName ? { package: packageName } : {}) });
  const value = valueAt(input, target.path);
  const { problem, expected, suggestion } = describeIssue(target.issue, value, target.path);
  // A string that reads as a boolean or a number (`'false'`, `'5'`) is shown with its quotes:
  // "invalid option value `false`; expected `true` or `false`" would contradict itself.
  const shown =
    typeof value === 'string' && /^(?:true|false|[-+]?[0-9]+(?:\.[0-9]+)?)$/.test(value.trim())
      ? JSON.stringify(value)
      : value;
  return new RobotsError({
    code: 'invalid-option',
    package: packageName,
    source,
    // Options that are not an object at all have no key to name.
    ...(target.path.length === 0 ? {} : { key: formatPath(target.path) }),
    problem,
    // A missing option has no value to show.
    ...(value === undefined ? {} : { value: shown }),
    expected,
    ...(suggestion ? { suggestion } : {}),
  });
}

type ZodIssue = z.ZodError['issues'][number];

/** What a schema check puts in a custom issue's `params` to keep the error its module threw. */
export const ROBOTS_ERROR_PARAM = 'robotsError';
/** The error details a module's check left in a custom issue, if any. */
function robotsErrorOf(issue: ZodIssue): RobotsErrorDetails | undefined {
  if (issue.code !== 'custom') return undefined;
  const details = (issue.params as Record<string, unknown> | undefined)?.[ROBOTS_ERROR_PARAM];
  return typeof details === 'object' && details !== null ? (details as RobotsErrorDetails) : undefined;
}

/**
 * The issue to report and the path to its value: inside a union (`false` or an object), the
 * alternative that got furthest into the value, which is the one it was meant for.
 */
function innermost(issue: ZodIssue, prefix: readonly PropertyKey[] = []): { issue: ZodIssue; path: PropertyKey[] } {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union') return { issue, path };
  // The alternatives the value was not even of the kind of (`false` for an object) were not meant.
  const meant = issue.errors.filter(
    (branch) =>
      !branch.every(
        (inner) => inner.path.length === 0 && (inner.code === 'invalid_type' || inner.code === 'invalid_value'),
      ),
  );
  const inner = meant.flat();
  const deepest =
    inner.find((candidate) => candidate.code === 'unrecognized_keys') ??
    inner.sort((a, b) => b.path.length - a.path.length)[0];
  return deepest && (meant.length === 1 || deepest.path.length > 0) ? innermost(deepest, path) : { issue, path };
}

/** zod's own wording (`Invalid input: expected array, received string`), which a schema's own `error` replaces. */
const ZOD_DEFAULT_MESSAGE =
  /^(?:Invalid (?:input|option|URL|string|key|element|value)\b|Too (?:small|big)\b|Expected\b|Unrecognized\b)/;

/** What a zod type name (`issue.expected`) is in our words. */
const KINDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: '`true` or `false`',
  array: 'a list (an array)',
  object: 'an object',
  record: 'an object',
  nonoptional: 'a value',
};

/**
 * One zod issue in our words: the problem, what was expected and, for a misspelt choice, the
 * closest one. A message the schema wrote itself (`{ error: 'expected …' }`) is kept; zod's
 * default texts (`Invalid option: expected one of "a"|"b"`, `received undefined`) never reach
 * the user.
 */
function describeIssue(
  issue: ZodIssue,
  value: unknown,
  path: readonly PropertyKey[],
): { problem: string; expected: string; suggestion?: string } {
  const missing = value === undefined;
  const problem = missing ? 'missing required option' : 'invalid option value';
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return { problem, expected: issue.message.replace(/^expected /, '') };
  // Every `robots` and `path` key of the options (`rules[]`, `headers.rules[]`) holds the same kind of value.
  if (missing && path[path.length - 1] === 'robots')
    return { problem, expected: "the directives to set, e.g. `'noindex'`" };
  if (missing && path[path.length - 1] === 'path')
    return { problem, expected: "a URL path glob such as `'/files/**'`, or a list of them" };
  switch (issue.code) {
    case 'invalid_value': {
      const choices = issue.values.map((choice) => String(choice));
      const suggestion = typeof value === 'string' ? suggest(value, choices) : undefined;
      return {
        problem,
        expected:
          choices.length === 1 ? `\`${choices[0]}\`` : `one of ${choices.map((choice) => `\`${choice}\``).join(', ')}`,
        ...(suggestion ? { suggestion } : {}),
      };
    }
    case 'invalid_type':
      return { problem, expected: KINDS[issue.expected] ?? `a value of type ${issue.expected}` };
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const atLeast = issue.code === 'too_small' ? 'at least' : 'at most';
      if (issue.origin === 'array')
        return { problem, expected: `a list of ${atLeast} ${bound} ${bound === 1 ? 'item' : 'items'}` };
      if (issue.origin === 'string')
        return {
          problem,
          expected:
            bound === 1 && atLeast === 'at least' ? 'a non-empty string' : `a string of ${atLeast} ${bound} characters`,
        };
      return { problem, expected: `a number ${atLeast} ${bound}` };
    }
    case 'invalid_format':
      return {
        problem,
        expected:
          issue.format === 'url'
            ? 'an absolute URL such as `https://example.com`'
            : `a string in ${issue.format} format`,
      };
    case 'invalid_union':
      return { problem, expected: 'one of the forms this option takes (docs/options.md lists them)' };
    default:
      return { problem, expected: 'a value of the form this option takes (docs/options.md lists it)' };
  }
}

/** Optimal string alignment distance: a swap of two neighbouring letters (`rulse`) counts as one edit. */
/** Levenshtein distance (the did-you-mean helpers bound the input lengths first). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Case, camelCase and `_`/`-` differences are not typos: `maxSnippet`, `max_snippet`, `max-snippet`. */
function comparable(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/**
 * Words longer than this get no suggestion: typos of names and keys are short, edit distance
 * is quadratic in the length, and a 500 KB value deserves none.
 */
export const MAX_SUGGEST_LENGTH = 64;
/**
 * The closest candidate to a mistyped word, or undefined when nothing is close:
 * at most a third of the word's letters may differ (`noindx` → `noindex`). Only for words of
 * up to {@link MAX_SUGGEST_LENGTH} characters, against candidates of up to four times that;
 * candidates whose length alone puts them out of reach are not compared.
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > MAX_SUGGEST_LENGTH) return undefined;
  const wanted = comparable(word);
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  // Among equally close candidates, the one written in the word's own style (`maxSnipet` → `maxSnippet`).
  let bestStyleDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate.length > 4 * MAX_SUGGEST_LENGTH) continue;
    const other = comparable(candidate);
    // The distance is at least the difference in length: past the limit, it can never be chosen.
    if (Math.abs(other.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted, other);
    const styleDistance = editDistance(word, candidate);
    if (distance < bestDistance || (distance === bestDistance && styleDistance < bestStyleDistance)) {
      best = candidate;
      bestDistance = distance;
      bestStyleDistance = styleDistance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

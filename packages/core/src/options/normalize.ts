/**
 * normalizeOptions, the one entry to the options: validated once by the options schema, every
 * default filled in, `indexable` detected from the environment, the result plain JSON data and
 * given again, returned as it is. Every error is a `RobotsError` in our words, located in the
 * user's file and package.
 */
import { RobotsError, zodIssueToError } from '../errors.js';
import { detectIndexable } from './indexable.js';
import { type NormalizedRobotsOptions, robotsOptionsSchema } from './schema.js';

export { detectIndexable, type IndexableDecision } from './indexable.js';

export interface NormalizeContext {
  /** The adapter's package name, for error messages. Default: `@robots-kit/core`. */
  package?: string;
  /** Where the options were written, for error messages. Default: `options`. */
  source?: string;
  /** The environment used to detect preview builds. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Results of normalizeOptions: given again, they are returned as they are. */
const normalized = new WeakSet<object>();
/** Whether `options` is a result of normalizeOptions (this process, this copy of core). */
export function isNormalized(options: unknown): options is NormalizedRobotsOptions {
  return typeof options === 'object' && options !== null && normalized.has(options);
}

/** Options nested deeper than this are refused before any check reads them (no option needs a tenth of it). */
export const MAX_OPTIONS_DEPTH = 64;
/**
 * The key of the first value nested deeper than {@link MAX_OPTIONS_DEPTH} (a value that contains
 * itself is infinitely deep), or `undefined` when there is none. Walked with a stack of its own,
 * each object again only when reached deeper than before (at most {@link MAX_OPTIONS_DEPTH} times),
 * so a hostile value can neither overflow the call stack here nor reach a check that would.
 */
function tooDeep(options: unknown): string | undefined {
  const stack: Array<{ value: unknown; key: string; depth: number }> = [{ value: options, key: '', depth: 0 }];
  const reached = new WeakMap<object, number>();
  while (stack.length > 0) {
    const { value, key, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null || (reached.get(value) ?? -1) >= depth) continue;
    if (depth > MAX_OPTIONS_DEPTH) return key;
    reached.set(value, depth);
    for (const [name, item] of Object.entries(value)) {
      const child = Array.isArray(value) ? `${key}[${name}]` : key ? `${key}.${name}` : name;
      stack.push({ value: item, key: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Validates user options with the options schema and fills in defaults. Throws `RobotsError`
 * for an unknown key (with a did-you-mean), a wrong type, a bad glob, a bad directive, or a value
 * nested too deep; the message names the package, the file, the key and the value.
 */
export function normalizeOptions(userOptions: unknown = {}, context: NormalizeContext = {}): NormalizedRobotsOptions {
  if (isNormalized(userOptions)) return userOptions;
  const source = context.source ?? 'options';
  const deep = tooDeep(userOptions);
  if (deep !== undefined) {
    throw new RobotsError({
      code: 'invalid-option',
      package: context.package,
      source,
      key: deep,
      problem: `options nested more than ${MAX_OPTIONS_DEPTH} levels deep, or containing themselves`,
      expected: 'plain option values (docs/options.md lists every option)',
    });
  }
  const parsed = robotsOptionsSchema.safeParse(userOptions ?? {});
  if (!parsed.success) throw zodIssueToError(parsed.error, userOptions, robotsOptionsSchema, source, context.package);
  const result: NormalizedRobotsOptions = {
    ...parsed.data,
    indexable: parsed.data.indexable ?? detectIndexable(context.env).indexable,
  };
  normalized.add(result);
  return result;
}

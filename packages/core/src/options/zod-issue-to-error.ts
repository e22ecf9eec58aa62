import type { z } from 'zod';
import { RobotsError } from '../errors/robots-error.js';
import { suggest } from '../directives/suggest.js';

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: unknown = schema;
  for (const key of path) {
    const def = (node as { def?: { type?: string; shape?: Record<string, unknown>; element?: unknown; innerType?: unknown; options?: unknown[] } }).def;
    if (!def) return [];
    if (def.type === 'optional' || def.type === 'default') node = def.innerType;
    if (typeof key === 'number') node = (node as { def: { element?: unknown } }).def.element;
    else node = ((node as { def: { shape?: Record<string, unknown> } }).def.shape ?? {})[key as string];
  }
  let def = (node as { def?: { type?: string; innerType?: unknown; shape?: Record<string, unknown>; options?: unknown[] } } | undefined)?.def;
  while (def && (def.type === 'optional' || def.type === 'default')) def = (def.innerType as { def?: typeof def }).def;
  if (def?.shape) return Object.keys(def.shape);
  const objectOption = def?.options?.map((option) => (option as { def?: { shape?: Record<string, unknown> } }).def?.shape).find(Boolean);
  return objectOption ? Object.keys(objectOption) : [];
}

/** Turns the first zod issue into a RobotsError that names the option, the value and the fix. */
export function zodIssueToError(error: z.ZodError, input: unknown, schema: z.ZodType, source: string, packageName?: string): RobotsError {
  // A misspelt key also makes its correct spelling missing: report the typo, with its did-you-mean.
  const issue = error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? error.issues[0]!;
  const key = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const unknownKey = issue.keys[0]!;
    return new RobotsError({
      code: 'unknown-option',
      package: packageName,
      source,
      key: key ? `${key}.${unknownKey}` : unknownKey,
      problem: 'unknown option',
      value: unknownKey,
      expected: 'one of ' + keysAt(schema, issue.path).map((k) => `\`${k}\``).join(', '),
      suggestion: suggest(unknownKey, keysAt(schema, issue.path)),
    });
  }
  return new RobotsError({
    code: 'invalid-option',
    package: packageName,
    source,
    key,
    problem: 'invalid option value',
    value: valueAt(input, issue.path),
    expected: issue.message.replace(/^Invalid input: /, '').replace(/^expected /, ''),
  });
}

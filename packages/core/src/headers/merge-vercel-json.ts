import { RobotsError } from '../errors/robots-error.js';
import { VERCEL_MARKER, type VercelHeaderEntry } from './write-vercel.js';

function isOurs(entry: unknown): boolean {
  const missing = (entry as { missing?: unknown } | null)?.missing;
  return Array.isArray(missing) && missing.some((item) => (item as { key?: unknown } | null)?.key === VERCEL_MARKER.key);
}

function fail(file: string, value: unknown, problem: string, expected: string): never {
  throw new RobotsError({ code: 'invalid-existing-file', source: file, key: 'headers.vercel.mergeInto', value, problem, expected });
}

/**
 * A `vercel.json` with our header entries in place of the previous ones (found by their
 * marker) and every other key and entry kept, in its indentation.
 */
export function mergeVercelJson(existing: string | undefined, entries: readonly VercelHeaderEntry[], file: string): string {
  if (existing === undefined || existing.trim() === '') return JSON.stringify({ headers: entries }, null, 2) + '\n';
  let config: unknown;
  try {
    config = JSON.parse(existing);
  } catch (error) {
    return fail(file, (error as Error).message, 'invalid JSON', 'a valid `vercel.json`');
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return fail(file, config, 'not a JSON object', 'a `vercel.json` object');
  const record = config as Record<string, unknown>;
  const headers = record.headers ?? [];
  if (!Array.isArray(headers)) return fail(file, headers, '`headers` is not an array', 'Vercel\'s `headers` array');
  const kept = headers.filter((entry) => !isOurs(entry));
  const merged = entries.length === 0 && !('headers' in record) ? record : { ...record, headers: [...kept, ...entries] };
  const indent = /\n([ \t]+)"/.exec(existing)?.[1] ?? '  ';
  return JSON.stringify(merged, null, indent) + (existing.endsWith('\n') ? '\n' : '');
}

/**
 * Vercel's Build Output API (`.vercel/output/config.json`, written by `@astrojs/vercel` and by
 * `vercel build`): robots-kit's header routes put into the deployment the build makes.
 */
import { RobotsError } from '../errors.js';
import { printRegex, globToPathRegex } from '../glob/translate.js';
import { valueList } from './options.js';
import type { PlannedEntry } from './plan.js';
import { VERCEL_MARKER } from './vercel.js';

/** Where the Build Output API's routing lives, relative to the project root. */
export const VERCEL_OUTPUT_CONFIG = '.vercel/output/config.json';

/** One header route: `continue` lets routing go on, so it changes no response but its headers. */
export interface VercelHeaderRoute {
  src: string;
  headers: Record<string, string>;
  continue: true;
  missing: Array<{ type: string; key: string }>;
}
/**
 * The routes of the planned entries, most specific last (Vercel applies every matching route with
 * `continue`, a later one replacing the same header). `src` is a regex on the whole path, with or
 * without a trailing `/`; Vercel keeps one value per header, so the values are joined, every
 * crawler's first. Each route carries the marker condition of `vercel.json` entries, which no
 * request meets the other way round (no request sends the header), to be found again.
 */
export function vercelHeaderRoutes(planned: readonly PlannedEntry[]): VercelHeaderRoute[] {
  return [...planned]
    .reverse()
    .filter((entry) => valueList(entry.values).length > 0)
    .map((entry) => ({
      src: entry.glob.segments.length === 0 ? '^/$' : `^/${printRegex(globToPathRegex(entry.glob))}/?$`,
      headers: { 'X-Robots-Tag': valueList(entry.values).join(', ') },
      continue: true,
      missing: [{ ...VERCEL_MARKER }],
    }));
}
function isOurs(route: unknown): boolean {
  const missing = (route as { missing?: unknown } | null)?.missing;
  return (
    Array.isArray(missing) && missing.some((item) => (item as { key?: unknown } | null)?.key === VERCEL_MARKER.key)
  );
}
/**
 * The config with robots-kit's routes first, replacing those of an earlier build and those
 * `vercel build` carried over from robots-kit's entries in `vercel.json` (the previous build's):
 * header routes with `continue` come before `{ handle: 'filesystem' }`, where Vercel applies them
 * to static files and functions alike. The other routes and keys are kept in their order.
 */
export function mergeVercelOutputConfig(existing: string, routes: readonly VercelHeaderRoute[], file: string): string {
  let config: unknown;
  try {
    config = JSON.parse(existing);
  } catch (error) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      value: (error as Error).message,
      problem: 'invalid JSON in the Build Output API config',
      expected: 'the `config.json` your Vercel adapter or `vercel build` wrote: build again',
    });
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      value: typeof config,
      problem: 'the Build Output API config is not a JSON object',
      expected: 'an object with `version: 3` and `routes`',
    });
  }
  const record = config as Record<string, unknown>;
  const current = Array.isArray(record.routes) ? (record.routes as unknown[]) : [];
  const merged = { ...record, routes: [...routes, ...current.filter((route) => !isOurs(route))] };
  const newline = /\r\n/.test(existing) ? '\r\n' : '\n';
  const indent = /^[{[]\r?\n(\s+)/.exec(existing)?.[1] ?? (existing.includes('\n') ? '  ' : undefined);
  const text = JSON.stringify(merged, null, indent);
  return (indent === undefined ? text : text.replace(/\n/g, newline)) + (/\n$/.test(existing) ? newline : '');
}

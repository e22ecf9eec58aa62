import { RobotsError } from '../errors/robots-error.js';
import { vercelSourceRegex } from './vercel-source-regex.js';
import { VERCEL_MARKER } from './write-vercel.js';

export interface VercelHeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
  /** Whether robots-kit wrote the entry (it carries robots-kit's marker condition). */
  generated: boolean;
}

/** The `headers` entries of a `vercel.json` (or `vercel-headers.json`), in order. */
export function readVercelHeaders(json: string, file = 'vercel.json'): VercelHeaderRule[] {
  let config: unknown;
  try {
    config = JSON.parse(json);
  } catch (error) {
    throw new RobotsError({ code: 'invalid-existing-file', source: file, problem: 'invalid JSON', value: (error as Error).message, expected: 'a valid `vercel.json`' });
  }
  const headers = (config as { headers?: unknown } | null)?.headers;
  if (!Array.isArray(headers)) return [];
  return headers
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && typeof (entry as { source?: unknown }).source === 'string')
    .map((entry) => ({
      source: entry.source as string,
      headers: (Array.isArray(entry.headers) ? entry.headers : [])
        .filter((header): header is { key: string; value: string } => typeof header?.key === 'string' && typeof header?.value === 'string')
        .map(({ key, value }) => ({ key, value })),
      generated: Array.isArray(entry.missing) && entry.missing.some((item: unknown) => (item as { key?: unknown } | null)?.key === VERCEL_MARKER.key),
    }));
}

/** Whether a Vercel `source` applies to a URL path; a source Vercel would reject matches nothing. */
export function matchVercelSource(source: string, urlPath: string): boolean {
  try {
    return vercelSourceRegex(source).test(urlPath);
  } catch {
    return false;
  }
}

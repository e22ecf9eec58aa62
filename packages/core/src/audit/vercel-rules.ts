import { matchVercelSource, readVercelHeaders } from '../headers/read-vercel-headers.js';
import type { RobotsHeaderRule } from './header-rules.js';
import { isRobotsHeader } from './is-robots-header.js';

/** The `X-Robots-Tag` rules of a `vercel.json` `headers` array; throws `RobotsError` for invalid JSON. */
export function vercelRules(json: string, file: string): RobotsHeaderRule[] {
  return readVercelHeaders(json, file).flatMap((entry) =>
    entry.headers
      .filter((header) => isRobotsHeader(header.key))
      .map((header): RobotsHeaderRule => ({
        pattern: entry.source,
        value: header.value,
        action: 'add',
        location: { file },
        matches: (urlPath) => matchVercelSource(entry.source, urlPath),
      })),
  );
}

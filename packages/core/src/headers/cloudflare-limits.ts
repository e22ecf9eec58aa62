import { RobotsError } from '../errors/robots-error.js';
import { parseHeadersFile } from './parse-headers-file.js';

/** Cloudflare Pages reads at most 100 `_headers` rules and 2,000 characters a line, and skips the rest. */
export const CLOUDFLARE_MAX_RULES = 100;
export const CLOUDFLARE_MAX_LINE = 2000;

/** Refuses a `_headers` that Cloudflare Pages would silently cut short. */
export function checkCloudflareLimits(content: string, file: string): void {
  const rules = parseHeadersFile(content).size;
  const longLine = content.split(/\r?\n/).find((line) => line.length > CLOUDFLARE_MAX_LINE);
  if (rules <= CLOUDFLARE_MAX_RULES && longLine === undefined) return;
  throw new RobotsError({
    code: 'too-many-header-rules',
    source: file,
    key: 'headers.targets',
    value: longLine === undefined ? `${rules} rules` : `${longLine.slice(0, 60)}…`,
    problem: longLine === undefined ? 'Cloudflare Pages applies only the first 100 rules of `_headers`' : 'Cloudflare Pages skips `_headers` lines over 2,000 characters',
    expected: 'fewer rules: `headers.html: false` (each page is a rule), broader globs, globs `_headers` can express (one it cannot is written as a rule per matching file), or `cloudflare` out of `headers.targets`',
  });
}

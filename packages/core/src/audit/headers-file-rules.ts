import { matchHeaderPattern } from '../headers/match-header-pattern.js';
import { parseHeadersFile } from '../headers/parse-headers-file.js';
import type { RobotsHeaderRule } from './header-rules.js';
import { isRobotsHeader } from './is-robots-header.js';

/**
 * The `X-Robots-Tag` rules of a `_headers` file (Netlify, Cloudflare Pages), matched as Netlify
 * does. Every matching rule's header is sent, so each one adds.
 */
export function headersFileRules(text: string, file = '_headers'): RobotsHeaderRule[] {
  const rules: RobotsHeaderRule[] = [];
  for (const [pattern, headers] of parseHeadersFile(text)) {
    for (const header of headers) {
      if (!isRobotsHeader(header.name)) continue;
      rules.push({ pattern, value: header.value, action: 'add', location: { file }, matches: (urlPath) => matchHeaderPattern(pattern, urlPath) });
    }
  }
  return rules;
}

import { z } from 'zod';
import { parseRobots } from '../directives/parse-robots.js';
import { validateGlob } from '../options/glob.js';
import { zodIssueToError } from '../options/zod-issue-to-error.js';
import { rejectControlCharacters } from './control-characters.js';
import { parseHeaderGlob } from './glob/parse-header-glob.js';
import type { LocatedGlob, NormalizedHeadersOptions } from './normalized-headers-options.js';
import { headersOptionsSchema } from './options-schema.js';
import { HEADER_TARGETS } from './targets.js';
import { userAgentDirectives } from './user-agent-directives.js';

const located = z.strictObject({ headers: headersOptionsSchema });

/**
 * Validates the `headers` option and parses its globs and directives. Throws RobotsError
 * with keys like `headers.rules[0].path` for an unknown key, a wrong type, a bad glob or one
 * outside the translatable subset, an unknown directive (always strict: a header cannot
 * carry a token robots-kit does not know), a control character anywhere, or a bad
 * `userAgent`. Whether `_headers` can express a glob is left to `generateHeaderFiles`: with
 * the build's files it lists the matching ones instead, and these are known only then.
 */
export function validateHeadersOptions(options: unknown, source = 'options'): NormalizedHeadersOptions {
  const parsed = located.safeParse({ headers: options });
  if (!parsed.success) {
    throw zodIssueToError(parsed.error, { headers: options }, located, source);
  }
  const { headers } = parsed.data;
  rejectControlCharacters(headers, 'headers', source);
  const targets = HEADER_TARGETS.filter((target) => headers.targets.includes(target));

  const rules = (headers.rules ?? []).map((rule, index) => {
    const key = `headers.rules[${index}]`;
    const paths = typeof rule.path === 'string' ? [rule.path] : rule.path;
    const globs = paths.map((path, j): LocatedGlob => {
      const pathKey = typeof rule.path === 'string' ? `${key}.path` : `${key}.path[${j}]`;
      return { glob: parseHeaderGlob(validateGlob(path, pathKey, source), { source, key: pathKey }), key: pathKey };
    });
    const robots = parseRobots(rule.robots, { file: source, key: `${key}.robots` }, { strict: true });
    return { globs, directives: userAgentDirectives(robots, rule.userAgent, key, source) };
  });
  const result: NormalizedHeadersOptions = { rules, html: headers.html ?? false, targets, vercel: {}, source };
  if (headers.vercel?.mergeInto !== undefined) result.vercel.mergeInto = headers.vercel.mergeInto;
  return result;
}

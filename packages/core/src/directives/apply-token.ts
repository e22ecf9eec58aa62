import { applyValueDirective } from './apply-value-directive.js';
import { DIRECTIVE_NAMES, isFlagDirective, isValueDirective } from './known-directives.js';
import type { MutableDirectives } from './mutable-directives.js';
import { fail, reject, type ParseContext } from './parse-context.js';
import { suggest } from './suggest.js';

/**
 * Applies one directive token (`noindex`, `max-snippet:50`, `unavailable_after: 2026-12-31`).
 * Returns false when the token was rejected with `strict: false`.
 */
export function applyToken(directives: MutableDirectives, token: string, context: ParseContext): boolean {
  const colon = token.indexOf(':');
  const name = (colon < 0 ? token : token.slice(0, colon)).trim().toLowerCase();
  const value = colon < 0 ? undefined : token.slice(colon + 1).trim();

  if (isFlagDirective(name)) {
    if (value !== undefined) {
      fail(context, { code: 'unexpected-value', problem: `directive \`${name}\` takes no value, got`, value: token });
    }
    directives.flags.add(name);
    return true;
  }
  if (isValueDirective(name)) {
    if (value === undefined || value === '') {
      fail(context, {
        code: 'missing-value',
        problem: `directive \`${name}\` needs a value`,
        value: token,
        expected: name === 'unavailable_after' ? '`unavailable_after: 2026-12-31`' : `\`${name}:<value>\``,
      });
    }
    applyValueDirective(directives, name, value, context);
    return true;
  }
  reject(context, {
    code: 'unknown-directive',
    problem: 'unknown directive',
    value: token,
    expected: 'a robots directive such as `noindex`, `nofollow` or `max-snippet:50`',
    suggestion: suggest(name, DIRECTIVE_NAMES),
  });
  return false;
}

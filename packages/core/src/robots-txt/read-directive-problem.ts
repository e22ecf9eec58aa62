import { suggest } from '../directives/suggest.js';
import { isAbsoluteUrl } from './is-absolute-url.js';
import { makeDiagnostic } from './make-diagnostic.js';
import { extractProductToken, isGlobalUserAgent } from './product-token.js';
import type { RobotsTxtDirective, RobotsTxtToken } from './tokenize.js';
import type { RobotsTxtDiagnostic } from './types.js';

const CANONICAL_KEYS = { 'user-agent': 'User-agent', allow: 'Allow', disallow: 'Disallow', sitemap: 'Sitemap' } as const;
const KNOWN_KEYS = [...Object.values(CANONICAL_KEYS), 'Crawl-delay', 'Content-Signal', 'Content-Usage'];

function unknownKeyProblem(token: RobotsTxtToken, directive: RobotsTxtDirective): RobotsTxtDiagnostic {
  if (directive.unsupported) {
    return makeDiagnostic(
      'unsupported-directive',
      'error',
      token,
      `Google stopped reading \`${directive.key}\` in robots.txt in 2019; use a robots meta tag or an X-Robots-Tag header instead`,
    );
  }
  const suggestion = suggest(directive.key, KNOWN_KEYS);
  return makeDiagnostic(
    'unknown-directive',
    'error',
    token,
    `unknown key \`${directive.key}\`; crawlers ignore the line` + (suggestion ? ` (did you mean \`${suggestion}\`?)` : ''),
  );
}

/**
 * What is wrong with a key/value line on its own (its place in the file is
 * checked by the parser); undefined when nothing is.
 */
export function readDirectiveProblem(
  token: RobotsTxtToken,
  directive: RobotsTxtDirective,
): RobotsTxtDiagnostic | undefined {
  if (directive.type === 'unknown') return directive.other ? undefined : unknownKeyProblem(token, directive);
  if (directive.typo) {
    const canonical = CANONICAL_KEYS[directive.type];
    return makeDiagnostic('accepted-typo', 'warning', token, `Google accepts \`${directive.key}\` as \`${canonical}\`, other crawlers may not`);
  }
  if (directive.missingColon) {
    return makeDiagnostic('missing-colon', 'warning', token, 'Google accepts a missing `:` after the key, other crawlers may not');
  }
  if (directive.type === 'user-agent' && !isGlobalUserAgent(directive.value)) {
    const productToken = extractProductToken(directive.value);
    if (productToken === '') {
      return makeDiagnostic('invalid-user-agent', 'error', token, 'the user-agent does not start with a product token (letters, `-`, `_`), so no crawler matches it');
    }
    if (productToken !== directive.value) {
      return makeDiagnostic('user-agent-truncated', 'warning', token, `Google reads this user-agent as \`${productToken}\` (a product token is letters, \`-\` and \`_\` only)`);
    }
  }
  if (directive.type === 'sitemap' && !isAbsoluteUrl(directive.value)) {
    return makeDiagnostic('relative-sitemap', 'error', token, 'a sitemap must be a full URL (`https://…`); crawlers ignore a relative one');
  }
  return undefined;
}

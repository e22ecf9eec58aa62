import { assertSingleLine } from './assert-single-line.js';
import { isAbsoluteUrl } from './is-absolute-url.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

const EXPECTED = 'a URL path starting with `/` (or `*`), e.g. `/private/`';

function pathOfUrl(value: string): string {
  const url = new URL(value);
  return url.pathname + url.search;
}

/** Throws unless `value` is a valid `Allow`/`Disallow` path. */
export function validateRulePath(value: unknown, key: string, type: 'allow' | 'disallow', source?: string): asserts value is string {
  assertSingleLine(value, key, source, EXPECTED);
  const fail = (problem: string, suggestion?: string): never => {
    throw robotsTxtOptionError({ key, value, problem, expected: EXPECTED, suggestion }, source);
  };
  if (value === '') {
    if (type === 'disallow') return;
    fail('empty `Allow:` allows nothing, got');
  }
  if (value === '*') {
    fail(`\`${type === 'allow' ? 'Allow' : 'Disallow'}: *\` is not valid robots.txt (\`/\` means the whole site), got`, '/');
  }
  if (!value.startsWith('/') && !value.startsWith('*')) {
    if (isAbsoluteUrl(value)) fail('full URL where robots.txt rules hold only the path, got', pathOfUrl(value));
    fail('path does not start with `/` or `*`, got', '/' + value.replace(/^\.?\/*/, ''));
  }
  if (value.includes('#')) {
    fail('path contains `#`, which starts a comment in robots.txt so crawlers would cut the rule there, got', value.replaceAll('#', '%23'));
  }
  if (/\s/u.test(value)) {
    fail('path contains whitespace, which never appears in a URL as sent, got', value.replace(/\s/gu, (space) => encodeURIComponent(space)));
  }
}

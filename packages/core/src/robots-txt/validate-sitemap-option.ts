import { assertSingleLine } from './assert-single-line.js';
import { isAbsoluteUrl } from './is-absolute-url.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';

const EXPECTED = 'an absolute URL (`https://example.com/sitemap.xml`), a path starting with `/`, or `true`';

function validateSitemapEntry(value: unknown, key: string, source?: string): void {
  assertSingleLine(value, key, source, EXPECTED);
  const fail = (problem: string, suggestion?: string): never => {
    throw robotsTxtOptionError({ key, value, problem, expected: EXPECTED, suggestion }, source);
  };
  if (/\s/u.test(value)) fail('sitemap URL contains whitespace, got', value.replace(/\s/gu, (space) => encodeURIComponent(space)));
  if (value.includes('#')) fail('sitemap URL contains `#`, which starts a comment in robots.txt, got', value.slice(0, value.indexOf('#')));
  const isHttp = /^https?:\/\//i.test(value);
  if (isAbsoluteUrl(value) && !isHttp) fail('sitemap URL is not http(s), got');
  if (!isHttp && !value.startsWith('/')) fail('sitemap is neither an absolute URL nor a path starting with `/`, got', '/' + value.replace(/^\.?\/*/, ''));
}

/** Throws unless the `sitemap` option is `true`, a URL or path, or a list of them. */
export function validateSitemapOption(value: unknown, key: string, source?: string): void {
  if (value === true) return;
  if (Array.isArray(value)) {
    value.forEach((entry, index) => validateSitemapEntry(entry, `${key}[${index}]`, source));
    return;
  }
  if (typeof value === 'string') {
    validateSitemapEntry(value, key, source);
    return;
  }
  throw robotsTxtOptionError(
    { key, value, problem: 'invalid sitemap option', expected: EXPECTED, suggestion: value === false ? 'remove the option' : undefined },
    source,
  );
}

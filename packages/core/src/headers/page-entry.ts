import { isCrawlerName } from '../directives/crawler-name.js';
import { parseRobots } from '../directives/parse-robots.js';
import type { Directives } from '../directives/types.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import { RobotsError } from '../errors/robots-error.js';
import { urlPath } from '../options/glob.js';
import { rejectControlCharacters } from './control-characters.js';
import { globToPathRegex } from './glob/glob-to-path-regex.js';
import { LITERAL_CHARACTERS_TEXT } from './glob/literal-characters.js';
import { parseHeaderGlob } from './glob/parse-header-glob.js';
import type { HeaderEntry } from './header-entry.js';

const PAGE_PATH = /^\/(?:[A-Za-z0-9._~@+,=-]+\/?)*$/;

/** An `html: true` page as a header entry for its exact URL, or undefined when its tags say nothing. */
export function pageEntry(page: { url: string; tags: Readonly<Record<string, string>> }, source: string): HeaderEntry | undefined {
  rejectControlCharacters(page, 'headers.html', page.url);
  const names = Object.keys(page.tags);
  if (names.length === 0) return undefined;
  const url = urlPath(page.url);
  if (!PAGE_PATH.test(url)) {
    throw new RobotsError({
      code: 'unsupported-page-url',
      source,
      key: 'headers.html',
      value: page.url,
      problem: 'page URL cannot be written to header files exactly',
      expected: `a URL path of ${LITERAL_CHARACTERS_TEXT} (hosts disagree on matching percent-encoded paths); set \`headers.html\` to false or rename the page`,
    });
  }
  const crawlers = new Map<string, Directives>();
  let all: Directives = { flags: new Set() };
  for (const name of names.sort()) {
    if (!isCrawlerName(name)) {
      throw new RobotsError({ code: 'invalid-crawler-name', source: page.url, key: 'tags', value: name, problem: 'invalid meta name', expected: '`robots` or a crawler product token such as `googlebot`' });
    }
    const directives = parseRobots(page.tags[name], { file: page.url, key: name }, { strict: true }).all;
    if (name.toLowerCase() === ALL_CRAWLERS_META_NAME) all = directives;
    else crawlers.set(name.toLowerCase(), directives);
  }
  const glob = parseHeaderGlob(url, { source: page.url, key: 'headers.html' });
  return { glob, exactUrl: url, directives: { all, crawlers }, origins: [`page ${url}`], regex: globToPathRegex(glob) };
}

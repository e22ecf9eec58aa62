import { matchesAnyGlob, urlPath } from '../options/glob.js';

/** `/404`, `/404.html`, `/500/`, `/fr/404/`: a 4xx or 5xx status as the last path segment. */
const ERROR_PAGE_URL = /(?:^|\/)[45]\d\d(?:\.html?)?\/?$/i;

/** Error pages never carry robots tags (functional specification, "Error templates"). */
export function isErrorPage(page: { url: string; status?: number }, errorPages: readonly string[] = []): boolean {
  if (page.status !== undefined && page.status >= 400 && page.status <= 599) return true;
  return ERROR_PAGE_URL.test(urlPath(page.url)) || matchesAnyGlob(page.url, errorPages);
}

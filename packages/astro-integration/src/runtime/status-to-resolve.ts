/** `/404`, `/500`, and one leading segment for a locale: `/fr/404`, `/[locale]/404`. */
const ERROR_ROUTE = /^(?:\/[^/]+)?\/(404|500)$/;

/**
 * The status to resolve a page with, or `undefined` to leave the response alone.
 * Redirects and other 1xx/3xx responses are never touched. 4xx and 5xx pages are error
 * pages (no robots tags). A prerendered localized error page is served with 200 at build
 * time, so its route pattern is the fallback signal.
 */
export function statusToResolve(status: number, routePattern: string): number | undefined {
  if (status >= 400 && status <= 599) return status;
  if (status < 200 || status >= 300 || status === 204) return undefined;
  const errorRoute = ERROR_ROUTE.exec(routePattern);
  return errorRoute ? Number(errorRoute[1]) : status;
}

import type { IntegrationResolvedRoute } from 'astro';

/** Route pattern → root-relative file that renders it; the first route wins, as in Astro's own matching. */
export function routeFiles(routes: readonly IntegrationResolvedRoute[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const route of routes) {
    if (!files.has(route.pattern)) files.set(route.pattern, route.entrypoint);
  }
  return files;
}

import type { ViteDevServer } from 'vite';
import { RESOLVED_VIRTUAL_MODULE_ID } from './virtual-module-id.js';

/**
 * Marks the data module stale in every environment of the dev server. The middleware imports
 * it anew on each request, so the next request reloads it: no HMR needed, which matters
 * because Astro turns HMR off when `NODE_ENV` is `test` or `production`.
 */
export function invalidateDataModule(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    const module = environment.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID);
    if (module) environment.moduleGraph.invalidateModule(module);
  }
}

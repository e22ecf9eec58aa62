import type { Plugin } from 'vite';
import { isContentFile } from '../front-matter/content-file-extensions.js';
import { isInside } from '../front-matter/is-inside.js';
import { refreshFrontMatterFile } from '../front-matter/refresh-front-matter-file.js';
import { PACKAGE_NAME } from '../package-name.js';
import type { IntegrationState } from '../state.js';
import { moduleCode } from './module-code.js';
import { robotsDataOf } from './robots-data-of.js';
import { RESOLVED_VIRTUAL_MODULE_ID, VIRTUAL_MODULE_ID } from './virtual-module-id.js';

/**
 * Serves options and front matter to the middleware as `virtual:@robots-kit/astro/data`.
 * In dev, when a content file's own directives change, it adds the virtual module to the
 * hot update: Astro then re-evaluates it (and the middleware importing it) on the next request.
 * `enforce: 'pre'` puts this `hotUpdate` before Astro's, which clears its middleware cache
 * only when the update has modules.
 */
export function robotsVitePlugin(state: IntegrationState): Plugin {
  let lastChange: { file: string; timestamp: number } | undefined;
  return {
    name: `${PACKAGE_NAME}:data`,
    enforce: 'pre',
    resolveId: {
      filter: { id: /^virtual:@robots-kit\/astro\/data$/ },
      handler(id) {
        return id === VIRTUAL_MODULE_ID ? RESOLVED_VIRTUAL_MODULE_ID : undefined;
      },
    },
    load: {
      filter: { id: /^\0virtual:@robots-kit\/astro\/data$/ },
      async handler(id) {
        return id === RESOLVED_VIRTUAL_MODULE_ID ? moduleCode(await robotsDataOf(state)) : undefined;
      },
    },
    async hotUpdate({ file, timestamp, modules }) {
      if (!isContentFile(file) || !isInside(state.srcDir, file)) return;
      // Vite calls this once per environment for the same change; the first call refreshes.
      const seen = lastChange?.file === file && lastChange.timestamp === timestamp;
      if (!seen && !(await refreshFrontMatterFile(state, file))) return;
      lastChange = { file, timestamp };
      const data = this.environment.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID);
      if (!data) return;
      this.environment.moduleGraph.invalidateModule(data);
      return modules.includes(data) ? modules : [...modules, data];
    },
  };
}

import type { Plugin } from 'vite';
import { isContentFile } from '../front-matter/content-file-extensions.js';
import { isInside } from '../front-matter/is-inside.js';
import { PACKAGE_NAME } from '../package-name.js';
import { robotsTxtDevMiddleware } from '../robots-txt/robots-txt-dev-middleware.js';
import type { IntegrationState } from '../state.js';
import { invalidateDataModule } from './invalidate-data-module.js';
import { moduleCode } from './module-code.js';
import { robotsDataOf } from './robots-data-of.js';
import { RESOLVED_VIRTUAL_MODULE_ID, VIRTUAL_MODULE_ID } from './virtual-module-id.js';

/**
 * Serves options and front matter to the middleware as `virtual:@robots-kit/astro/data`.
 * In dev, creating, editing or deleting a content file under `srcDir` drops the front matter
 * read so far and marks the module stale; the next request reads the files again. The dev
 * server also answers `/robots.txt`, before Vite serves `public/`.
 */
export function robotsVitePlugin(state: IntegrationState): Plugin {
  return {
    name: `${PACKAGE_NAME}:data`,
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
    configureServer(server) {
      server.middlewares.use(robotsTxtDevMiddleware(() => state));
      state.invalidate = () => {
        state.frontMatter = undefined;
        invalidateDataModule(server);
      };
      server.watcher.on('all', (event, file) => {
        if (['add', 'change', 'unlink'].includes(event) && isContentFile(file) && isInside(state.srcDir, file)) state.invalidate?.();
      });
    },
  };
}

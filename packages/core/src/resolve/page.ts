import type { ExistingRobotsTag } from '../directives/types.js';
import type { RobotsWarning } from '../errors/robots-warning.js';

/** What an adapter knows about one page. */
export interface PageToResolve {
  /** The page's URL path, e.g. `/blog/post/`. */
  url: string;
  /** Front matter or the data cascade; the page's own directives are under `frontMatterKey`. */
  data?: Readonly<Record<string, unknown>>;
  /** Names of the collections the page belongs to. */
  collections?: Iterable<string>;
  /** The HTTP status the page is served with; 4xx and 5xx pages get no robots tags. */
  status?: number;
  /**
   * More of the page's own directives, combined with its front matter like every other source:
   * e.g. `Astro.locals.robots` and a content-collection entry's field. `source`/`key` name them
   * in error messages.
   */
  own?: ReadonlyArray<{ robots: unknown; source?: string; key?: string }>;
  /** Robots tags already in the page's HTML (a theme's hard-coded tag), merged rather than duplicated. */
  existing?: readonly ExistingRobotsTag[];
  /** The page's source file, for error messages. */
  source?: string;
}

export interface ResolvedPage {
  /** Meta name to content, `robots` first, e.g. `{ robots: 'noindex, follow' }`. */
  tags: Record<string, string>;
  warnings: RobotsWarning[];
}

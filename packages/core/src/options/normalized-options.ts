import type { ImagePreview, RobotsInput } from '../directives/types.js';
import type { RobotsTxtOptions } from '../robots-txt/options-types.js';
import type { HeadersOptions } from '../headers/options-schema.js';

/**
 * Validated options with every default filled in. Plain JSON data, so adapters can
 * send it through a bundler (Astro's middleware) and pass it to `normalizeOptions` again.
 */
export interface NormalizedRobotsOptions {
  defaults?: RobotsInput;
  noindex: { collections: string[]; paths: string[] };
  rules: Array<{ path: string[]; robots: RobotsInput }>;
  frontMatterKey: string;
  errorPages: string[];
  googlebot: false | { maxSnippet: number; maxImagePreview: ImagePreview; maxVideoPreview: number };
  indexable: boolean;
  strict: boolean;
  site?: string;
  robotsTxt: false | RobotsTxtOptions;
  /** As the user wrote it (validated): `generateHeaderFiles` takes this form. */
  headers?: HeadersOptions;
  audit: boolean;
}

import { addGroupToDocument } from './add-group-to-document.js';
import type { RobotsDocument } from './document-types.js';
import { documentFromExisting } from './document-from-existing.js';
import { formatDocument } from './format-document.js';
import { groupSpecsFromOptions } from './group-specs-from-options.js';
import { NON_INDEXABLE_ROBOTS_TXT } from './non-indexable-robots-txt.js';
import type { RobotsTxtContext, RobotsTxtOptions } from './options-types.js';
import { resolveSitemaps } from './resolve-sitemaps.js';
import { validateRobotsTxtOptions } from './validate-robots-txt-options.js';

/** Validates the options and writes the robots.txt text (see `generateRobotsTxt`). */
export function buildRobotsTxt(options: RobotsTxtOptions, context: RobotsTxtContext): string {
  validateRobotsTxtOptions(options, context.source);
  if (!context.indexable) return NON_INDEXABLE_ROBOTS_TXT;
  const sitemaps = resolveSitemaps(options.sitemap, context);
  const document: RobotsDocument =
    context.existing === undefined
      ? { preamble: [], groups: [], sitemaps: new Map() }
      : documentFromExisting(context.existing, context.existingSource ?? 'robots.txt');
  for (const spec of groupSpecsFromOptions(options)) addGroupToDocument(document, spec, context.source);
  for (const url of sitemaps) {
    if (!document.sitemaps.has(url)) document.sitemaps.set(url, `Sitemap: ${url}`);
  }
  return formatDocument(document);
}

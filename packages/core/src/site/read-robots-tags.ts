import { isRobotsMetaName } from '../directives/known-crawlers.js';
import type { ExistingRobotsTag } from '../directives/types.js';
import { attributeValue } from '../html/meta-attributes.js';
import { namedMetas } from '../html/named-meta.js';
import { scanPreBody } from '../html/scan-pre-body.js';

/**
 * The robots tags in a built page's head (`robots` and crawler names), read with the same
 * pre-body scanner as `injectRobots`. Adapters use it after the build, e.g. to keep noindex
 * pages out of sitemaps, without re-resolving anything.
 */
export function readRobotsTags(html: string): ExistingRobotsTag[] {
  try {
    return namedMetas(scanPreBody(html).headNodes)
      .filter((meta) => isRobotsMetaName(meta.name))
      .map((meta) => ({ name: meta.name, content: attributeValue(meta.tag, 'content') ?? '' }));
  } catch {
    return [];
  }
}

import { siteWarnings, writeFileAtomic, type HtmlPage } from '@robots-kit/core';
import { join, relative } from 'node:path';
import { generateAstroRobotsTxt } from '../robots-txt/generate-astro-robots-txt.js';
import type { IntegrationState } from '../state.js';

/**
 * Writes `robots.txt` into the output folder (atomically), then warns about what crawlers
 * will make of it: lines they ignore, AI bots still allowed, crawler groups that drop the
 * `*` group's disallows, and noindex pages robots.txt keeps them from seeing. A
 * non-indexable build disallows everything on purpose, so its pages are not checked.
 */
export async function writeRobotsTxt(state: IntegrationState, dir: string, pages: () => HtmlPage[]): Promise<void> {
  const report = await generateAstroRobotsTxt(state);
  if (report === undefined) return;
  writeFileAtomic(join(dir, 'robots.txt'), report.text);
  const { logger, options, base } = state;
  logger.info(`\`robots.txt\` created at \`${relative(process.cwd(), dir) || '.'}\``);
  if (base.replace(/\/+$/, '') !== '') {
    logger.warn(`robots.txt is served at ${base.replace(/\/+$/, '')}/robots.txt, but crawlers read it only at the root of the host (/robots.txt): publish it there too.`);
  }
  for (const line of siteWarnings(report, options.indexable ? pages() : [], { indexable: options.indexable })) logger.warn(line);
}

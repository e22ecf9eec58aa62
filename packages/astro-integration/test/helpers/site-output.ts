import { DomUtils, parseDocument } from 'htmlparser2';
import { expect } from 'vitest';
import type { BuiltFixture, LogEntry } from './build-fixture.js';
import { robotsTags } from './robots-tags.js';
import { tokens } from './tokens.js';

/** The Googlebot tag an indexable page gets by default, as sorted tokens. */
export const GOOGLEBOT_DEFAULT = ['max-image-preview:large', 'max-snippet:-1', 'max-video-preview:-1'];

/** The robots tags of a built page, as name → sorted tokens; a name present twice fails. */
export async function tagsOf(site: BuiltFixture, path: string): Promise<Record<string, string[]>> {
  const found = robotsTags(await site.read(path));
  const names = found.map(([name]) => name);
  expect(new Set(names).size, `duplicate robots tags in ${path}: ${JSON.stringify(found)}`).toBe(names.length);
  return Object.fromEntries(found.map(([name, content]) => [name, tokens(content)]));
}

/** The `<loc>` URLs of a sitemap or sitemap index, in document order. */
export function locs(xml: string): string[] {
  return DomUtils.findAll((element) => element.name === 'loc', parseDocument(xml, { xmlMode: true }).children).map(
    (loc) => DomUtils.textContent(loc).trim(),
  );
}

/** The messages `@robots-kit/astro` logged at `level` (`info`, `warn`, `error`). */
export function ours(logs: readonly LogEntry[], level: string): string[] {
  return logs
    .filter((entry) => entry.label === '@robots-kit/astro' && entry.level === level)
    .map((entry) => entry.message);
}

/** The audit's headline, e.g. `robots-kit audit of …: 7 pages, 3 sitemap URLs; 0 errors, 0 warnings, 0 info`. */
export function auditHeadline(logs: readonly LogEntry[]): string | undefined {
  return ours(logs, 'info').find((message) => message.startsWith('robots-kit audit of '));
}

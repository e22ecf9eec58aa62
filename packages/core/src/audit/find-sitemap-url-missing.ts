import { stat } from 'node:fs/promises';
import type { AuditData } from './audit-data.js';
import { groupBy } from './group-by.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import { resolveInside } from './resolve-inside.js';
import type { AuditFinding } from './types.js';
import { urlPathKey } from './url-path-key.js';

async function isFile(file: string | undefined): Promise<boolean> {
  if (file === undefined) return false;
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** `sitemap-url-missing`: sitemap URLs with neither a page nor any other file behind them, grouped by sitemap. */
export async function findSitemapUrlMissing(data: AuditData): Promise<AuditFinding[]> {
  const basePath = data.context.site?.basePath ?? '';
  const missing: Array<{ url: string; file: string }> = [];
  for (const entry of data.sitemaps.entries.values()) {
    if (data.pageAt(entry.path)) continue;
    const relative = urlPathKey(entry.path).slice(basePath.length);
    const file = resolveInside(data.context.root, relative);
    if (await isFile(file)) continue;
    if (relative.endsWith('/') && (await isFile(resolveInside(data.context.root, `${relative}index.html`)))) continue;
    missing.push({ url: entry.path, file: entry.file });
  }
  return [...groupBy(missing, (hit) => hit.file).entries()].map(([file, group]) =>
    makeFinding(
      'sitemap-url-missing',
      `${file} lists ${plural(group.length, 'URL')} with no file in the output folder; they will answer 404 unless the host rewrites them (is --trailing-slash right?).`,
      { urls: group.map((hit) => hit.url), source: { file } },
    ),
  );
}

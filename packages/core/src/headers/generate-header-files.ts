import { DEFAULTS } from '../options/defaults.js';
import { buildFilePaths } from './build-file-paths.js';
import { checkCloudflareLimits } from './cloudflare-limits.js';
import { collectEntries, type HtmlPage } from './collect-entries.js';
import type { GlobEntries } from './glob-entry.js';
import type { PlannedEntry } from './header-entry.js';
import { headersFileGlobEntries } from './headers-file-glob-entries.js';
import { headersHosts } from './headers-hosts.js';
import { mergeMarkedBlock } from './marked-block.js';
import { mergeVercelJson } from './merge-vercel-json.js';
import { parseHeadersFile } from './parse-headers-file.js';
import { planEntries } from './plan-entries.js';
import type { HeaderTarget } from './targets.js';
import { validateHeadersOptions } from './validate-headers-options.js';
import { headersFileLines, siteWideHeadersFileLines } from './write-headers-file.js';
import { htaccessLines, siteWideHtaccessLines } from './write-htaccess.js';
import { NGINX_FILE, nginxContent, siteWideNginxContent } from './write-nginx.js';
import { siteWideVercelEntries, vercelEntries } from './write-vercel.js';

/** Where a file's `path` is relative to. */
export type HeaderFileBase = 'output' | 'project';

export interface HeaderFile {
  /** Relative to the build output directory, or to the project root for Vercel's files (see `base`). */
  path: string;
  base: HeaderFileBase;
  content: string;
  /** What the user must do with the file, when it is not picked up by itself. */
  note?: string;
}

export interface HeaderFilesContext {
  /** False for preview and staging builds: every target then gets one site-wide `noindex, nofollow` rule and nothing else. */
  indexable: boolean;
  /** The built HTML pages and their resolved tags, for `html: true`. Default: none. */
  pages?: readonly HtmlPage[];
  /**
   * The URL path of every file in the build output, as the site serves it: `/index.html`,
   * `/files/guide.pdf` (order and duplicates do not matter). With it, a rule glob that
   * `_headers` cannot express exactly (for Netlify a `*` inside a segment, as in
   * `**\/*.pdf`; for both hosts `?`, `[…]` and `{a,b}`) is written to `_headers` as one exact
   * rule per built file it matches, and none when it matches none; Vercel, Apache and nginx
   * keep the glob as a regex, which also covers files added later. A matching file whose path
   * is not all ASCII letters, digits and `- . _ ~ @ + , =` is refused, naming it.
   * Default: none, and such a glob is refused, naming the host.
   */
  files?: readonly string[];
  /** The current content of a file we are about to write, or undefined when there is none. */
  readExisting: (relativePath: string, base: HeaderFileBase) => string | undefined;
  /** Where the options were written, for error messages. Default: `options`. */
  source?: string;
}

const VERCEL_STANDALONE = 'vercel-headers.json';
/** Targets whose patterns are regexes, which express every glob robots-kit accepts. */
const REGEX_TARGETS: ReadonlySet<HeaderTarget> = new Set(['vercel', 'apache', 'nginx']);

function otherRobotsRules(existing: string | undefined, file: string): string | undefined {
  if (existing === undefined) return undefined;
  const outside = existing.replace(/# robots-kit:begin[\s\S]*?# robots-kit:end/, '');
  const found = [...parseHeadersFile(outside)].some(([, headers]) => headers.some((header) => header.name.toLowerCase() === 'x-robots-tag'));
  return found ? `${file} already had X-Robots-Tag rules of its own; they were kept and may add to or compete with robots-kit's` : undefined;
}

/**
 * The header files for every target in `options.targets`, each in its host's format,
 * merged into the existing file where one exists. Deterministic: the same options,
 * pages, files and existing files give the same bytes.
 *
 * Only `_headers` lists files (see `HeaderFilesContext.files`), so it is planned on its own
 * entries: rules that overlap only partially as globs (`/files/**` and `**\/*.pdf`) become
 * nested or disjoint once listed, and are then refused for the regex targets alone.
 */
export function generateHeaderFiles(options: unknown, context: HeaderFilesContext): HeaderFile[] {
  const settings = validateHeadersOptions(options, context.source);
  const { targets, source } = settings;
  const siteWide = context.indexable ? undefined : DEFAULTS.nonIndexable;
  const hosts = headersHosts(targets);
  const builtFiles = context.files === undefined ? undefined : buildFilePaths(context.files, source);
  const headersGlobs = hosts && headersFileGlobEntries(hosts, builtFiles, source);
  // Rules are checked against `_headers` on every build, so a preview build fails where production would.
  if (siteWide !== undefined && headersGlobs) collectEntries({ ...settings, html: false }, [], headersGlobs);
  const plan = (globEntries?: GlobEntries): PlannedEntry[] => (siteWide === undefined ? planEntries(collectEntries(settings, context.pages, globEntries), source) : []);
  const regexPlanned = targets.some((target) => REGEX_TARGETS.has(target)) ? plan() : [];
  const files: HeaderFile[] = [];

  if (hosts) {
    const existing = context.readExisting('_headers', 'output');
    const lines = siteWide === undefined ? headersFileLines(plan(headersGlobs), hosts, source) : siteWideHeadersFileLines(siteWide);
    const content = mergeMarkedBlock(existing, lines, '_headers');
    if (hosts.cloudflare) checkCloudflareLimits(content, '_headers');
    const note = otherRobotsRules(existing, '_headers');
    files.push({ path: '_headers', base: 'output', content, ...(note ? { note } : {}) });
  }
  if (targets.includes('vercel')) {
    const entries = siteWide === undefined ? vercelEntries(regexPlanned) : siteWideVercelEntries(siteWide);
    const mergeInto = settings.vercel.mergeInto;
    if (mergeInto !== undefined) {
      files.push({ path: mergeInto, base: 'project', content: mergeVercelJson(context.readExisting(mergeInto, 'project'), entries, mergeInto) });
    } else {
      files.push({
        path: VERCEL_STANDALONE,
        base: 'project',
        content: JSON.stringify({ headers: entries }, null, 2) + '\n',
        note: `Vercel reads headers only from vercel.json: copy the entries of ${VERCEL_STANDALONE} into the \`headers\` array of your vercel.json, or set \`headers.vercel.mergeInto: 'vercel.json'\` to have robots-kit keep them up to date on every build.`,
      });
    }
  }
  if (targets.includes('apache')) {
    const existing = context.readExisting('.htaccess', 'output');
    const lines = siteWide === undefined ? htaccessLines(regexPlanned) : siteWideHtaccessLines(siteWide);
    files.push({ path: '.htaccess', base: 'output', content: mergeMarkedBlock(existing, lines, '.htaccess') });
  }
  if (targets.includes('nginx')) {
    files.push({
      path: NGINX_FILE,
      base: 'output',
      content: siteWide === undefined ? nginxContent(regexPlanned) : siteWideNginxContent(siteWide),
      note: `nginx reads no file from the site: include ${NGINX_FILE} inside your server block (see the comments at its top).`,
    });
  }
  return files;
}

/**
 * generateHeaderFiles: the plan written for each target, inside marker blocks merged into the
 * user's files.
 */
import {
  type PlannedEntry,
  buildFilePaths,
  collectEntries,
  type HtmlPage,
  type GlobEntries,
  headersFileGlobEntries,
} from './plan.js';
import { RobotsError } from '../errors.js';
import { planEntries } from './nesting.js';
import type { HeadersHosts } from '../glob/translate.js';
import { type HeaderTarget, type NormalizedHeadersOptions, validateHeadersOptions } from './options.js';
import { headersFileLines, headersHosts, parseHeadersFile, siteWideHeadersFileLines } from './headers-file.js';
export { checkHeaderRules, headersHosts } from './headers-file.js';
import { NON_INDEXABLE_DIRECTIVES } from '../directives/vocabulary.js';
import { mergeVercelJson } from './vercel-json.js';
import { mergeVercelOutputConfig, VERCEL_OUTPUT_CONFIG, vercelEntries, vercelHeaderRoutes } from './vercel.js';
import { htaccessLines, siteWideHtaccessLines } from './htaccess.js';
import { NGINX_FILE, nginxContent, siteWideNginxContent } from './nginx.js';

export const BLOCK_BEGIN = '# robots-kit:begin';
export const BLOCK_END = '# robots-kit:end';
/** Our block, in the newline style of the file it goes into. */
export function markedBlock(lines: readonly string[], newline: string): string {
  return [BLOCK_BEGIN, ...lines, BLOCK_END].join(newline) + newline;
}
/**
 * The marker lines of `text`: where the marker itself starts and ends. Only spaces and tabs
 * around it are read as part of the line; anything else beside it (a byte order mark, a VT
 * byte) is not the marker's, and `mergeMarkedBlock` leaves it where it is.
 */
function markerLines(text: string, marker: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  const pattern = /[^\r\n]*(?:\r\n|\n|\r|$)/g;
  for (let match = pattern.exec(text); match && match[0] !== ''; match = pattern.exec(text)) {
    const at = match[0].indexOf(marker);
    if (at === -1) continue;
    const before = match[0].slice(0, at);
    const after = match[0].slice(at + marker.length).replace(/(?:\r\n|\n|\r)$/, '');
    const loose = (part: string) => /^[\s\uFEFF]*$/.test(part);
    if (loose(before) && loose(after)) found.push({ start: match.index + at, end: match.index + at + marker.length });
  }
  return found;
}
/**
 * Puts our block into an existing file: replaces the previous block, or appends one.
 * Everything outside the markers is kept byte for byte (a byte order mark or a VT byte beside a
 * marker included); a file with unbalanced markers is refused rather than guessed at.
 */
export function mergeMarkedBlock(existing: string | undefined, lines: readonly string[], file: string): string {
  if (existing === undefined || existing === '') return markedBlock(lines, '\n');
  const newline = /\r\n/.test(existing) ? '\r\n' : '\n';
  const block = markedBlock(lines, newline);
  const begins = markerLines(existing, BLOCK_BEGIN);
  const ends = markerLines(existing, BLOCK_END);
  if (begins.length === 0 && ends.length === 0) {
    return existing + (/[\r\n]$/.test(existing) ? '' : newline) + block;
  }
  const [begin] = begins;
  const [end] = ends;
  if (begins.length !== 1 || ends.length !== 1 || begin!.start > end!.start) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      key: 'headers',
      value: `${begins.length} × ${BLOCK_BEGIN}, ${ends.length} × ${BLOCK_END}`,
      problem: 'unbalanced robots-kit markers in the existing file',
      expected: `one \`${BLOCK_BEGIN}\` line followed by one \`${BLOCK_END}\` line; delete the robots-kit lines (or restore the missing marker) and build again`,
    });
  }
  // From the begin marker to the end marker itself: what shares their lines stays.
  return existing.slice(0, begin!.start) + block.slice(0, -newline.length) + existing.slice(end!.end);
}

/** Cloudflare Pages reads at most 100 `_headers` rules and 2,000 characters a line, and skips the rest. */
export const CLOUDFLARE_MAX_RULES = 100;
export const CLOUDFLARE_MAX_LINE = 2000;
/** Refuses a `_headers` that Cloudflare Pages would silently cut short. */
export function checkCloudflareLimits(content: string, file: string): void {
  const rules = parseHeadersFile(content).size;
  const longLine = content.split(/\r?\n/).find((line) => line.length > CLOUDFLARE_MAX_LINE);
  if (rules <= CLOUDFLARE_MAX_RULES && longLine === undefined) return;
  throw new RobotsError({
    code: 'too-many-header-rules',
    source: file,
    key: 'headers.targets',
    value: longLine === undefined ? `${rules} rules` : `${longLine.slice(0, 60)}…`,
    problem:
      longLine === undefined
        ? 'Cloudflare Pages applies only the first 100 rules of `_headers`'
        : 'Cloudflare Pages skips `_headers` lines over 2,000 characters',
    expected:
      'fewer rules: `headers.html: false` (each page is a rule), broader globs, globs `_headers` can express (one it cannot is written as a rule per matching file), or `cloudflare` out of `headers.targets`',
  });
}

/** Where a file's `path` is relative to. */
export type HeaderFileBase = 'output' | 'project';
export interface HeaderFile {
  /** Relative to the build output directory, or to the project root for Vercel's files (see `base`). */
  path: string;
  base: HeaderFileBase;
  content: string;
  /** What the user must do with the file, when it is not picked up by itself. */
  note?: string;
  /**
   * The host reads the file before the build runs (`vercel.json`): `note` applies only when this
   * build changed it, since an unchanged file means the deployment already has these entries.
   */
  readBeforeBuild?: boolean;
}
export interface HeaderFilesContext {
  /**
   * False for preview and staging builds: every target in the output folder then gets one
   * site-wide `noindex, nofollow` rule and nothing else, and Vercel's files, which live in the
   * project beside a committed `vercel.json`, are left as they are.
   */
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
  /**
   * The URL path the output folder is served at (Eleventy's `pathPrefix`, Astro's `base`), e.g.
   * `/blog/`. Apache (`%{REQUEST_URI}`) and nginx (`location`) match the whole request path, so
   * their patterns start with it; the rule globs, like the pages' URLs, are written without it.
   * Netlify, Cloudflare Pages and Vercel serve the output folder at the root of the deployment,
   * so their paths stay as written. Default: `/`.
   */
  servedAt?: string;
}
const VERCEL_STANDALONE = 'vercel-headers.json';
/** When Vercel reads vercel.json, said plainly: before the build runs. */
const VERCEL_TIMING =
  'Vercel reads vercel.json before the build runs (`vercel build`, Git deployments), so a deployment carries the entries of the vercel.json it started with: commit the file after a build that changed it, or deploy a Build Output (`@astrojs/vercel`, or `vercel build` then `vercel deploy --prebuilt`), into which robots-kit writes the routes of the build itself.';
function vercelJsonTimingNote(path: string): string {
  return `${path} changed in this build, so a deployment that read it before the build ran carries the previous entries (stale). ${VERCEL_TIMING}`;
}
function previewVercelNote(path: string): string {
  return `not an indexable build: ${path} was left as it is (it lives outside the output folder, where a rule for this preview would be one commit away from production). Vercel itself sends \`X-Robots-Tag: noindex\` on preview deployments, and every page carries a noindex tag.`;
}
/** Targets whose patterns are regexes, which express every glob robots-kit accepts. */
const REGEX_TARGETS: ReadonlySet<HeaderTarget> = new Set(['vercel', 'apache', 'nginx']);
function otherRobotsRules(existing: string | undefined, file: string): string | undefined {
  if (existing === undefined) return undefined;
  const outside = existing.replace(/# robots-kit:begin[\s\S]*?# robots-kit:end/, '');
  const found = [...parseHeadersFile(outside)].some(([, headers]) =>
    headers.some((header) => header.name.toLowerCase() === 'x-robots-tag'),
  );
  return found
    ? `${file} already had X-Robots-Tag rules of its own; they were kept and may add to or compete with robots-kit's`
    : undefined;
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
  const siteWide = context.indexable ? undefined : NON_INDEXABLE_DIRECTIVES;
  const hosts = headersHosts(targets);
  const builtFiles = context.files === undefined ? undefined : buildFilePaths(context.files, source);
  const headersGlobs = hosts && headersFileGlobEntries(hosts, builtFiles, source);
  // Rules are checked against `_headers` on every build, so a preview build fails where production would.
  if (siteWide !== undefined && headersGlobs) collectEntries({ ...settings, html: false }, [], headersGlobs);
  const plan = (globEntries?: GlobEntries): PlannedEntry[] =>
    siteWide === undefined ? planEntries(collectEntries(settings, context.pages, globEntries), source, builtFiles) : [];
  const regexPlanned = targets.some((target) => REGEX_TARGETS.has(target)) ? plan() : [];
  const files: HeaderFile[] = [];
  const servedAt = (context.servedAt ?? '/').replace(/\/+$/, '');

  if (hosts) {
    const existing = context.readExisting('_headers', 'output');
    const lines =
      siteWide === undefined ? headersFileLines(plan(headersGlobs), hosts, source) : siteWideHeadersFileLines(siteWide);
    const content = mergeMarkedBlock(existing, lines, '_headers');
    if (hosts.cloudflare) checkCloudflareLimits(content, '_headers');
    const note = otherRobotsRules(existing, '_headers');
    files.push({ path: '_headers', base: 'output', content, ...(note ? { note } : {}) });
  }
  if (targets.includes('vercel')) {
    const mergeInto = settings.vercel.mergeInto;
    const path = mergeInto ?? VERCEL_STANDALONE;
    if (siteWide !== undefined) {
      // Vercel's files live in the project, beside a committed vercel.json: a rule for this
      // preview there would be one commit away from de-indexing production. They stay as they are.
      const existing = context.readExisting(path, 'project');
      if (existing !== undefined)
        files.push({ path, base: 'project', content: existing, note: previewVercelNote(path) });
    } else {
      const outputConfig = context.readExisting(VERCEL_OUTPUT_CONFIG, 'project');
      const deployed = outputConfig !== undefined;
      if (deployed) {
        files.push({
          path: VERCEL_OUTPUT_CONFIG,
          base: 'project',
          content: mergeVercelOutputConfig(outputConfig, vercelHeaderRoutes(regexPlanned), VERCEL_OUTPUT_CONFIG),
          note: `this build's X-Robots-Tag routes are in ${VERCEL_OUTPUT_CONFIG} (Vercel's Build Output API), so \`vercel deploy --prebuilt\` deploys them with this build.`,
        });
      }
      if (mergeInto !== undefined) {
        files.push({
          path: mergeInto,
          base: 'project',
          content: mergeVercelJson(context.readExisting(mergeInto, 'project'), vercelEntries(regexPlanned), mergeInto),
          ...(deployed ? {} : { note: vercelJsonTimingNote(mergeInto), readBeforeBuild: true }),
        });
      } else {
        files.push({
          path: VERCEL_STANDALONE,
          base: 'project',
          content: JSON.stringify({ headers: vercelEntries(regexPlanned) }, null, 2) + '\n',
          ...(deployed
            ? {}
            : {
                note: `Vercel reads headers only from vercel.json: copy the entries of ${VERCEL_STANDALONE} into the \`headers\` array of your vercel.json and commit it, or set \`headers.vercel.mergeInto: 'vercel.json'\`. ${VERCEL_TIMING}`,
              }),
        });
      }
    }
  }
  if (targets.includes('apache')) {
    const existing = context.readExisting('.htaccess', 'output');
    const lines = siteWide === undefined ? htaccessLines(regexPlanned, servedAt) : siteWideHtaccessLines(siteWide);
    files.push({ path: '.htaccess', base: 'output', content: mergeMarkedBlock(existing, lines, '.htaccess') });
  }
  if (targets.includes('nginx')) {
    files.push({
      path: NGINX_FILE,
      base: 'output',
      content: siteWide === undefined ? nginxContent(regexPlanned, servedAt) : siteWideNginxContent(siteWide),
      note: `nginx reads no file from the site: include ${NGINX_FILE} inside your server block (see the comments at its top).`,
    });
  }
  return files;
}

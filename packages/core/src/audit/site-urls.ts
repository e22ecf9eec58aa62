/**
 * URLs and files of a built site: the site origin and base path (given, inferred, or as the build
 * left them in its manifest `.robots-kit.json`), file to URL, URL to candidate files.
 */
import { lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import nodePath from 'node:path';
import { RobotsError } from '../errors.js';
import type { AuditOptions, TrailingSlash, SiteUrl } from './types.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';

/** Characters browsers leave as they are in a URL path although `encodeURIComponent` escapes them. */
const PATH_SAFE_ESCAPES = /%(?:24|26|2B|2C|3A|3B|3D|40)/g;
/** A file or folder name as it appears in a URL path: `a b` → `a%20b`, `ü` → `%C3%BC`, `a:b` stays. */
export function encodePathSegment(segment: string): string {
  // Nearly every name is letters, digits, `-`, `_` and `.`, which stay as they are: the
  // escaping and its regular expression, run for every page's every folder, are skipped.
  let plain = true;
  for (let i = 0; i < segment.length && plain; i++) {
    const c = segment.charCodeAt(i);
    plain =
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x2d ||
      c === 0x5f ||
      c === 0x2e;
  }
  if (plain) return segment;
  return encodeURIComponent(segment).replace(PATH_SAFE_ESCAPES, (escape) => decodeURIComponent(escape));
}

/**
 * The form URL paths are compared in: percent-escapes decoded where they are valid, so
 * `/caf%C3%A9/` from a sitemap and `/café/` from a file name meet.
 */
export function urlPathKey(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
/** Reads `--site` / `options.site`: an absolute http(s) URL, optionally with a base path. */
export function parseSiteUrl(site: string, source = 'options'): SiteUrl {
  let url: URL | undefined;
  try {
    url = new URL(site);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    const bare = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/.*)?$/i.test(site);
    throw new RobotsError({
      code: 'invalid-site',
      source,
      key: 'site',
      value: site,
      problem: 'invalid site URL',
      expected: 'an absolute http(s) URL without query or fragment, e.g. `https://example.com`',
      ...(bare ? { suggestion: `https://${site}` } : {}),
    });
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

const HTML_EXTENSION = /\.html?$/i;
/**
 * The URL path a host serves an HTML file at, below `basePath` (`''` or `/docs`):
 * `a/index.html` → `/a/` (`/a` with `never`); `a.html` → `/a` (`/a.html` with `always`).
 */
export function fileToUrl(file: string, trailingSlash: TrailingSlash, basePath = ''): string {
  const segments = file.split('/');
  const last = segments[segments.length - 1]!;
  // `last.replace(HTML_EXTENSION, '')` without the regular expression: this runs for every page.
  const lower = last.toLowerCase();
  const stem = last.slice(0, last.length - (lower.endsWith('.html') ? 5 : lower.endsWith('.htm') ? 4 : 0));
  let path: string;
  if (stem.toLowerCase() === 'index') {
    const folders = segments.slice(0, -1).map(encodePathSegment);
    path = folders.length === 0 ? '/' : `/${folders.join('/')}${trailingSlash === 'never' ? '' : '/'}`;
  } else {
    segments[segments.length - 1] = trailingSlash === 'always' ? last : stem;
    path = `/${segments.map(encodePathSegment).join('/')}`;
  }
  return basePath === '' ? path : path === '/' && trailingSlash === 'never' ? basePath : basePath + path;
}

/**
 * The file a URL path ending in `.html` names, relative to the output folder: `/docs/de.html`
 * → `de.html` below `/docs`. A static host serves such a URL from that very file whatever
 * `trailingSlash` says, which is what `build.format: 'file'` sites link to (Astro's
 * `Astro.url.pathname` ends in `.html` there). Undefined for any other path.
 */
export function htmlFileOfPath(path: string, basePath = ''): string | undefined {
  if (!HTML_EXTENSION.test(path)) return undefined;
  if (basePath !== '' && !path.startsWith(`${basePath}/`)) return undefined;
  const file = urlPathKey(path.slice(basePath.length)).replace(/^\/+/, '');
  return file === '' ? undefined : file;
}

const INDEX_FILE = /\/index\.html?$/i;
/**
 * The page URLs a requested path can be served by, best first: itself; `/a/index.html` also
 * as `/a/`; and with `ignore`, the path with the trailing slash toggled and without `.html`.
 */
export function urlCandidates(path: string, trailingSlash: TrailingSlash): string[] {
  const candidates = [path];
  if (INDEX_FILE.test(path)) {
    const folder = path.replace(INDEX_FILE, '/');
    candidates.push(trailingSlash === 'never' && folder !== '/' ? folder.slice(0, -1) : folder);
  }
  if (trailingSlash === 'ignore' && path !== '/') {
    candidates.push(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
    if (HTML_EXTENSION.test(path)) candidates.push(path.replace(HTML_EXTENSION, ''));
  }
  return candidates;
}

/**
 * The path of an absolute URL on the site, including the base path (`/docs/a/`), or undefined
 * when the URL is not http(s) or is on another origin or outside the base path. Without a
 * known site every http(s) URL counts as the site's.
 */
export function urlToSitePath(url: string, site: SiteUrl | undefined): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (site === undefined) return parsed.pathname;
  if (parsed.origin !== site.origin) return undefined;
  const { pathname } = parsed;
  if (site.basePath !== '' && pathname !== site.basePath && !pathname.startsWith(`${site.basePath}/`)) return undefined;
  return pathname;
}

/** The origin of the first absolute http(s) `Sitemap:` line, the usual sign of where a site lives. */
export function siteFromRobotsTxt(robotsTxt: ParsedRobotsTxt | undefined): SiteUrl | undefined {
  for (const sitemap of robotsTxt?.sitemaps ?? []) {
    try {
      const url = new URL(sitemap.url);
      if (url.protocol === 'https:' || url.protocol === 'http:') return { origin: url.origin, basePath: '' };
    } catch {
      // a relative sitemap line: the syntax check reports it
    }
  }
  return undefined;
}

/*
 * The build manifest `.robots-kit.json`: what a build knew about its output (site, base path,
 * preview build) that `robots-kit check` needs to read the folder as the build's own audit did.
 * Without it, `robots-kit check _site` after `eleventy --pathprefix=/blog/` took
 * `https://example.com/blog/sitemap.xml` for `_site/blog/sitemap.xml` and failed the CI step the
 * README gives. The adapters write it on every build (so this module imports nothing but `errors.ts`);
 * `auditSite` reads it itself, so the build's audit and the CLI take the same options from the
 * same file and agree.
 *
 * The file holds nothing private (the site's public URL, its base path, the build format, whether
 * the build is indexable); a dot file, which most hosts do not list and some do not serve.
 */

/** The manifest's file name in the output folder. */
export const BUILD_MANIFEST_FILE = '.robots-kit.json';

/** What a build tells the audit about its output. */
export interface BuildManifest {
  /** The adapter that wrote it, e.g. `@robots-kit/eleventy`. */
  generator: string;
  /** The `site` option: the origin (and path) the site is served at. Default: none (the audit infers the origin). */
  site?: string;
  /** The path the output folder is served below, `/` or `/blog/` (Eleventy's `pathPrefix`, Astro's `base`). Default: `/`. */
  base?: string;
  /** How pages become files, when the build decides it for every page (Astro's `build.format`): `directory` (`about/index.html`), `file` (`about.html`) or `preserve`. Default: not said. */
  format?: 'directory' | 'file' | 'preserve';
  /** How the host maps URLs to files, when the build knows it (Astro's `trailingSlash`). Default: the audit's `ignore`. */
  trailingSlash?: TrailingSlash;
  /** Whether the build is indexable (`false` for a preview build, which the audit judges as one). Default: `true`. */
  indexable?: boolean;
  /** URL globs, with the base path, of routes rendered on request (Astro), whose URLs have no file. Default: none. */
  onDemandPaths?: string[];
  /**
   * Header files, relative to the project, that the host reads before the build runs
   * (`vercel.json`) and that this build changed: a deployment that read them first carries the
   * previous build's entries (the audit's `vercel-json-stale`). Noted by `writeHeaderFiles`
   * (see {@link noteStaleHeaderFiles}), whichever of the two an adapter calls first. Default: none.
   */
  staleHeaderFiles?: string[];
}

/** The stale header files of the last `writeHeaderFiles` per output folder, for the manifest written after it. */
const staleByOutput = new Map<string, string[]>();
/**
 * Notes the header files this build changed that the host reads before the build (see
 * `BuildManifest.staleHeaderFiles`): kept for the manifest written next into `outputDir`, and put
 * into the one already there, so the manifest says it whether the adapter writes it before or
 * after the header files.
 */
export function noteStaleHeaderFiles(outputDir: string, files: readonly string[]): void {
  const key = nodePath.resolve(outputDir);
  staleByOutput.set(key, [...files]);
  const existing = readBuildManifest(key);
  if (existing !== undefined) writeBuildManifest(key, existing);
}

/**
 * Writes `.robots-kit.json` into the output folder (atomically, replacing the previous build's).
 * The adapters call it once the output is written and before their audit:
 * `writeBuildManifest(outDir, { generator: '@robots-kit/astro', site, base, format, trailingSlash, indexable, onDemandPaths })`.
 * Returns the file's path.
 */
export function writeBuildManifest(outputDir: string, manifest: BuildManifest): string {
  const file = nodePath.join(outputDir, BUILD_MANIFEST_FILE);
  const { generator, site, base, format, trailingSlash, indexable, onDemandPaths } = manifest;
  const staleHeaderFiles = staleByOutput.get(nodePath.resolve(outputDir)) ?? manifest.staleHeaderFiles ?? [];
  const json = {
    $comment: 'Written by robots-kit for `robots-kit check`: how this folder is served. Safe to publish or delete.',
    version: 1,
    generator,
    ...(site === undefined ? {} : { site }),
    base: normalizeBase(base),
    ...(format === undefined ? {} : { format }),
    ...(trailingSlash === undefined ? {} : { trailingSlash }),
    indexable: indexable ?? true,
    ...(onDemandPaths === undefined || onDemandPaths.length === 0 ? {} : { onDemandPaths }),
    ...(staleHeaderFiles.length === 0 ? {} : { staleHeaderFiles }),
  };
  // Never through a link the output happens to hold: the new file replaces it.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** `blog`, `/blog`, `/blog/` → `/blog/`; nothing → `/`. */
function normalizeBase(base: string | undefined): string {
  const trimmed = (base ?? '/').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** A manifest larger than this is not one robots-kit wrote. */
const MAX_MANIFEST_BYTES = 64 * 1024;
const TRAILING_SLASHES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];

function manifestError(value: unknown, key: string, expected: string): RobotsError {
  return new RobotsError({
    code: 'invalid-build-manifest',
    source: BUILD_MANIFEST_FILE,
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    problem: 'the build manifest has an unexpected value',
    expected: `${expected}; rebuild the site to write it again, or delete the file to audit without it`,
  });
}

/**
 * The manifest of a built folder, checked; `undefined` when there is none (a folder some other
 * tool built). A file that is there but unreadable as a manifest is a clear error, not ignored:
 * the audit would otherwise read the folder at the wrong URL.
 */
export function readBuildManifest(root: string): BuildManifest | undefined {
  const file = nodePath.join(root, BUILD_MANIFEST_FILE);
  let text: string;
  try {
    const info = lstatSync(file);
    if (!info.isFile() || info.size > MAX_MANIFEST_BYTES)
      throw manifestError(`${info.size} bytes`, 'file', 'a file of robots-kit');
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof RobotsError) throw error;
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw manifestError(text.slice(0, 40), 'file', 'JSON, as robots-kit writes it');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw manifestError(json, 'file', 'an object');
  const read = json as Record<string, unknown>;
  const manifest: BuildManifest = {
    generator: typeof read.generator === 'string' ? read.generator : 'unknown',
  };
  if (read.site !== undefined) {
    if (typeof read.site !== 'string') throw manifestError(read.site, 'site', 'an absolute http(s) URL');
    try {
      parseSiteUrl(read.site, BUILD_MANIFEST_FILE);
    } catch {
      throw manifestError(read.site, 'site', 'an absolute http(s) URL without query or fragment');
    }
    manifest.site = read.site;
  }
  if (read.base !== undefined) {
    if (typeof read.base !== 'string' || !read.base.startsWith('/') || /[?#\\]/.test(read.base))
      throw manifestError(read.base, 'base', 'a URL path such as `/` or `/blog/`');
    manifest.base = normalizeBase(read.base);
  }
  if (read.format !== undefined) {
    if (read.format !== 'directory' && read.format !== 'file')
      throw manifestError(read.format, 'format', '`directory` or `file`');
    manifest.format = read.format;
  }
  if (read.trailingSlash !== undefined) {
    if (!TRAILING_SLASHES.includes(read.trailingSlash as TrailingSlash))
      throw manifestError(read.trailingSlash, 'trailingSlash', '`always`, `never` or `ignore`');
    manifest.trailingSlash = read.trailingSlash as TrailingSlash;
  }
  if (read.indexable !== undefined) {
    if (typeof read.indexable !== 'boolean') throw manifestError(read.indexable, 'indexable', '`true` or `false`');
    manifest.indexable = read.indexable;
  }
  if (read.onDemandPaths !== undefined) {
    if (!Array.isArray(read.onDemandPaths) || !read.onDemandPaths.every((glob) => typeof glob === 'string'))
      throw manifestError(read.onDemandPaths, 'onDemandPaths', 'a list of URL globs');
    manifest.onDemandPaths = read.onDemandPaths as string[];
  }
  if (read.staleHeaderFiles !== undefined) {
    if (!Array.isArray(read.staleHeaderFiles) || !read.staleHeaderFiles.every((file) => typeof file === 'string'))
      throw manifestError(read.staleHeaderFiles, 'staleHeaderFiles', 'a list of file paths');
    manifest.staleHeaderFiles = read.staleHeaderFiles as string[];
  }
  return manifest;
}

/**
 * The audit's options with what the manifest knows filled in: options given by the caller
 * (`--site`, `--trailing-slash`) win, except that a `site` without a path (`--site
 * https://example.com`, as the READMEs write it) is served below the build's base path.
 */
export function withBuildManifest(options: AuditOptions, manifest: BuildManifest | undefined): AuditOptions {
  if (manifest === undefined) return options;
  // The caller's site keeps its own path; the build's own `site` is below the base unless it ends with it.
  const site =
    options.site !== undefined
      ? hasPath(options.site)
        ? options.site
        : withBase(options.site, manifest.base)
      : manifest.site === undefined
        ? undefined
        : withBase(manifest.site, manifest.base);
  return {
    ...options,
    ...(site === undefined ? {} : { site }),
    ...(options.trailingSlash === undefined && manifest.trailingSlash !== undefined
      ? { trailingSlash: manifest.trailingSlash }
      : {}),
    ...(options.indexable === undefined && manifest.indexable !== undefined ? { indexable: manifest.indexable } : {}),
    ...(options.onDemandPaths === undefined && manifest.onDemandPaths !== undefined
      ? { onDemandPaths: manifest.onDemandPaths }
      : {}),
  };
}

function hasPath(site: string): boolean {
  return URL.canParse(site) && new URL(site).pathname.replace(/\/+$/, '') !== '';
}

/** `https://example.com` served below `/blog/` → `https://example.com/blog/`; a site that already ends with the base is kept. */
export function withBase(site: string, base: string | undefined): string {
  if (base === undefined || base === '/' || !URL.canParse(site)) return site;
  const url = new URL(site);
  const sitePath = url.pathname.replace(/\/+$/, '');
  if (`${sitePath}/`.endsWith(base)) return site;
  url.pathname = `${sitePath}${base}`;
  return url.href;
}

/** The site a folder is served at when only its origin could be inferred (robots.txt, sitemaps): below the manifest's base. */
export function inferredWithBase(site: SiteUrl | undefined, manifest: BuildManifest | undefined): SiteUrl | undefined {
  if (site === undefined || manifest?.base === undefined || manifest.base === '/' || site.basePath !== '') return site;
  return { origin: site.origin, basePath: manifest.base.replace(/\/+$/, '') };
}

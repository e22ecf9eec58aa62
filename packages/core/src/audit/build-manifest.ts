/**
 * The build manifest: what a build knew about its output that `robots-kit check` needs to read
 * the folder as the build's own audit did, written by the adapters into the output as
 * `.robots-kit.json`. Without it, `robots-kit check _site` after `eleventy --pathprefix=/blog/`
 * took `https://example.com/blog/sitemap.xml` for `_site/blog/sitemap.xml` and failed the CI step
 * the README gives. `auditSite` reads it itself, so the build's audit and the CLI take the same
 * options from the same file and agree.
 *
 * The file holds nothing private (the site's public URL, its base path, the build format, whether
 * the build is indexable); a dot file, which most hosts do not list and some do not serve.
 */
import { lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RobotsError } from '../errors.js';
import { parseSiteUrl } from './site-urls.js';
import type { AuditOptions, SiteUrl, TrailingSlash } from './types.js';

/** The manifest's file name in the output folder. */
export const BUILD_MANIFEST_FILE = '.robots-kit.json';
/** A manifest larger than this is not one robots-kit wrote. */
const MAX_MANIFEST_BYTES = 64 * 1024;
const TRAILING_SLASHES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];

/** What a build tells the audit about its output. */
export interface BuildManifest {
  /** The adapter that wrote it, e.g. `@robots-kit/eleventy`. */
  generator: string;
  /** The `site` option: the origin (and path) the site is served at. Default: none (the audit infers the origin). */
  site?: string;
  /** The path the output folder is served below, `/` or `/blog/` (Eleventy's `pathPrefix`, Astro's `base`). Default: `/`. */
  base?: string;
  /** How pages become files, when the build decides it for every page (Astro's `build.format`): `directory` (`about/index.html`) or `file` (`about.html`). Default: not said. */
  format?: 'directory' | 'file';
  /** How the host maps URLs to files, when the build knows it (Astro's `trailingSlash`). Default: the audit's `ignore`. */
  trailingSlash?: TrailingSlash;
  /** Whether the build is indexable (`false` for a preview build, which the audit judges as one). Default: `true`. */
  indexable?: boolean;
  /** URL globs, with the base path, of routes rendered on request (Astro), whose URLs have no file. Default: none. */
  onDemandPaths?: string[];
}

/**
 * Writes `.robots-kit.json` into the output folder (atomically, replacing the previous build's).
 * The adapters call it once the output is written and before their audit:
 * `writeBuildManifest(outDir, { generator: '@robots-kit/astro', site, base, format, trailingSlash, indexable, onDemandPaths })`.
 * Returns the file's path.
 */
export function writeBuildManifest(outputDir: string, manifest: BuildManifest): string {
  const file = path.join(outputDir, BUILD_MANIFEST_FILE);
  const { generator, site, base, format, trailingSlash, indexable, onDemandPaths } = manifest;
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
  const file = path.join(root, BUILD_MANIFEST_FILE);
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

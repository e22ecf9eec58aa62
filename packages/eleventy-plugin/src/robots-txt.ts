/**
 * robots.txt: emitted as a virtual template, generated on every build from the options
 * merged with the site's own robots.txt, wherever that comes from: a passthrough copy the
 * plugin takes over when it is added, `<input>/robots.txt`, or a file a glob passthrough
 * copy was seen copying there. What needs every page is finished in `after-build.ts`.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  generateRobotsTxtReport,
  RobotsError,
  type NormalizedRobotsOptions,
  type RobotsTxtOptions,
  type RobotsTxtReport,
} from '@robots-kit/core/internal/build';
import { locateError, OPTIONS_SOURCE, PLUGIN_NAME, reportWarnings } from './messages.js';
import type { BuildState } from './page-data.js';
import type {
  EleventyConfig,
  EleventyDirectories,
  EleventyLogger,
  EleventyPassthroughEntry,
  EleventyPassthroughEvent,
} from './types.js';

const ROBOTS_TXT = 'robots.txt';

/**
 * The virtual template's input path, relative to the input folder. It names the plugin,
 * so an output conflict with a site's own `/robots.txt` template says where the other
 * file comes from.
 */
const ROBOTS_TXT_TEMPLATE = 'robots-kit-robots.txt.11ty.js';

/**
 * The data of the virtual template: it outputs `/robots.txt`, is in no collection (so
 * `collections.all` sitemaps and tag archives never list it) and has no layout, whatever
 * global data sets. Template data outranks global and directory data in the cascade.
 */
const ROBOTS_TXT_TEMPLATE_DATA = {
  permalink: '/robots.txt',
  eleventyExcludeFromCollections: true,
  layout: false,
} as const;

/** Where the site's own robots.txt may come from, found when the plugin was added and during builds. */
interface RobotsTxtSources {
  /** Passthrough copies the plugin took over (see `claimPassthroughRobotsTxt`). */
  claimed: string[];
  /** Files an unclaimed passthrough copy (a glob) was seen copying to `/robots.txt`. */
  copied: Set<string>;
}

/** The candidate files, in the order they are preferred: claimed passthrough copies, then `<input>/robots.txt`, then copied ones. */
function robotsTxtCandidates(sources: RobotsTxtSources, directories: EleventyDirectories): string[] {
  return [...sources.claimed, path.join(directories.input, ROBOTS_TXT), ...sources.copied];
}

/**
 * Whether a passthrough input path is a glob rather than a file or folder: the characters
 * Eleventy's glob library (tinyglobby `isDynamicPattern`) treats as special.
 */
function isGlobPattern(inputPath: string): boolean {
  return /[*?[\]{}()!]/.test(inputPath);
}

/**
 * Where Eleventy copies a passthrough file or folder, as an absolute path, following
 * src/TemplatePassthrough.js `getOutputPath`: with no explicit target, the input path
 * relative to the input folder (unchanged when outside it); with one, the target inside
 * the output folder, and for a file whose target is a folder (`/`, `''`, `dir/`), the
 * file's name inside that folder.
 */
function passthroughTarget(
  inputPath: string,
  entry: EleventyPassthroughEntry,
  directories: EleventyDirectories,
  isFolder: boolean,
): string {
  const output = path.resolve(directories.output);
  if (entry.outputPath === true) {
    const relative = path.relative(path.resolve(directories.input), path.resolve(inputPath));
    const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    return path.resolve(output, inside || relative === '' ? relative : inputPath);
  }
  const target = path.resolve(output, entry.outputPath.replace(/^\/+/, ''));
  const namesFolder = target === output || /[\\/]$/.test(entry.outputPath);
  return !isFolder && namesFolder ? path.join(target, path.basename(inputPath)) : target;
}

function isFolder(inputPath: string): boolean {
  try {
    return statSync(inputPath).isDirectory();
  } catch {
    return /[\\/]$/.test(inputPath);
  }
}

/** The entry's `filter` with `robots.txt` at the folder's top level taken out (`@11ty/recursive-copy` reads `!` patterns as exclusions). */
function withoutRobotsTxt(filter: unknown): unknown[] {
  const kept = filter === undefined ? ['**'] : Array.isArray(filter) ? filter : [filter];
  return [...kept, `!${ROBOTS_TXT}`];
}

/**
 * Takes over the passthrough copies that would write the site's `robots.txt`, so the
 * plugin can merge the user's file into the one it writes instead of racing it (Eleventy
 * writes templates and copies files at the same time, and checks no conflict between them).
 * Runs when the plugin is added, after the site's own config function (src/TemplateConfig.js
 * `processPlugins`):
 * - a file entry copied to `/robots.txt` (`addPassthroughCopy('src/robots.txt')`,
 *   `{ 'assets/robots.txt': '/' }`) is removed;
 * - a folder copied to the site root (`{ public: '/' }`) keeps copying everything but its
 *   top-level `robots.txt`.
 * Globs are left alone: what they match is only known at copy time (see `noteCopiedRobotsTxt`).
 *
 * @returns the user's robots.txt files, whether they exist yet or not, to read on each build.
 */
export function claimPassthroughRobotsTxt(
  entries: Record<string, EleventyPassthroughEntry>,
  directories: EleventyDirectories,
): string[] {
  const siteRobotsTxt = path.resolve(directories.output, ROBOTS_TXT);
  const claimed: string[] = [];
  for (const [inputPath, entry] of Object.entries(entries)) {
    if (isGlobPattern(inputPath) || typeof entry !== 'object' || entry === null) continue;
    const folder = isFolder(inputPath);
    const target = passthroughTarget(inputPath, entry, directories, folder);
    if (folder && target === path.resolve(directories.output)) {
      entries[inputPath] = {
        ...entry,
        copyOptions: { ...entry.copyOptions, filter: withoutRobotsTxt(entry.copyOptions?.filter) },
      };
      claimed.push(path.join(inputPath, ROBOTS_TXT));
    } else if (!folder && target === siteRobotsTxt) {
      delete entries[inputPath];
      claimed.push(inputPath);
    }
  }
  return claimed;
}

/**
 * The `eleventy.passthrough` listener. Eleventy reports every copied file by output URL
 * once all copies are done (src/TemplatePassthroughManager.js `copyAll`). A `/robots.txt`
 * there came from a copy the plugin could not take over (a glob such as `src/*.txt`, or a
 * plugin added later): the file is remembered as the site's own robots.txt, and merged and
 * written again after the build.
 */
function noteCopiedRobotsTxt(
  event: EleventyPassthroughEvent | undefined,
  sources: RobotsTxtSources,
  state: BuildState,
): void {
  const source = event?.map?.['/robots.txt'];
  if (typeof source !== 'string') return;
  sources.copied.add(source);
  state.copiedRobotsTxt = source;
}

/** The user's own robots.txt, to merge into the generated one. */
interface UserRobotsTxt {
  /** The bytes, so that core can refuse a file that is not UTF-8 instead of publishing other bytes. */
  text: Buffer;
  /** The file it was read from, relative to the working directory. */
  source: string;
  /** Other robots.txt files found with different content, which were not merged. */
  ignored: string[];
}

function readIfFile(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw new RobotsError({
      code: 'robots-txt-unreadable',
      package: PLUGIN_NAME,
      source: file,
      problem: `could not read the site's own robots.txt (${code ?? String(error)})`,
      expected: 'a readable file, or `robotsTxt: false` in the plugin options to write none',
    });
  }
}

/**
 * Reads the first of the candidate files that exists. Read on every build, so edits show
 * up in `--serve`. Two different files cannot both become `/robots.txt`: the first wins and
 * the others are reported.
 */
function readUserRobotsTxt(candidates: Iterable<string>): UserRobotsTxt | undefined {
  let found: UserRobotsTxt | undefined;
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const absolute = path.resolve(candidate);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const text = readIfFile(absolute);
    if (text === undefined) continue;
    const source = path.relative(process.cwd(), absolute) || candidate;
    if (!found) found = { text, source, ignored: [] };
    else if (!text.equals(found.text)) found.ignored.push(source);
  }
  return found;
}

interface SiteRobotsTxtSetup {
  robotsTxt: RobotsTxtOptions;
  options: NormalizedRobotsOptions;
  sources: RobotsTxtSources;
  /** Read at build time: `--input` and `--output` may differ from what the config set. */
  directories: () => EleventyDirectories;
  /** Eleventy's `pathPrefix`; the default sitemap lives below it. */
  pathPrefix: () => string | undefined;
}

export interface SiteRobotsTxt {
  report: RobotsTxtReport;
  /** Problems with the user's own robots.txt files. */
  warnings: string[];
}

/** `/blog/` from Eleventy's `pathPrefix` (`blog`, `/blog`, `/blog/`); `/` when the site is served at the root. */
export function normalizePathPrefix(pathPrefix: string | undefined): string {
  const trimmed = (pathPrefix ?? '/').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** The sitemap the common `sitemap.xml.njk` template and `@quasibit/eleventy-plugin-sitemap` write, below the path prefix. */
function defaultSitemap(pathPrefix: string | undefined): string {
  return `${normalizePathPrefix(pathPrefix)}sitemap.xml`;
}

/** The robots.txt of this build: the options merged with the site's own robots.txt, if it has one. */
function generateSiteRobotsTxt(setup: SiteRobotsTxtSetup): SiteRobotsTxt {
  const user = readUserRobotsTxt(robotsTxtCandidates(setup.sources, setup.directories()));
  let report: RobotsTxtReport;
  try {
    report = generateRobotsTxtReport(setup.robotsTxt, {
      indexable: setup.options.indexable,
      defaultSitemap: defaultSitemap(setup.pathPrefix()),
      source: OPTIONS_SOURCE,
      ...(setup.options.site === undefined ? {} : { site: setup.options.site }),
      ...(user ? { existing: user.text, existingSource: user.source } : {}),
    });
  } catch (error) {
    throw locateError(error, undefined);
  }
  const warnings = (user?.ignored ?? []).map(
    (ignored) =>
      `${ignored} was not merged into robots.txt, ${user!.source} was: a site has one robots.txt, so keep only one of them.`,
  );
  const prefix = setup.pathPrefix();
  if (prefix !== undefined && normalizePathPrefix(prefix) !== '/') {
    warnings.push(
      `robots.txt is written at the root of the output, but the site is served below \`${normalizePathPrefix(prefix)}\` (\`pathPrefix\`): crawlers read robots.txt only at the root of a host, so serve it from there or set \`robotsTxt: false\`.`,
    );
  }
  return { report, warnings };
}

export interface RobotsTxtRegistration {
  robotsTxt: RobotsTxtOptions;
  options: NormalizedRobotsOptions;
  state: BuildState;
  logger: () => EleventyLogger | undefined;
}

/** Eleventy's defaults, for a config object that lacks `directories` (never the case in Eleventy 3). */
const DEFAULT_DIRECTORIES: EleventyDirectories = { input: '.', output: '_site' };

/**
 * Emits robots.txt as a virtual template (so it is in `--serve`, `toJSON()` and the written
 * site like any page), generated on every build from the options merged with the site's own
 * robots.txt: a passthrough copy the plugin takes over, `<input>/robots.txt`, or a file a glob
 * passthrough copy was seen copying there.
 *
 * @returns the generator, for `eleventy.after`.
 */
export function registerRobotsTxt(eleventyConfig: EleventyConfig, setup: RobotsTxtRegistration): () => SiteRobotsTxt {
  if (typeof eleventyConfig.addTemplate !== 'function') {
    throw new RobotsError({
      code: 'unsupported-eleventy',
      package: PLUGIN_NAME,
      problem:
        'this Eleventy cannot add virtual templates (it has no `eleventyConfig.addTemplate`), so robots.txt cannot be emitted',
      expected: 'Eleventy 3, or `robotsTxt: false` in the plugin options',
    });
  }
  const directories = () => eleventyConfig.directories ?? DEFAULT_DIRECTORIES;
  const sources: RobotsTxtSources = {
    claimed: eleventyConfig.passthroughCopies
      ? claimPassthroughRobotsTxt(eleventyConfig.passthroughCopies, directories())
      : [],
    copied: new Set(),
  };
  // Files no longer copied are no longer watched by Eleventy; their edits must still rebuild.
  for (const file of [...sources.claimed, path.join(directories().input, ROBOTS_TXT)])
    eleventyConfig.addWatchTarget?.(file);

  const generate = () =>
    generateSiteRobotsTxt({
      robotsTxt: setup.robotsTxt,
      options: setup.options,
      sources,
      directories,
      pathPrefix: () => eleventyConfig.pathPrefix,
    });
  eleventyConfig.addTemplate(
    ROBOTS_TXT_TEMPLATE,
    // An `11ty.js` template class (src/Engines/JavaScript.js): rendered on every build, in `--serve`
    // and in `toJSON()`. A class, not an object: `--to=json` and `--to=ndjson` serialize each
    // template's input, and an object holding a function that Eleventy wraps is circular there.
    class RobotsTxtTemplate {
      render(): string {
        const site = generate();
        setup.state.robotsTxt = site.report;
        reportWarnings(site.warnings, setup.logger(), setup.state.reported);
        return site.report.text;
      }
    },
    { ...ROBOTS_TXT_TEMPLATE_DATA },
  );
  eleventyConfig.on('eleventy.passthrough', (event: EleventyPassthroughEvent | undefined) =>
    noteCopiedRobotsTxt(event, sources, setup.state),
  );
  return generate;
}

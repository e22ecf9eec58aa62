/**
 * The per-page transform: resolves one page's robots tags from its data, its collections
 * and its status code, injects them into its HTML, and reports what is worth telling. The
 * sitemap filter resolves pages the same way (`resolveEleventyPage`).
 */
// The light entry: resolution and injection, with options normalized once by the plugin.
import {
  hasBodyRules,
  injectRobots,
  rewritePageBody,
  resolvePageTags,
  type ExistingRobotsTag,
  type HtmlDiagnostic,
  type InjectRobotsResult,
  type NormalizedRobotsOptions,
  type PageToResolve,
  type ResolvedPage,
} from '@robots-kit/core/internal/runtime';
import { isNoindexPage } from '@robots-kit/core/internal/build';
import { locateInheritedWarning, locatePageError, readFrontMatterText, type DataSourceContext } from './data-source.js';
import type { CascadeLayer } from './data-cascade.js';
import { reportWarnings } from './messages.js';
import {
  eleventyLocale,
  membershipForBuild,
  optionLocales,
  type BuildState,
  type CollectionMembership,
} from './page-data.js';
import type {
  EleventyConfig,
  EleventyLogger,
  EleventyPage,
  EleventyPageData,
  EleventyTransform,
  EleventyTransformContext,
} from './types.js';

/** `tags` after the data cascade: a string, an array of strings, or absent. */
function readTags(tags: unknown): string[] {
  if (typeof tags === 'string') return tags === '' ? [] : [tags];
  if (Array.isArray(tags)) return tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '');
  return [];
}

/** Front matter `statusCode: 404` (a number or a numeric string) marks an error template. */
export function readStatusCode(data: { statusCode?: unknown } | undefined): number | undefined {
  const value = data?.statusCode;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{3}\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The collections a page belongs to, plus its own tags: a page kept out of
 * collections (`eleventyExcludeFromCollections`) is still a `drafts` page when tagged so.
 */
function collectionsOfPage(
  page: EleventyPage,
  tags: unknown,
  membership: CollectionMembership | undefined,
): Set<string> {
  const names = new Set(membership?.byPage.get(page) ?? membership?.byInputPath.get(page.inputPath));
  for (const tag of readTags(tags)) names.add(tag);
  return names;
}

/**
 * What core needs to know about one Eleventy page, read from its data and this build's
 * collections. The raw front matter is read only if the page's robots value holds a date.
 */
export function eleventyPageToResolve(
  page: EleventyPage & { url: string },
  data: EleventyPageData | undefined,
  membership: CollectionMembership | undefined,
  config?: Pick<EleventyConfig, 'frontMatterParsingOptions'>,
  locales: readonly string[] = [],
  layers: readonly CascadeLayer[] = [],
): PageToResolve {
  const status = readStatusCode(data);
  // Only options that name locales read them: a site without such options pays nothing for this.
  const locale = locales.length > 0 ? eleventyLocale(page, data, locales) : undefined;
  return {
    url: page.url,
    ...(locale ? { locale: locale.locale } : {}),
    ...(data === undefined ? {} : { data }),
    collections: collectionsOfPage(page, data?.tags, membership),
    ...(status === undefined ? {} : { status }),
    source: page.inputPath,
    frontMatterText: () => readFrontMatterText(page.inputPath, config),
    // The layers of the data cascade the page's own value replaced, each combined with it.
    ...(layers.length > 0 ? { own: layers } : {}),
  };
}

/** The layers of the data cascade below a page's own robots value (see data-cascade.ts). */
export function cascadeLayers(
  state: Pick<BuildState, 'cascade'>,
  page: Pick<EleventyPage, 'inputPath'>,
  data: EleventyPageData | undefined,
  key: string,
): CascadeLayer[] {
  return state.cascade === undefined || typeof page.inputPath !== 'string'
    ? []
    : state.cascade.layers(page.inputPath, data?.[key]);
}

/** The tags core resolves for one Eleventy page, as the transform and the sitemap filter both ask. */
export function resolveEleventyPage(
  page: EleventyPage & { url: string },
  data: EleventyPageData | undefined,
  membership: CollectionMembership | undefined,
  existing: ExistingRobotsTag[],
  options: NormalizedRobotsOptions,
  layers: readonly CascadeLayer[] = [],
): ResolvedPage {
  return resolvePageTags(
    { ...eleventyPageToResolve(page, data, membership, undefined, optionLocales(options), layers), existing },
    options,
  );
}

/** Feeds, JSON, sitemaps and `permalink: false` pages are not HTML documents and are left alone. */
function isHtmlOutputPath(outputPath: unknown): outputPath is string {
  return typeof outputPath === 'string' && /\.html?$/i.test(outputPath);
}

/** Whether XML output is a sitemap: a `<urlset` or `<sitemapindex` in its first kilobytes, past the prolog and comments. */
function isSitemapXml(content: string): boolean {
  const start = content.slice(0, 4096);
  return start.includes('<urlset') || start.includes('<sitemapindex');
}

/**
 * Whether a transform call is Eleventy transforming a page's own output. The
 * `renderTransforms` filter, which `@11ty/eleventy-plugin-rss` runs on each feed entry's
 * content under the post's `page`, passes the feed's base URL as `baseHref`; Eleventy's
 * own call (src/Template.js `runTransforms`) passes none.
 */
function isOwnOutput(context: Partial<EleventyTransformContext> | undefined): boolean {
  return context?.baseHref === undefined;
}

/** Diagnostics about a document that was changed, or that should have been. */
const ALWAYS_REPORTED = new Set(['no-head', 'multiple-heads', 'unterminated-doctype', 'internal-error']);
/** Left alone on purpose: feed entries are fragments. Only a page's own output without a layout is really one. */
const REPORTED_FOR_WHOLE_PAGES = new Set(['fragment', 'not-html']);

const HINTS: Readonly<Record<string, string>> = {
  'no-head': ' Give the page a layout with a `<head>` to control where they go.',
};

/**
 * The diagnostics of `injectRobots` worth telling the user about, as messages naming
 * the template. `@11ty/eleventy-plugin-rss` runs transforms on each entry's content
 * (a fragment, under the post's own `page`), so a fragment is only reported for a
 * page's own output rendered without a layout.
 */
function transformDiagnosticsToReport(
  diagnostics: readonly HtmlDiagnostic[],
  inputPath: string,
  wholePageWithoutLayout: boolean,
): string[] {
  return diagnostics
    .filter(
      (diagnostic) =>
        ALWAYS_REPORTED.has(diagnostic.code) ||
        (wholePageWithoutLayout && REPORTED_FOR_WHOLE_PAGES.has(diagnostic.code)),
    )
    .map(
      (diagnostic) =>
        `${inputPath}: ${diagnostic.message.replace(/^\[@robots-kit\/core\]\s*/, '')}${HINTS[diagnostic.code] ?? ''}`,
    );
}

export interface RobotsTransformSetup {
  options: NormalizedRobotsOptions;
  /** Where inherited values came from, for messages; and the front matter delimiters. */
  sources: DataSourceContext;
  /** Filled by the `eleventyComputed` capture, keyed by `data.page`. */
  pageData: WeakMap<object, EleventyPageData>;
  state: BuildState;
  /** Eleventy sets its logger after plugins load, so it is looked up at call time. */
  logger: () => EleventyLogger | undefined;
}

/**
 * Notes a page's own output for after the build: its tags (robots.txt warnings, `headers.html`),
 * what the options' report needs, and, in an incremental build, whether it changed indexability.
 */
function recordPage(state: BuildState, page: PageToResolve, tags: Record<string, string> | undefined): void {
  state.usage.record(page);
  if (tags === undefined) return;
  const before = state.pages.get(page.url);
  if (state.incremental && before !== undefined && isNoindexPage(before.tags) !== isNoindexPage(tags))
    state.indexabilityChanged.push(page.url);
  state.pages.set(page.url, { url: page.url, tags });
}

/** The transform that gives every HTML page its resolved robots tags. */
export function createRobotsTransform(setup: RobotsTransformSetup): EleventyTransform {
  return function robotsKitTransform(content) {
    const page = this?.page;
    if (typeof content !== 'string' || !page || typeof page.url !== 'string' || !isHtmlOutputPath(page.outputPath)) {
      // A sitemap the site writes itself is kept (as it is) for the check after the build.
      if (
        typeof content === 'string' &&
        typeof page?.outputPath === 'string' &&
        page.outputPath.endsWith('.xml') &&
        isSitemapXml(content)
      ) {
        setup.state.sitemapOutputs.set(page.outputPath, content);
      }
      return content;
    }
    // Its `url` was checked above; not a spread copy, which would copy every page object.
    const located = page as EleventyPage & { url: string };
    const captured = setup.pageData.get(page);
    const membership = membershipForBuild(setup.state, captured);
    const data = captured ?? membership?.itemByPage.get(page)?.data;
    const key = setup.options.frontMatterKey;
    const warnings: string[] = setup.state.cascade?.unreadableNotes(page.inputPath, data?.[key]) ?? [];
    const toResolve = eleventyPageToResolve(
      located,
      data,
      membership,
      setup.sources.config,
      optionLocales(setup.options),
      cascadeLayers(setup.state, page, data, key),
    );
    const resolve = (existing: ExistingRobotsTag[]): Record<string, string> => {
      const resolved = resolvePageTags({ ...toResolve, existing }, setup.options);
      for (const warning of resolved.warnings)
        warnings.push(locateInheritedWarning(warning, page, data, key, setup.sources));
      if (existing.length === 0 && data !== undefined) setup.state.resolvedFromData.set(page, resolved.tags);
      return resolved.tags;
    };

    const hasLayout = Boolean(data?.layout);
    // A feed entry runs through the transforms too, as a fragment under the post's own `page`:
    // only the page's own output, rendered without a layout, is a whole page that lacks a head.
    const ownOutput = isOwnOutput(this);
    const wholePageFragment = ownOutput && !hasLayout;
    let resolvedTags: Record<string, string> | undefined;
    let existingTags: ExistingRobotsTag[] = [];
    let result: InjectRobotsResult;
    try {
      result = injectRobots(
        content,
        (existing) => {
          existingTags = existing;
          return (resolvedTags = resolve(existing));
        },
        {
          fragments: wholePageFragment ? 'add-head' : 'leave',
        },
      );
      // A page that is not HTML at all must still fail on bad front matter.
      if (resolvedTags === undefined && wholePageFragment) resolve([]);
    } catch (error) {
      throw locatePageError(error, page, data, key, setup.sources);
    }
    if (ownOutput) recordPage(setup.state, toResolve, resolvedTags);
    // `audit: { html }`: the page as resolved, for where its directives came from in the report.
    if (ownOutput && resolvedTags !== undefined)
      setup.state.explained?.set(page.url, { ...toResolve, existing: existingTags });

    if (data === undefined && result.changed) {
      warnings.push(
        `${page.inputPath}: the page's data was not available, so its front matter was ignored (was \`eleventyComputed\` replaced with \`override:eleventyComputed\` or \`setDataDeepMerge(false)\`?).`,
      );
    }
    warnings.push(...transformDiagnosticsToReport(result.diagnostics, page.inputPath, wholePageFragment));
    reportWarnings(warnings, setup.logger(), setup.state.reported);
    // `links` and `nosnippet` rules: a pass of their own, only on sites that set those options.
    if (ownOutput && hasBodyRules(setup.options)) {
      const body = applyBodyRules(result.changed ? result.html : content, toResolve, data, setup);
      if (body !== undefined) return body;
    }
    return result.changed ? result.html : content;
  };
}

/**
 * The page's `links` and `nosnippet` rules applied by core (`rewritePageBody`) to `html` (the
 * page after the head pass, or the page as Eleventy gave it when the head was left alone): the
 * page they give, or undefined when they change nothing. Bad `links`/`nosnippet` data fails the
 * page, located.
 */
function applyBodyRules(
  html: string,
  page: PageToResolve,
  data: EleventyPageData | undefined,
  setup: RobotsTransformSetup,
): string | undefined {
  let body: ReturnType<typeof rewritePageBody>;
  try {
    body = rewritePageBody(html, page, setup.options);
  } catch (error) {
    const key =
      (error as { details?: { key?: string } }).details?.key?.split(/[.[]/)[0] ?? setup.options.frontMatterKey;
    throw locatePageError(error, { inputPath: page.source ?? '' }, data, key, setup.sources);
  }
  // reportWarnings drops core's package prefix itself.
  reportWarnings(
    body.warnings.map((warning) => warning.message),
    setup.logger(),
    setup.state.reported,
  );
  return body.changed ? body.html : undefined;
}

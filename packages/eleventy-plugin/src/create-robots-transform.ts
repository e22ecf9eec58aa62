import { injectRobots, type ExistingRobotsTag, type InjectRobotsResult, type NormalizedRobotsOptions } from '@robots-kit/core';
import type { BuildState } from './build-state.js';
import type { EleventyLogger, EleventyPageData, EleventyTransform } from './eleventy-types.js';
import { isHtmlOutputPath } from './is-html-output-path.js';
import { locateError } from './locate-error.js';
import { membershipForBuild } from './membership-for-build.js';
import { reportWarnings } from './report-warnings.js';
import { resolveEleventyPage } from './resolve-eleventy-page.js';
import { transformDiagnosticsToReport } from './transform-diagnostics-to-report.js';

export interface RobotsTransformSetup {
  options: NormalizedRobotsOptions;
  /** Filled by the `eleventyComputed` capture, keyed by `data.page`. */
  pageData: WeakMap<object, EleventyPageData>;
  state: BuildState;
  /** Eleventy sets its logger after plugins load, so it is looked up at call time. */
  logger: () => EleventyLogger | undefined;
}

/** The transform that gives every HTML page its resolved robots tags. */
export function createRobotsTransform(setup: RobotsTransformSetup): EleventyTransform {
  return function robotsKitTransform(content) {
    const page = this?.page;
    if (typeof content !== 'string' || !page || typeof page.url !== 'string' || !isHtmlOutputPath(page.outputPath)) {
      return content;
    }
    const located = { ...page, url: page.url };
    const captured = setup.pageData.get(page);
    const membership = membershipForBuild(setup.state, captured);
    const data = captured ?? membership?.dataByPage.get(page);
    const warnings: string[] = [];
    const resolve = (existing: ExistingRobotsTag[]): Record<string, string> => {
      const resolved = resolveEleventyPage(located, data, membership, existing, setup.options);
      for (const warning of resolved.warnings) warnings.push(warning.message);
      return resolved.tags;
    };

    const hasLayout = Boolean(data?.layout);
    let result: InjectRobotsResult;
    try {
      let resolvedTags: Record<string, string> | undefined;
      result = injectRobots(content, (existing) => (resolvedTags = resolve(existing)));
      // A page that is itself a fragment (no layout) must still fail on bad front matter.
      // A page with a layout is checked when its own page renders, not again in a feed entry,
      // where an error would surface from inside the feed template.
      if (resolvedTags === undefined && !hasLayout) resolve([]);
    } catch (error) {
      throw locateError(error, page.inputPath);
    }

    if (data === undefined && result.changed) {
      warnings.push(
        `${page.inputPath}: the page's data was not available, so its front matter was ignored (was \`eleventyComputed\` replaced with \`override:eleventyComputed\` or \`setDataDeepMerge(false)\`?).`,
      );
    }
    warnings.push(...transformDiagnosticsToReport(result.diagnostics, page.inputPath, hasLayout));
    reportWarnings(warnings, setup.logger(), setup.state.reported);
    return result.html;
  };
}

import { injectRobots, type ExistingRobotsTag, type InjectRobotsResult, type NormalizedRobotsOptions } from '@robots-kit/core';
import type { BuildState } from './build-state.js';
import type { EleventyLogger, EleventyPageData, EleventyTransform } from './eleventy-types.js';
import { isHtmlOutputPath } from './is-html-output-path.js';
import { isOwnOutput } from './is-own-output.js';
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
    // A feed entry runs through the transforms too, as a fragment under the post's own `page`:
    // only the page's own output, rendered without a layout, is a whole page that lacks a head.
    const ownOutput = isOwnOutput(this);
    const wholePageFragment = ownOutput && !hasLayout;
    let resolvedTags: Record<string, string> | undefined;
    let result: InjectRobotsResult;
    try {
      result = injectRobots(content, (existing) => (resolvedTags = resolve(existing)), {
        fragments: wholePageFragment ? 'add-head' : 'leave',
      });
      // A page that is not HTML at all must still fail on bad front matter.
      if (resolvedTags === undefined && wholePageFragment) resolve([]);
    } catch (error) {
      throw locateError(error, page.inputPath);
    }
    if (ownOutput && resolvedTags !== undefined) setup.state.pages.set(page.url, { url: page.url, tags: resolvedTags });

    if (data === undefined && result.changed) {
      warnings.push(
        `${page.inputPath}: the page's data was not available, so its front matter was ignored (was \`eleventyComputed\` replaced with \`override:eleventyComputed\` or \`setDataDeepMerge(false)\`?).`,
      );
    }
    warnings.push(...transformDiagnosticsToReport(result.diagnostics, page.inputPath, wholePageFragment));
    reportWarnings(warnings, setup.logger(), setup.state.reported);
    return result.html;
  };
}

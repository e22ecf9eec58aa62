/**
 * The audit's HTML report in Eleventy. Under `eleventy --serve`, Eleventy's dev server answers
 * `/_robots-kit/` with the report of the site as last built (made when asked, once per build, so
 * a rebuild costs nothing until someone looks); a plain build serves nothing. The file
 * `audit: { html }` writes is kept out of the templates Eleventy reads and out of the watcher.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  explainPageSources,
  loadAudit,
  type NormalizedRobotsOptions,
  type PageExplanation,
  type PageToResolve,
} from '@robots-kit/core/internal/build';
import type { BuildState } from './page-data.js';
import type { EleventyBuildEvent, EleventyConfig } from './types.js';

/** Where the dev server serves the report (also below the site's `pathPrefix`). */
export const DEV_REPORT_PATH = '/_robots-kit/';

export interface DevReportSetup {
  options: NormalizedRobotsOptions;
  /** The build's state: under `--serve` the transform keeps each page as resolved (`explained`) for the report. */
  state: BuildState;
  /** The URL the output is served at, as the audit after the build reads it; computed at each build. */
  siteUrl: (event: EleventyBuildEvent) => string | undefined;
}

/** What the server knows of the last build. */
interface LastBuild {
  outputDir: string;
  site: string | undefined;
  /** The pages as the transform resolved them in that build. */
  pages: ReadonlyMap<string, PageToResolve> | undefined;
  /** The report page, made on the first request after the build. */
  page?: Promise<string>;
}

function send(response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8'): void {
  response.statusCode = status;
  response.setHeader('Content-Type', type);
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  response.end(body);
}

/** Where each page's directives came from, for the report: the pages as the transform resolved them (`audit: { html }`). */
export function explainPages(
  pages: ReadonlyMap<string, PageToResolve> | undefined,
  options: NormalizedRobotsOptions,
): Map<string, PageExplanation> | undefined {
  if (!pages) return undefined;
  return new Map([...pages].map(([url, page]) => [url, explainPageSources(page, options).explanation]));
}

/**
 * Registers the report with Eleventy: the dev server's middleware for `/_robots-kit/`, the
 * `eleventy.after` listener that marks each `--serve` build's report as due, and, with
 * `audit: { html }`, the report file among what Eleventy neither reads nor watches.
 */
export function registerAuditReport(eleventyConfig: EleventyConfig, setup: DevReportSetup): void {
  const { options } = setup;
  if (typeof options.audit === 'object') {
    // A report written inside the input folder would otherwise be read back as an HTML template, and wake --watch.
    const file = path.relative(process.cwd(), path.resolve(options.audit.html)).split(path.sep).join('/');
    eleventyConfig.ignores?.add(file);
    eleventyConfig.watchIgnores?.add(file);
  }
  let last: LastBuild | undefined;
  eleventyConfig.on('eleventy.before', (event?: EleventyBuildEvent) => {
    if (event?.runMode === 'serve') setup.state.explained ??= new Map();
  });
  eleventyConfig.on('eleventy.after', (event?: EleventyBuildEvent) => {
    if (!event?.directories || event.runMode !== 'serve' || (event.outputMode ?? 'fs') !== 'fs') return;
    // A copy: the next build refills the map while this build's report may still be asked for.
    last = {
      outputDir: event.directories.output,
      site: setup.siteUrl(event),
      pages: setup.state.explained && new Map(setup.state.explained),
    };
  });
  const middleware = (request: IncomingMessage, response: ServerResponse, next: () => unknown): unknown => {
    // `/_robots-kit/`, also below a `pathPrefix` (`/blog/_robots-kit/`), with or without its slash or index.html.
    const url = request.url ?? '/';
    const pathname = URL.canParse(url, 'http://localhost')
      ? new URL(url, 'http://localhost').pathname.replace(/\/index\.html$/, '/')
      : '';
    if (!/(?:^|\/)_robots-kit\/?$/.test(pathname)) return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!last) {
      send(
        response,
        503,
        '<!doctype html><title>robots-kit</title><p>The site has not been built yet; this page shows the robots-kit audit once it has.</p>',
      );
      return undefined;
    }
    const build = last;
    // The audit and its report page load on the first request for them, not with the plugin.
    build.page ??= loadAudit().then(async ({ auditSite, renderAuditHtml }) => {
      const report = await auditSite(build.outputDir, {
        ...(build.site === undefined ? {} : { site: build.site }),
        indexable: options.indexable,
      });
      const explanations = explainPages(build.pages, options);
      return renderAuditHtml(report, {
        title: `robots-kit audit (eleventy --serve): ${report.site ?? build.outputDir}`,
        ...(explanations ? { explanations } : {}),
      });
    });
    return build.page.then(
      (page) => send(response, 200, request.method === 'HEAD' ? '' : page),
      (error: unknown) => {
        build.page = undefined;
        send(
          response,
          500,
          `robots-kit could not audit ${build.outputDir}: ${error instanceof Error ? error.message : String(error)}\n`,
          'text/plain; charset=utf-8',
        );
      },
    );
  };
  eleventyConfig.setServerOptions?.({ middleware: [middleware] });
}

/**
 * `@robots-kit/core/internal/runtime`: what a server needs on every request, and nothing more. Resolving
 * a page (with options already normalized at build time), the X-Robots-Tag values of a
 * response, and the head transform over a stream. No `node:` import, no zod and no audit code
 * is reachable from here (checked by a test of the Astro integration that bundles its server
 * output), so it loads fast and runs on edge runtimes (Cloudflare, Vercel Edge, Netlify Edge).
 */
export { RobotsError, type RobotsErrorDetails, type RobotsWarning } from './errors.js';
export type { ExistingRobotsTag, RobotsInput } from './directives/types.js';
export type { NormalizedRobotsOptions } from './options/schema.js';
export { isErrorPage, resolvePageTags, type PageToResolve, type ResolvedPage } from './resolve/resolve-page.js';
export {
  resolveResponse,
  robotsHeaderValues,
  X_ROBOTS_TAG,
  CONTENT_USAGE,
  type ResolvedResponse,
  type ResponseToResolve,
} from './resolve/response-header.js';
export { injectRobots } from './html/inject.js';
export {
  injectRobotsStream,
  isPreBodyScanFinal,
  type InjectRobotsStreamOptions,
  type InjectRobotsStreamResult,
} from './html/inject-stream.js';
export type {
  HtmlDiagnostic,
  HtmlDiagnosticCode,
  InjectRobotsOptions,
  InjectRobotsResult,
  ResolveRobotsTags,
} from './html/types.js';
export { matchesAnyGlob } from './glob.js';
export {
  hasBodyRules,
  pageHasBodyRules,
  rewritePageBody,
  type BodyPage,
  type PageBodyResult,
} from './resolve/body-rules.js';

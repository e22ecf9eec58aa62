import type { MiddlewareHandler } from 'astro';
import { decodeUtf8 } from './runtime/decode-utf8.js';
import { isUtf8Html } from './runtime/is-utf8-html.js';
import { loadRobotsData } from './runtime/load-robots-data.js';
import { reportDiagnostics } from './runtime/report-diagnostics.js';
import { robotsForPage } from './runtime/robots-for-page.js';
import { statusToResolve } from './runtime/status-to-resolve.js';
import { withBody } from './runtime/with-body.js';

const encoder = new TextEncoder();

/**
 * Runs after the page rendered (`order: 'post'`, innermost), so it sees the final status, the
 * `getStaticPaths` props and whatever the page put in `Astro.locals`. HTML pages get their
 * robots tags; endpoints, redirects and bodies that are not UTF-8 are returned untouched.
 */
export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const status = statusToResolve(response.status, context.routePattern);
  if (status === undefined || response.body === null || !isUtf8Html(response.headers)) return response;

  const bytes = await response.arrayBuffer();
  const html = decodeUtf8(bytes);
  if (html === undefined) {
    context.logger?.warn(`${context.url.pathname}: the HTML is not valid UTF-8, so its robots tags were left as they are.`);
    return withBody(response, bytes);
  }
  const { data, options } = await loadRobotsData();
  const result = robotsForPage(html, status, context, data, options);
  reportDiagnostics(result, context.url.pathname, context.logger);
  return withBody(response, result.changed ? encoder.encode(result.html) : bytes);
};

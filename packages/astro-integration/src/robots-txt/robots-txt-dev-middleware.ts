import type { Connect } from 'vite';
import type { IntegrationState } from '../state.js';
import { generateAstroRobotsTxt } from './generate-astro-robots-txt.js';

function requestPath(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/**
 * Serves `/robots.txt` in `astro dev`, generated on each request exactly as the build will
 * write it, so edits to the options' file or to `public/robots.txt` show at once. Installed
 * before Vite serves `public/`, so the user's file is merged in, not served instead. Astro
 * strips `base` from the URL before this runs. A problem (e.g. a line of `public/robots.txt`
 * that conflicts with the options) is answered with a 500 and logged.
 */
export function robotsTxtDevMiddleware(getState: () => IntegrationState | undefined): Connect.NextHandleFunction {
  return (request, response, next) => {
    const state = getState();
    if (!state || state.options.robotsTxt === false || requestPath(request.url) !== '/robots.txt') return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    generateAstroRobotsTxt(state).then(
      (report) => {
        if (report === undefined) return next();
        response.statusCode = 200;
        response.setHeader('Content-Type', 'text/plain; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(request.method === 'HEAD' ? undefined : report.text);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const hint = (error as { hint?: unknown }).hint;
        state.logger.error(message);
        response.statusCode = 500;
        response.setHeader('Content-Type', 'text/plain; charset=utf-8');
        response.end(typeof hint === 'string' ? `${message}\n\n${hint}\n` : `${message}\n`);
      },
    );
  };
}

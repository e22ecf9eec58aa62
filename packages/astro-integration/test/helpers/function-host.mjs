/**
 * Serves a serverless function bundle over HTTP the way Netlify's and Vercel's Node runtimes call
 * it: each request becomes one web `Request`, the function's `Response` is sent back as it is.
 * Run as `node function-host.mjs <function entry> <netlify|vercel> [netlify project folder]` with
 * `HOST` and `PORT` set. The entry is imported from where it lies, so it resolves its imports from
 * its own folder only (the bundle as deployed).
 *
 * - `netlify`: the entry's default export is `handler(request, context)` (Netlify Functions 2.0).
 *   With a project folder, a request first goes through Netlify's own local engine
 *   (`@netlify/dev`: the publish folder's files with `_headers` and `_redirects` applied, offline,
 *   as `netlify dev` serves them), and reaches the function when no file answers it, as the
 *   adapter's `preferStatic` function does on Netlify.
 * - `vercel`: the entry's default export is `{ fetch(request) }` (`.vc-config.json`'s `handler`).
 */
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const [entry, kind, netlifyProject] = process.argv.slice(2);
if (entry === undefined || (kind !== 'netlify' && kind !== 'vercel'))
  throw new Error('usage: node function-host.mjs <function entry> <netlify|vercel> [netlify project folder]');
const { default: exported } = await import(pathToFileURL(entry).href);
/** @type {(request: Request) => Promise<Response>} */
const callFunction =
  kind === 'netlify'
    ? (request) => exported(request, { ip: '127.0.0.1', waitUntil: () => {} })
    : (request) => exported.fetch(request);

/** Netlify's engine for the publish folder only: every feature that could reach the network is off. */
async function startNetlifyStatic(projectRoot) {
  const { NetlifyDev } = await import('@netlify/dev');
  const off = { enabled: false };
  const dev = new NetlifyDev({
    projectRoot,
    serverAddress: 'http://127.0.0.1:9',
    aiGateway: off,
    blobs: off,
    database: off,
    edgeFunctions: off,
    environmentVariables: off,
    functions: off,
    geolocation: off,
    images: off,
    headers: { enabled: true },
    redirects: { enabled: true },
    staticFiles: { enabled: true },
  });
  await dev.start();
  return dev;
}
const netlifyStatic = netlifyProject === undefined ? undefined : await startNetlifyStatic(netlifyProject);

createServer(async (incoming, outgoing) => {
  try {
    const headers = new Headers();
    for (let i = 0; i < incoming.rawHeaders.length; i += 2)
      headers.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
    const request = () =>
      new Request(new URL(incoming.url ?? '/', `http://${incoming.headers.host}`), {
        method: incoming.method,
        headers,
      });
    const response = (await netlifyStatic?.handle(request())) ?? (await callFunction(request()));
    outgoing.writeHead(response.status, [...response.headers].flat());
    if (response.body === null) outgoing.end();
    else Readable.fromWeb(response.body).pipe(outgoing);
  } catch (error) {
    outgoing.writeHead(500, { 'content-type': 'text/plain' });
    outgoing.end(String(error?.stack ?? error));
  }
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

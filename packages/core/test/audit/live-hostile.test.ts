/**
 * The live check against hostile servers on 127.0.0.1: a redirect loop, a 10 GB body, a response
 * that never ends, a robots.txt of 100 MB, a header section no HTTP parser accepts, a server that
 * never answers. Each run ends within a bound of time and memory, with a finding per failure and
 * no stack trace.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLiveSite } from '../../src/audit/live/check-live.js';
import { runCli } from '../../src/cli/run-cli.js';

const servers: Array<Server | TcpServer> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
async function listen(server: Server | TcpServer): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** Streams `total` bytes (or forever) as the client reads them. */
function stream(response: import('node:http').ServerResponse, total: number, chunk = CHUNK): void {
  let sent = 0;
  const write = (): void => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', write);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  response.on('error', () => {});
  write();
}
/** Runs the check and measures it: wall time and how much the heap grew. */
async function bounded(run: () => Promise<unknown>): Promise<{ ms: number; heapMb: number }> {
  const heap = process.memoryUsage().heapUsed;
  const started = performance.now();
  await run();
  return { ms: performance.now() - started, heapMb: (process.memoryUsage().heapUsed - heap) / 1024 / 1024 };
}
const options = { timeoutMs: 1500, rate: 1000, maxBytes: 1024 * 1024 };

describe('the live check stays bounded on hostile servers', () => {
  it('a redirect loop: one fetch-failed finding naming the loop', async () => {
    const origin = await listen(
      createHttpServer((request, response) => {
        response.writeHead(302, { location: request.url === '/a' ? '/b' : '/a' }).end();
      }),
    );
    let report: Awaited<ReturnType<typeof checkLiveSite>>['report'] | undefined;
    const cost = await bounded(async () => (report = (await checkLiveSite(origin, options)).report));
    const failed = report!.findings.filter((finding) => finding.id === 'fetch-failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.message).toMatch(/redirect loop|more than 5 redirects/);
    expect(cost.ms).toBeLessThan(10_000);
  });

  it('a 10 GB body and a 100 MB robots.txt: read to the cap, the rest never fetched', async () => {
    const origin = await listen(
      createHttpServer((request, response) => {
        response.writeHead(200, { 'content-type': request.url === '/robots.txt' ? 'text/plain' : 'text/html' });
        stream(response, request.url === '/robots.txt' ? 100 * 1024 * 1024 : 10 * 1024 ** 3);
      }),
    );
    const cost = await bounded(() => checkLiveSite(origin, options));
    expect(cost.ms).toBeLessThan(15_000);
    expect(cost.heapMb).toBeLessThan(100);
  });

  it('a response that never ends, and a server that never answers: cut at the time limit', async () => {
    const origin = await listen(
      createHttpServer((request, response) => {
        if (request.url === '/robots.txt') return; // never answers
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<!doctype html><html><head><meta name="robots" content="noindex">');
        // …and never ends.
      }),
    );
    let report: Awaited<ReturnType<typeof checkLiveSite>>['report'] | undefined;
    const cost = await bounded(async () => (report = (await checkLiveSite(origin, options)).report));
    expect(cost.ms).toBeLessThan(15_000);
    const timeout = report!.findings.find(
      (finding) => finding.id === 'fetch-failed' && /timeout/.test(finding.message),
    );
    expect(timeout?.urls).toEqual(['/robots.txt']);
    // The page's head arrived before the cut: its noindex is read.
    expect(report!.pages.find((page) => page.url === '/')?.crawlers['*']?.indexable).toBe(false);
  });

  it('a header section no HTTP parser accepts: a finding, never a stack trace', async () => {
    const origin = await listen(
      createTcpServer((socket) => {
        socket.on('error', () => {});
        socket.once('data', () =>
          socket.end('HTTP/1.1 200 OK\r\nX-Robots-Tag noindex\r\nBad\u0000Header: x\r\n\r\nbody'),
        );
      }),
    );
    let stdout = '';
    let stderr = '';
    const code = await runCli(['check', origin, '--format=json', '--timeout', '2'], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code).toBe(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    const report = JSON.parse(stdout) as { findings: Array<{ id: string; message: string }> };
    expect(report.findings.filter((finding) => finding.id === 'fetch-failed').length).toBeGreaterThan(0);
  });

  it('only the URL’s origin is requested: a redirect to another origin is named, not followed', async () => {
    let elsewhere = 0;
    const other = await listen(
      createHttpServer((_request, response) => {
        elsewhere++;
        response.end('x');
      }),
    );
    const origin = await listen(
      createHttpServer((_request, response) => {
        response.writeHead(301, { location: `${other}/robots.txt` }).end();
      }),
    );
    const { report } = await checkLiveSite(origin, options);
    expect(elsewhere).toBe(0);
    expect(report.findings.some((finding) => /another origin/.test(finding.message))).toBe(true);
  });

  it('refuses live-check flags on a folder, and bad numbers, as usage errors (exit 2)', async () => {
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } };
    expect(await runCli(['check', 'dist', '--expect', 'dist'], io)).toBe(2);
    expect(stderr).toMatch(/--expect/);
    stderr = '';
    expect(await runCli(['check', 'http://127.0.0.1:9', '--rate', '0'], io)).toBe(2);
    expect(stderr).toMatch(/--rate.*`0`|`0`.*--rate|--rate/);
  });
});

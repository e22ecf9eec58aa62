import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { request } from 'node:http';

export interface RunningServer {
  origin: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The module the child loads before its entry (`--import`): it exits when its stdin closes (this
 * test process ended, however it ended) or after `lifetimeMs` at the latest, so no server
 * outlives its test run. As a preload, the entry still runs as the main module (wrangler's CLI
 * starts only then).
 */
const WATCHDOG = (lifetimeMs: number): string =>
  `data:text/javascript,${encodeURIComponent(`
process.stdin.on('end', () => process.exit(0)).on('close', () => process.exit(0)).resume();
setTimeout(() => process.exit(0), ${lifetimeMs}).unref();
`)}`;

/** A port no one listens on right now, from the system (bind to port 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something answers HTTP at `origin` (any status). */
function answers(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    request(`${origin}/`, { method: 'HEAD' }, (response) => {
      response.resume();
      resolve(true);
    })
      .on('error', () => resolve(false))
      .end();
  });
}

/** A server to start in a Node child process (see {@link startServerProcess}). */
export interface ServerProcess {
  /** The script to run (an absolute path), as `node <entry> …args` does. */
  entry: string;
  /** `process.argv` after the entry. Default: none. */
  args?: readonly string[];
  /** Variables added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** The child's working directory. Default: this process's. */
  cwd?: string;
  /** The Node binary. Default: this process's. */
  node?: string;
}

/**
 * Starts a server in a Node child process, given the free port picked for it on 127.0.0.1, and
 * resolves with its origin once it answers HTTP there. The child loads the watchdog first
 * (see `WATCHDOG`), then runs the entry; `stop` closes its stdin, and kills it 5 s later if it is
 * still running.
 */
export async function startServerProcess(
  start: (port: number) => ServerProcess,
  { timeoutMs = 30_000, lifetimeMs = 600_000 } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = start(port);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    ...server.env,
  };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'ASTRO_NODE_AUTOSTART') delete env[key];
  const child = spawn(
    server.node ?? process.execPath,
    ['--import', WATCHDOG(lifetimeMs), server.entry, ...(server.args ?? [])],
    { env, stdio: ['pipe', 'pipe', 'pipe'], ...(server.cwd === undefined ? {} : { cwd: server.cwd }) },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exitCode = code), resolve())));
  const stop = async (): Promise<void> => {
    if (exitCode !== undefined) return;
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(origin))) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { origin, output: () => output, stop };
}

/**
 * Starts an `@astrojs/node` standalone server (`dist/server/entry.mjs`) on 127.0.0.1 and a
 * free port, and resolves with its origin once it answers. (The port is picked here: a server
 * built with a custom logger destination does not print the one it got from `PORT=0`.)
 */
export function startNodeServer(
  entry: string,
  options: { timeoutMs?: number; lifetimeMs?: number } = {},
): Promise<RunningServer> {
  return startServerProcess((port) => ({ entry, env: { HOST: '127.0.0.1', PORT: String(port) } }), options);
}

export interface RawResponse {
  status: number;
  /** Header lines as they came over the wire: [name (lowercase), value], in order, repeated names kept. */
  headers: Array<[string, string]>;
  body: Buffer;
}

/** A GET with Node's own HTTP client, so that repeated header lines are seen as sent, not joined. */
export function get(url: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Array<[string, string]> = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          headers.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The values of every `X-Robots-Tag` line of a response, in order. */
export function robotsHeaderLines(response: RawResponse): string[] {
  return response.headers.filter(([name]) => name === 'x-robots-tag').map(([, value]) => value);
}

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface RunningDevServer {
  origin: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const astroBin = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin', 'astro.mjs');

/**
 * Starts the real `astro dev` CLI in `root` on a free loopback port and resolves once it
 * prints its URL. A child process, because Astro does not install its request handler when
 * it runs inside Vitest (`process.env.VITEST`). `nodeEnv` matters: Astro turns HMR off for `test`.
 */
export function startAstroDev(
  root: string,
  {
    nodeEnv,
    timeoutMs = 60_000,
    args = [],
  }: {
    nodeEnv: string;
    timeoutMs?: number /** More CLI arguments, e.g. `['--config', 'astro.x.config.mjs']`. */;
    args?: readonly string[];
  },
): Promise<RunningDevServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: nodeEnv,
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TEST') delete env[key];
  const child = spawn(process.execPath, [astroBin, 'dev', '--host', '127.0.0.1', '--port', '0', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`astro dev did not start within ${timeoutMs} ms:\n${output}`)));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ origin: url, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`astro dev exited with ${code}:\n${output}`));
    });
  });
}

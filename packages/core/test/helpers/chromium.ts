/**
 * A headless Chromium driven through the DevTools protocol with Node's own `WebSocket`: no
 * Playwright or Puppeteer. Used by the browser tests of the HTML audit report (core) and of the
 * Astro dev toolbar app, by bench/report.mjs (Node 24 loads it as it is, stripping the types), and
 * to run Lighthouse (lighthouse.ts).
 *
 * `findChromium()` looks for `CHROMIUM_PATH`, then Debian's `chromium` and the usual names; the
 * tests skip, saying so, when it finds none.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The Chromium executable to drive, or `undefined` when none is installed. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}
/** The sentence a skipped browser test prints. */
export const NO_CHROMIUM =
  "Chromium not found (install Debian's `chromium` with `apt-get install -y chromium`, or set CHROMIUM_PATH): the browser tests are skipped.";

/** Where the browser tests leave their screenshots (ignored by git). */
export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.cache/screenshots',
);

type Listener = (params: Record<string, unknown>) => void;
/** One page (target), spoken to over its own DevTools socket. */
export interface CdpPage {
  /** Sends a DevTools command and resolves with its result; rejects with the protocol's error. */
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  on(event: string, listener: Listener): void;
  /** Navigates and resolves once the page's `load` event fired. */
  navigate(url: string, timeoutMs?: number): Promise<void>;
  /** Evaluates an expression in the page (awaiting a promise it returns) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` until it is truthy; returns its value. */
  waitFor<T>(expression: string, options?: { timeoutMs?: number; what?: string }): Promise<T>;
  /** A PNG of the viewport (or the whole page with `fullPage`) written to `file`. */
  screenshot(file: string, options?: { fullPage?: boolean }): Promise<void>;
  /** Messages the page logged and errors it threw, for failure messages. */
  console: string[];
}
export interface ChromiumBrowser {
  /** The DevTools port on 127.0.0.1, for a tool that connects by port itself (Lighthouse). */
  port: number;
  newPage(options?: { width?: number; height?: number }): Promise<CdpPage>;
  close(): Promise<void>;
}

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.addEventListener('open', () => resolve(socket), { once: true });
    socket.addEventListener('error', () => reject(new Error(`could not open the DevTools socket ${url}`)), {
      once: true,
    });
  });
}

function pageOver(socket: WebSocket): CdpPage {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Map<string, Listener[]>();
  const consoleLines: string[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
    };
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting?.resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {});
    }
  });
  socket.addEventListener('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${waiting.method}: the DevTools socket closed`));
    pending.clear();
  });
  const page: CdpPage = {
    console: consoleLines,
    send(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    async navigate(url, timeoutMs = 30_000) {
      const loaded = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${url} did not load within ${timeoutMs} ms`)), timeoutMs);
        page.on('Page.loadEventFired', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const result = await page.send<{ errorText?: string }>('Page.navigate', { url });
      if (result.errorText) throw new Error(`navigating to ${url}: ${result.errorText}`);
      await loaded;
    },
    async evaluate<T>(expression: string) {
      const result = await page.send<{
        result: { value?: T };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      }>('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (result.exceptionDetails)
        throw new Error(
          `in the page: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`,
        );
      return result.result.value as T;
    },
    async waitFor<T>(expression: string, { timeoutMs = 30_000, what = expression } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await page.evaluate<T>(expression).catch(() => undefined);
        if (value) return value;
        if (Date.now() > deadline)
          throw new Error(
            `timed out after ${timeoutMs} ms waiting for ${what}\npage console:\n${consoleLines.join('\n')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async screenshot(file, { fullPage = false } = {}) {
      const result = await page.send<{ data: string }>('Page.captureScreenshot', {
        format: 'png',
        captureBeyondViewport: fullPage,
      });
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.from(result.data, 'base64'));
    },
  };
  page.on('Runtime.consoleAPICalled', (params) => {
    const args = (params.args as Array<{ value?: unknown; description?: string }>) ?? [];
    consoleLines.push(`${String(params.type)}: ${args.map((arg) => arg.value ?? arg.description ?? '').join(' ')}`);
  });
  page.on('Runtime.exceptionThrown', (params) => {
    const details = params.exceptionDetails as { text?: string; exception?: { description?: string } };
    consoleLines.push(`exception: ${details.exception?.description ?? details.text}`);
  });
  return page;
}

/**
 * Starts headless Chromium with a throw-away profile on a free DevTools port (read from the
 * `DevTools listening on ws://…` line it prints). `close()` ends it and removes the profile.
 */
export async function launchChromium(
  executable = findChromium(),
  { timeoutMs = 30_000 } = {},
): Promise<ChromiumBrowser> {
  if (!executable) throw new Error(NO_CHROMIUM);
  const profile = await mkdtemp(path.join(tmpdir(), 'robots-kit-chromium-'));
  const child: ChildProcess = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--hide-scrollbars',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const browserUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium printed no DevTools URL within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /DevTools listening on (ws:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${output}`));
    });
  });
  const origin = new URL(browserUrl);
  const http = `http://${origin.host}`;
  const sockets: WebSocket[] = [];
  return {
    port: Number(origin.port),
    async newPage({ width = 1280, height = 900 } = {}) {
      const target = (await (await fetch(`${http}/json/new?about:blank`, { method: 'PUT' })).json()) as {
        webSocketDebuggerUrl: string;
      };
      const socket = await connect(target.webSocketDebuggerUrl);
      sockets.push(socket);
      const page = pageOver(socket);
      await page.send('Page.enable');
      await page.send('Runtime.enable');
      await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
      return page;
    },
    async close() {
      for (const socket of sockets) socket.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      // Chromium's helper processes can still write to the profile for a moment after the
      // browser exits (ENOTEMPTY): rm retries that.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

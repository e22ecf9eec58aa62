/**
 * The live check's HTTP client: requests to one origin only, politely and within bounds. At most
 * `concurrency` requests at once and `rate` request starts a second; every request has a time
 * limit and a body cap; redirects are followed within the origin up to the limit RFC 9309 sets
 * for robots.txt. A network error, a TLS error, a timeout or a body over the cap becomes part of
 * the result, never an exception, so the run always ends.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

/** How the client behaves; every field has a default a shared host tolerates. */
export interface LiveClientOptions {
  /** Requests in flight at once. Default: 4. */
  concurrency?: number;
  /** Request starts per second. Default: 10. */
  rate?: number;
  /** Time limit of one request, from connecting to the body's end, in milliseconds. Default: 15,000. */
  timeoutMs?: number;
  /** Bytes of a body kept; the rest is not read. Default: 5 MiB. */
  maxBytes?: number;
  /** Redirects followed within the origin. Default: 5 (RFC 9309's limit for robots.txt). */
  maxRedirects?: number;
  /** The `User-Agent` sent. */
  userAgent: string;
}

/** One header line as the server sent it (name lower-cased). */
export interface HeaderLine {
  name: string;
  value: string;
}

/** What one request came back with. */
export interface LiveResponse {
  /** The URL requested first. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** The final status; 0 when no response came (see `error`). */
  status: number;
  /** Every header line of the final response, in order (several `X-Robots-Tag` lines stay apart). */
  headers: HeaderLine[];
  /** The body, at most `maxBytes`. */
  body: Buffer;
  /** The body was longer than `maxBytes` (or never ended in time) and was cut. */
  truncated: boolean;
  /** The URLs redirected through, in order. */
  redirects: string[];
  /** Why no usable response came: a network or TLS error, a timeout, a redirect loop or one out of the origin. */
  error?: string;
}

/** The values of one header, in order. */
export function headerValues(response: LiveResponse, name: string): string[] {
  return response.headers.filter((line) => line.name === name).map((line) => line.value);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A client bound to one origin. */
export class LiveClient {
  readonly origin: string;
  private readonly options: Required<LiveClientOptions>;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private nextStart = 0;

  constructor(origin: string, options: LiveClientOptions) {
    this.origin = origin;
    this.options = {
      concurrency: Math.max(1, Math.floor(options.concurrency ?? 4)),
      rate: options.rate ?? 10,
      timeoutMs: options.timeoutMs ?? 15_000,
      maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
      maxRedirects: options.maxRedirects ?? 5,
      userAgent: options.userAgent,
    };
  }

  /** GETs `path` (a path of this origin, or a URL on it), following redirects within the origin. */
  async get(path: string, maxBytes = this.options.maxBytes): Promise<LiveResponse> {
    const first = new URL(path, this.origin).href;
    const redirects: string[] = [];
    let url = first;
    for (;;) {
      const answer = await this.slot(() => this.once(url, maxBytes));
      const base = { url: first, finalUrl: url, redirects };
      if (answer.error !== undefined || !REDIRECT_STATUSES.has(answer.status)) return { ...base, ...answer };
      const location = answer.headers.find((line) => line.name === 'location')?.value;
      if (location === undefined) return { ...base, ...answer };
      const next = URL.canParse(location, url) ? new URL(location, url) : undefined;
      redirects.push(url);
      const fail = (error: string): LiveResponse => ({ ...base, ...answer, error });
      if (next === undefined) return fail(`a redirect to an unreadable Location \`${location.slice(0, 200)}\``);
      if (next.origin !== this.origin) return fail(`a redirect to another origin, ${next.origin}, not followed`);
      if (redirects.includes(next.href) || next.href === url) return fail(`a redirect loop through ${next.href}`);
      if (redirects.length > this.options.maxRedirects)
        return fail(`more than ${this.options.maxRedirects} redirects (RFC 9309's limit)`);
      url = next.href;
    }
  }

  /** Runs `task` when a place is free and the rate allows a start. */
  private async slot<T>(task: () => Promise<T>): Promise<T> {
    while (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      const interval = this.options.rate > 0 ? 1000 / this.options.rate : 0;
      const now = Date.now();
      const start = Math.max(now, this.nextStart);
      this.nextStart = start + interval;
      if (start > now) await sleep(start - now);
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** One request, no redirect followed. */
  private once(url: string, maxBytes: number): Promise<Omit<LiveResponse, 'url' | 'finalUrl' | 'redirects'>> {
    const target = new URL(url);
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const chunks: Buffer[] = [];
      let size = 0;
      let message: IncomingMessage | undefined;
      const finish = (result: Omit<LiveResponse, 'url' | 'finalUrl' | 'redirects'>): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        message?.destroy();
        resolve(result);
      };
      const partial = (truncated: boolean, error?: string) => ({
        status: message?.statusCode ?? 0,
        headers: message ? headerLines(message.rawHeaders) : [],
        body: Buffer.concat(chunks, size),
        truncated,
        ...(error === undefined ? {} : { error }),
      });
      const timer = setTimeout(() => {
        // A body that never ends is cut where it stands; no response at all is an error.
        finish(
          message
            ? partial(true)
            : partial(false, `no response within ${Math.round(this.options.timeoutMs / 1000)} s (timeout)`),
        );
      }, this.options.timeoutMs);
      const req = request(
        target,
        {
          method: 'GET',
          headers: { 'user-agent': this.options.userAgent, accept: '*/*', 'accept-encoding': 'identity' },
          // Header sections larger than Node's default (16 KiB) are a finding, not a crash.
          maxHeaderSize: 64 * 1024,
        },
        (response) => {
          message = response;
          response.on('data', (chunk: Buffer) => {
            const room = maxBytes - size;
            if (chunk.length >= room) {
              if (room > 0) chunks.push(chunk.subarray(0, room));
              size += Math.max(0, room);
              finish(partial(true));
              return;
            }
            chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => finish(partial(false)));
          response.on('error', (error) => finish(partial(true, describeNetworkError(error))));
        },
      );
      req.on('error', (error) => finish(partial(false, describeNetworkError(error))));
      req.end();
    });
  }
}

/** Node's raw header list as lines, names lower-cased. */
function headerLines(raw: readonly string[]): HeaderLine[] {
  const lines: HeaderLine[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) lines.push({ name: raw[i]!.toLowerCase(), value: raw[i + 1]! });
  return lines;
}

/** A network or TLS error in a few words: its code and message, without a stack. */
export function describeNetworkError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = (message ?? String(error)).replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 300);
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}

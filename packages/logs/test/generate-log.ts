/**
 * A generated day of traffic with known crawlers, impostors and robots.txt violations, written in
 * every log format robots-kit reads, and the facts a test can assert about it.
 */
import type { JsonFieldMap } from '../src/types.js';

export interface Visit {
  ip: string;
  ua: string;
  method: string;
  target: string;
  status: number;
  /** Milliseconds since the epoch. */
  time: number;
}

export const UA = {
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  claudebot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  ahrefs: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

/** The robots.txt the scenario is checked against (line numbers matter to the findings). */
export const ROBOTS_TXT = `User-agent: *
Disallow: /private/

User-agent: GPTBot
Disallow: /

User-agent: bingbot
Crawl-delay: 10
Disallow: /search
`;

export const START = Date.UTC(2026, 9, 10, 8, 0, 0);
const MINUTE = 60_000;

/**
 * The scenario, in time order:
 * - Googlebot from 66.249.66.1 (in the shipped range snapshot): 10 pages, 3 of them under
 *   /private/ (disallowed), 2 of them /drafts/ (noindex in the built site);
 * - "Googlebot" from 203.0.113.5 (not Google): 4 requests, 2 disallowed;
 * - bingbot from 157.55.39.10: 8 requests within one minute (Crawl-delay 10 allows 6), 2 to
 *   /search (disallowed), then 12 more an hour later of which 6 answer 503;
 * - GPTBot from 20.171.206.9 (in the shipped snapshot), blocked everywhere: 4 requests;
 * - ClaudeBot from 198.51.100.20 (no way to verify): 2 requests to /private/;
 * - AhrefsBot from 192.0.2.30: 15 requests, 12 of them 404;
 * - browsers: 40 requests; 3 lines that are not log lines.
 */
export function scenario(): { visits: Visit[]; garbage: string[] } {
  const visits: Visit[] = [];
  let clock = START;
  const at = (step: number): number => (clock += step);
  const visit = (ip: string, ua: string, target: string, status = 200, step = 20_000): void => {
    visits.push({ ip, ua, method: 'GET', target, status, time: at(step) });
  };
  for (let i = 0; i < 5; i++) visit('66.249.66.1', UA.googlebot, `/blog/post-${i}/`);
  for (const target of ['/private/a', '/private/b?x=1', '/private/a']) visit('66.249.66.1', UA.googlebot, target);
  for (const target of ['/drafts/', '/drafts/']) visit('66.249.66.1', UA.googlebot, target);
  for (const target of ['/', '/private/c', '/private/c', '/about/']) visit('203.0.113.5', UA.googlebot, target);
  clock = START + 2 * 3_600_000;
  for (let i = 0; i < 8; i++)
    visit('157.55.39.10', UA.bingbot, i < 2 ? `/search?q=${i}` : `/blog/post-${i}/`, 200, 5_000);
  clock += 3_600_000;
  for (let i = 0; i < 12; i++) visit('157.55.39.10', UA.bingbot, `/page-${i}`, i % 2 === 0 ? 503 : 200, 2 * MINUTE);
  for (const target of ['/', '/blog/post-1/', '/about/', '/blog/post-2/']) visit('20.171.206.9', UA.gptbot, target);
  for (const target of ['/private/a', '/private/d']) visit('198.51.100.20', UA.claudebot, target);
  for (let i = 0; i < 15; i++)
    visit('192.0.2.30', UA.ahrefs, i < 12 ? `/gone-${i}` : `/blog/post-${i}/`, i < 12 ? 404 : 200);
  for (let i = 0; i < 40; i++)
    visit(`192.0.2.${100 + (i % 7)}`, UA.browser, i % 5 === 0 ? '/private/a' : `/blog/post-${i % 4}/`);
  visits.sort((a, b) => a.time - b.time);
  return { visits, garbage: ['this is not a log line', '', '{"half": '] };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function clfTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}
/** Apache escapes `"` and `\` in `%r` and `%{…}i`. */
export function apacheEscape(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
}

export type Writer = (visit: Visit) => string;
export const NGINX_FORMAT =
  '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$gzip_ratio"';
export const APACHE_FORMAT = '%h %l %u %t "%m %U%q %H" %>s %b "%{User-Agent}i" %D';
export const CUSTOM_JSON: JsonFieldMap = {
  ip: 'client.address',
  time: 'at',
  path: 'request.uri',
  userAgent: 'client.agent',
  method: 'request.verb',
  status: 'code',
};
/** One writer per format the analysis reads, keyed by a name for test titles. */
export const WRITERS: Record<string, Writer> = {
  combined: (v) =>
    `${v.ip} - - [${clfTime(v.time)}] "${v.method} ${apacheEscape(v.target)} HTTP/1.1" ${v.status} 512 "-" "${apacheEscape(v.ua)}"`,
  nginx: (v) =>
    `${v.ip} - - [${clfTime(v.time)}] "${v.method} ${v.target} HTTP/2.0" ${v.status} 512 "https://example.com/" "${v.ua}" "-"`,
  apache: (v) => {
    const q = v.target.indexOf('?');
    return `${v.ip} - - [${clfTime(v.time)}] "${v.method} ${q < 0 ? v.target : v.target.slice(0, q)}${q < 0 ? '' : v.target.slice(q)} HTTP/1.1" ${v.status} 512 "${apacheEscape(v.ua)}" 1234`;
  },
  vercel: (v) =>
    JSON.stringify({
      id: `${v.time}`,
      source: 'static',
      host: 'example.vercel.app',
      timestamp: v.time + 5,
      proxy: {
        timestamp: v.time,
        method: v.method,
        host: 'example.com',
        path: v.target,
        userAgent: [v.ua],
        region: 'fra1',
        statusCode: v.status,
        clientIp: v.ip,
      },
    }),
  cloudflare: (v) =>
    JSON.stringify({
      ClientIP: v.ip,
      ClientRequestHost: 'example.com',
      ClientRequestMethod: v.method,
      ClientRequestURI: v.target,
      ClientRequestUserAgent: v.ua,
      EdgeResponseStatus: v.status,
      EdgeStartTimestamp: v.time * 1e6,
      RayID: 'abc',
    }),
  netlify: (v) =>
    JSON.stringify({
      client_ip: v.ip,
      method: v.method,
      url: `https://example.com${v.target}`,
      status_code: v.status,
      timestamp: new Date(v.time).toISOString(),
      user_agent: v.ua,
      log_type: 'traffic',
    }),
  'custom json': (v) =>
    JSON.stringify({
      at: new Date(v.time).toISOString(),
      code: String(v.status),
      client: { address: v.ip, agent: v.ua },
      request: { verb: v.method, uri: v.target },
    }),
};

/** The scenario as log text in one format, garbage lines spread through it. */
export function logText(writer: Writer): string {
  const { visits, garbage } = scenario();
  const lines = visits.map(writer);
  garbage.forEach((line, i) => lines.splice(10 + i * 20, 0, line));
  return lines.join('\n') + '\n';
}

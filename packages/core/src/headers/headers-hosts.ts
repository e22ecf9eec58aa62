import type { HeadersHosts } from './glob/glob-to-headers-patterns.js';
import type { HeaderTarget } from './targets.js';

/** The `_headers` readers a build writes for, or undefined when it writes no `_headers`. */
export function headersHosts(targets: readonly HeaderTarget[]): HeadersHosts | undefined {
  const hosts = { netlify: targets.includes('netlify'), cloudflare: targets.includes('cloudflare') };
  return hosts.netlify || hosts.cloudflare ? hosts : undefined;
}

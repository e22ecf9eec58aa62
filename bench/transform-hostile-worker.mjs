// One hostile input in its own process (so its peak RSS is its own): injectRobots with fixed tags
// (the scanner alone), then injectRobots + resolvePage (as the adapters run it).
// argv: <pattern> <megabytes> [inject-only] ; prints JSON { pattern, bytes, inject: {cpuMs, wallMs}, resolved: {cpuMs, wallMs, error?}, maxRssMb }.
import { injectRobots, normalizeOptions, resolvePage } from '@robots-kit/core';
import { hostileInput } from './transform-hostile.mjs';

const [pattern, megabytes, only] = process.argv.slice(2);
const options = normalizeOptions({ noindex: { paths: ['/tags/**'] } }, { env: {} });
const transforms = {
  inject: (html) => injectRobots(html, () => ({ robots: 'noindex, nofollow' }), { fragments: 'add-head' }),
  resolved: (html) =>
    injectRobots(html, (existing) => resolvePage({ url: '/tags/x/', existing }, options), { fragments: 'add-head' }),
};

/** The median CPU time of three runs; an error is a result too (the row says which). */
function measure(transform, html) {
  const samples = [];
  for (let run = 0; run < 3; run++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    let error;
    try {
      transform(html);
    } catch (thrown) {
      error = `${thrown.name}: ${thrown.message}`;
    }
    const used = process.cpuUsage(cpu);
    samples.push({
      cpuMs: (used.user + used.system) / 1000,
      wallMs: performance.now() - start,
      ...(error ? { error } : {}),
    });
    if (error) return samples[0];
  }
  return samples.sort((a, b) => a.cpuMs - b.cpuMs)[1];
}

const small = hostileInput(pattern, 64 * 1024);
const html = hostileInput(pattern, Number(megabytes) * 1024 * 1024);
const result = { pattern, bytes: html.length };
for (const [name, transform] of Object.entries(transforms)) {
  if (only === 'inject-only' && name !== 'inject') continue;
  // Warm up on a small input of the same pattern, so the JIT has seen every path.
  for (let i = 0; i < 20; i++) measure(transform, small);
  result[name] = measure(transform, html);
}
process.stdout.write(JSON.stringify({ ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 }));

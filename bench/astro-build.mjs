// One Astro build in its own process: argv <siteDir> <variant none|default|full|audit>.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'astro';

const [dir, variant] = process.argv.slice(2);
process.env.BENCH_VARIANT = variant;
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// Absolute: Astro resolves a relative outDir against the root, not the working directory.
const outDir = resolve(dir, `dist-${variant}`);
rmSync(outDir, { recursive: true, force: true });
const start = performance.now();
const cpuStart = process.cpuUsage();
await build({ root: dir, outDir, logLevel: 'error' });
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
// What `audit: true` adds, measured directly: after a `default` build, the audit that variant would
// have run, over the same output in the same process (whole-build ratios swing more than it costs).
let auditCpuMs;
if (variant === 'default' && !process.env.BENCH_BUILD_ONLY) {
  const { auditSite } = await import('@robots-kit/core');
  const auditStart = process.cpuUsage();
  await auditSite(outDir, { site: 'https://example.com/', trailingSlash: 'ignore' });
  const used = process.cpuUsage(auditStart);
  auditCpuMs = (used.user + used.system) / 1000;
}
// Peak resident set size of the whole process (kB on Linux).
process.stdout.write(
  '\n' +
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      output: outDir,
      auditCpuMs,
    }),
);

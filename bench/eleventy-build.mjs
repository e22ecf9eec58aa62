// One Eleventy build in its own process: argv <siteDir> <variant>, the variants of the site's
// eleventy.config.js (sites.mjs): none, identity, insert, default, full.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Eleventy from '@11ty/eleventy';

const [dir, variant] = process.argv.slice(2);
process.env.BENCH_VARIANT = variant;
// Eleventy resolves its folders against the working directory, as on the command line.
process.chdir(dir);
const output = `_site-${variant}`;
rmSync(output, { recursive: true, force: true });
const eleventy = new Eleventy('src', output, { quietMode: true, configPath: 'eleventy.config.js' });
const start = performance.now();
// From here: the config and the plugin's import (write() loads them), then the whole build.
const cpuStart = process.cpuUsage();
await eleventy.write();
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
process.stdout.write(
  '\n' +
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      // Peak resident set size of the whole process (kB on Linux).
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      transformMs: globalThis.__benchTransformMs ?? 0,
      pages: globalThis.__benchPages ?? 0,
      output: join(dir, output),
    }),
);

// One Eleventy build in its own process: argv <siteDir> <variant none|default|full>.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Eleventy from '@11ty/eleventy';

const [dir, variant] = process.argv.slice(2);
process.env.BENCH_VARIANT = variant;
const output = join(dir, `_site-${variant}`);
rmSync(output, { recursive: true, force: true });
const eleventy = new Eleventy(join(dir, 'src'), output, { quietMode: true, configPath: join(dir, 'eleventy.config.js') });
const start = performance.now();
await eleventy.write();
const ms = performance.now() - start;
process.stdout.write(JSON.stringify({ ms, transformMs: globalThis.__benchTransformMs ?? 0, output }));

// The cost of importing the Eleventy plugin, in a fresh process: argv <what> = plugin | nothing.
// CPU (user+sys) and memory added by `import('@robots-kit/eleventy')`, as every build and every
// `eleventy --serve` start pays it.
const [what] = process.argv.slice(2);
const before = process.memoryUsage();
const cpuStart = process.cpuUsage();
if (what === 'plugin') await import('@robots-kit/eleventy');
const cpu = process.cpuUsage(cpuStart);
const after = process.memoryUsage();
process.stdout.write(
  '\n' +
    JSON.stringify({
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssMb: (after.rss - before.rss) / 2 ** 20,
      heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
    }),
);

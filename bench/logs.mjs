// `robots-kit logs` throughput: a generated Combined log of a given size (a week of a busy site:
// browsers, real and spoofed crawlers, AI crawlers, 404s and 5xx), analysed in a fresh process
// without DNS. Reported as lines/s against the floor of only reading the lines, and peak RSS with
// RSS sampled along the way (flat memory means the samples do not grow with the lines read), and
// two copies of the log read by one thread, then by two (the speed-up on two cores).
// Run directly as the worker: node bench/logs.mjs <log> <robots.txt> [floor]
// Instructions per line, a figure the machine's load does not move (Callgrind, minutes):
//   node bench/logs.mjs instructions [small-mb] [large-mb]   (default 16 and 64)
import { copyFileSync, createWriteStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countInstructions } from './instructions.mjs';
import { median, root, runNode, work } from './lib.mjs';

const ROBOTS_TXT = `User-agent: *
Disallow: /private/
Disallow: /cart

User-agent: GPTBot
User-agent: ClaudeBot
Disallow: /

User-agent: bingbot
Crawl-delay: 5
Disallow: /search
`;

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
];
// [share, user agent, addresses]: addresses in the shipped range snapshots verify; the others do not.
const CRAWLERS = [
  [
    0.1,
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    (r) => `66.249.66.${r(32)}`,
  ],
  [0.02, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', (r) => `203.0.113.${r(250)}`],
  [
    0.05,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36',
    (r) => `157.55.39.${r(250)}`,
  ],
  [
    0.03,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    (r) => `20.171.206.${r(250)}`,
  ],
  [
    0.02,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    (r) => `198.51.100.${r(250)}`,
  ],
  [0.03, 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', (r) => `192.0.2.${r(250)}`],
  [0.01, 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', (r) => `192.0.2.${r(250)}`],
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n) => String(n).padStart(2, '0');

/** Writes `megabytes` of a generated Combined log once; later runs reuse it. */
export async function generateLog(megabytes, file = join(work, `logs-${megabytes}mb.log`)) {
  const bytes = megabytes * 1024 * 1024;
  if (existsSync(file) && statSync(file).size >= bytes) return file;
  mkdirSync(work, { recursive: true });
  // mulberry32: deterministic, and without the correlated low bits of a plain LCG.
  let seed = 42;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = (n) => Math.floor(random() * n);
  const paths = Array.from({ length: 4000 }, (_, i) =>
    i % 50 === 0
      ? `/private/doc-${i}`
      : i % 37 === 0
        ? `/search?q=term-${i}`
        : i % 29 === 0
          ? `/cart?item=${i}`
          : `/blog/${2020 + (i % 6)}/post-${i}/`,
  );
  // A week, in order: the time advances with the bytes written.
  const start = Date.UTC(2026, 10, 1);
  const span = 7 * 24 * 3600 * 1000;
  const out = createWriteStream(file);
  let written = 0;
  let batch = '';
  while (written < bytes) {
    const time = new Date(start + Math.floor((written / bytes) * span));
    const stamp = `${pad(time.getUTCDate())}/${MONTHS[time.getUTCMonth()]}/${time.getUTCFullYear()}:${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())} +0000`;
    let pick = random();
    let ua = BROWSERS[r(BROWSERS.length)];
    let ip = `10.${r(200)}.${r(250)}.${r(250)}`;
    for (const [share, agent, address] of CRAWLERS) {
      if (pick < share) {
        ua = agent;
        ip = address(r);
        break;
      }
      pick -= share;
    }
    const status = random() < 0.04 ? 404 : random() < 0.01 ? 503 : 200;
    const line = `${ip} - - [${stamp}] "GET ${paths[r(paths.length)]} HTTP/1.1" ${status} ${1000 + r(90000)} "https://example.com/" "${ua}"\n`;
    batch += line;
    written += line.length;
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await new Promise((resolve) => out.once('drain', resolve));
      batch = '';
    }
  }
  out.end(batch);
  await new Promise((resolve) => out.on('finish', resolve));
  return file;
}

/**
 * The analysis (or, with `floor`, only reading the lines) of one log in this process; with
 * `parallel <threads>`, of two copies of it, read by that many threads.
 */
async function worker([file, robots, floor, threads]) {
  if (floor === 'parallel') return parallelWorker(file, robots, Number(threads));
  const { analyzeLogs } = await import('@robots-kit/logs');
  const rss = [];
  const sample = () => rss.push(Math.round(process.memoryUsage().rss / 1024 / 1024));
  const start = performance.now();
  const cpu = process.cpuUsage();
  let lines = 0;
  if (floor) {
    const { readLogLines } = await import(pathToFileURL(join(root, 'packages/logs/dist/read-lines.js')).href);
    for await (const batch of readLogLines(file)) {
      lines += batch.length;
      if (lines % 1_000_000 < batch.length) sample();
    }
  } else {
    const report = await analyzeLogs([file], {
      robots: [{ path: robots }],
      onProgress: (read) => read % 1_000_000 === 0 && sample(),
    });
    lines = report.summary.lines;
  }
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  // CPU time too: the machine is shared, and the target is one core's throughput.
  const cpuSeconds = (used.user + used.system) / 1e6;
  sample();
  process.stdout.write(
    JSON.stringify({
      lines,
      seconds,
      linesPerSecond: lines / seconds,
      linesPerCpuSecond: lines / cpuSeconds,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rssSamplesMb: rss,
    }),
  );
}

async function parallelWorker(file, robots, threads) {
  const { analyzeLogs } = await import('@robots-kit/logs');
  const copy = `${file}.copy`;
  if (!existsSync(copy) || statSync(copy).size !== statSync(file).size) copyFileSync(file, copy);
  const start = performance.now();
  const report = await analyzeLogs([file, copy], { robots: [{ path: robots }], threads });
  process.stdout.write(
    JSON.stringify({ threads, lines: report.summary.lines, seconds: (performance.now() - start) / 1000 }),
  );
}

/** Lines/s of `robots-kit logs` (no DNS) against the floor of reading the lines, medians of `runs` fresh processes. */
export async function benchLogs({ megabytes, runs }) {
  const file = await generateLog(megabytes);
  const robots = join(work, 'logs-robots.txt');
  writeFileSync(robots, ROBOTS_TXT);
  const script = join(root, 'bench', 'logs.mjs');
  const floor = Array.from({ length: runs }, () => runNode(script, [file, robots, 'floor']));
  const analyse = Array.from({ length: runs }, () => runNode(script, [file, robots]));
  const linesPerCpuSecond = median(analyse.map((s) => s.linesPerCpuSecond));
  // Two files: one thread, then two (one per core); wall time, as a speed-up is about the wall clock.
  const serial = Array.from({ length: runs }, () => runNode(script, [file, robots, 'parallel', '1']));
  const parallel = Array.from({ length: runs }, () => runNode(script, [file, robots, 'parallel', '2']));
  const twoFiles = {
    oneThreadSeconds: median(serial.map((s) => s.seconds)),
    twoThreadsSeconds: median(parallel.map((s) => s.seconds)),
  };
  const floorLinesPerCpuSecond = median(floor.map((s) => s.linesPerCpuSecond));
  return {
    megabytes,
    lines: analyse[0].lines,
    runs,
    linesPerSecond: median(analyse.map((s) => s.linesPerSecond)),
    linesPerCpuSecond,
    floorLinesPerCpuSecond,
    // CPU time: the ratio holds on a shared machine, where wall time does not.
    vsFloor: linesPerCpuSecond / floorLinesPerCpuSecond,
    target: 300_000,
    maxRssMb: Math.max(...analyse.map((s) => s.maxRssMb)),
    twoFiles: { ...twoFiles, speedUp: twoFiles.oneThreadSeconds / twoFiles.twoThreadsSeconds },
    rssSamplesMb: analyse[0].rssSamplesMb,
  };
}

/**
 * Instructions per line of the analysis (and of only reading the lines), counted by Callgrind in
 * fresh processes on two sizes of the generated log: the difference over the difference in lines,
 * so the start-up (module loading, range files, the report) cancels out. The collector's share
 * is given apart: its schedule depends on time (see bench/instructions.mjs). Sizes of 4 and 16 MB
 * counted 3,600 to 5,200 mutator instructions a line more than 16 and 64 MB (the JIT's compiling
 * falls inside the difference), so 16 and 64 MB are the default.
 */
export async function logsInstructions({ small = 16, large = 64 } = {}) {
  const robots = join(work, 'logs-robots.txt');
  writeFileSync(robots, ROBOTS_TXT);
  const script = join(root, 'bench', 'logs.mjs');
  const count = async (megabytes, floor) => {
    const file = await generateLog(megabytes);
    const counts = countInstructions(script, floor ? [file, robots, 'floor'] : [file, robots]);
    const lines = runNode(script, [file, robots, 'floor']).lines;
    return { ...counts, lines };
  };
  const perLine = async (floor) => {
    const [a, b] = [await count(small, floor), await count(large, floor)];
    const lines = b.lines - a.lines;
    return {
      total: Math.round((b.total - a.total) / lines),
      mutator: Math.round((b.mutator - a.mutator) / lines),
      collector: Math.round((b.collector - a.collector) / lines),
    };
  };
  return { megabytes: [small, large], analysis: await perLine(false), floor: await perLine(true) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  if (args[0] === 'instructions') {
    const sizes = { small: Number(args[1] ?? 16), large: Number(args[2] ?? 64) };
    process.stdout.write(`${JSON.stringify(await logsInstructions(sizes))}\n`);
  } else await worker(args);
}

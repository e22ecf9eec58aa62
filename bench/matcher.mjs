// The robots.txt matcher: isAllowed from text and from a parsed file beside robots-parser (the
// most used npm peer) on the same generated cases in the same run, the large-file figures, and
// parse times of a 500 KiB file and of a hostile one.
import robotsParser from 'robots-parser';
import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { median } from './lib.mjs';

/** A small deterministic generator (mulberry32), so every run measures the same cases. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const AGENTS = ['*', 'Googlebot', 'googlebot', 'Bingbot', 'GPTBot', 'Googlebot-Image', 'FooBot', 'Slurp'];
const ASKING = ['Googlebot', 'Bingbot', 'GPTBot', 'FooBot', 'OtherBot'];
const SEGMENTS = [
  'a',
  'b',
  'private',
  'images',
  'api',
  'search',
  'index.html',
  'page',
  'docs',
  '%7Euser',
  'caf%C3%A9',
  'x.pdf',
  'v1',
  'tmp',
];

/** A path or pattern of a few segments; patterns get `*` and a final `$` now and then. */
function generatePath(next, pattern) {
  let path = '';
  const count = 1 + Math.floor(next() * 4);
  for (let i = 0; i < count; i++) {
    path += '/' + SEGMENTS[Math.floor(next() * SEGMENTS.length)];
    if (pattern && next() < 0.15) path += '*';
  }
  if (pattern && next() < 0.2) path = path.replace(/\/[^/]*$/, '/*.pdf');
  if (pattern && next() < 0.15) path += '$';
  if (!pattern && next() < 0.2) path += '?q=' + Math.floor(next() * 9);
  if (!pattern && next() < 0.3) path += '/';
  return path;
}

/**
 * One case: a robots.txt of one to five groups (one or two user-agents, up to eight rules,
 * comments, blank lines, a sitemap, LF or CRLF), a crawler and a URL on its host.
 */
function generateCase(next) {
  const lines = [];
  if (next() < 0.3) lines.push('# robots.txt for example.com');
  const groups = 1 + Math.floor(next() * 5);
  for (let g = 0; g < groups; g++) {
    const agents = 1 + Math.floor(next() * 2);
    for (let a = 0; a < agents; a++) lines.push(`User-agent: ${AGENTS[Math.floor(next() * AGENTS.length)]}`);
    const rules = Math.floor(next() * 9);
    for (let r = 0; r < rules; r++) {
      if (next() < 0.1) lines.push('# ' + generatePath(next, false));
      lines.push(`${next() < 0.35 ? 'Allow' : 'Disallow'}: ${next() < 0.05 ? '' : generatePath(next, true)}`);
    }
    if (next() < 0.1) lines.push('Crawl-delay: 5');
    lines.push('');
  }
  if (next() < 0.4) lines.push('Sitemap: https://example.com/sitemap.xml');
  const body = lines.join(next() < 0.2 ? '\r\n' : '\n');
  return {
    body,
    agent: ASKING[Math.floor(next() * ASKING.length)],
    url: 'https://example.com' + generatePath(next, false),
  };
}

export function generateCases(count, seed = 20_261_121) {
  const next = random(seed);
  return Array.from({ length: count }, () => generateCase(next));
}

/** Queries per second of `query` over every case, median of `runs`, alternated with the others by the caller. */
function rate(cases, query) {
  const start = performance.now();
  let allowed = 0;
  for (let i = 0; i < cases.length; i++) if (query(cases[i], i)) allowed++;
  return { perSecond: cases.length / ((performance.now() - start) / 1000), allowed };
}

/** A 500-line robots.txt with wildcards and `$`, across a few groups. */
export function generateLargeRobotsTxt() {
  const lines = [];
  const agents = ['*', 'Googlebot', 'Bingbot', 'GPTBot'];
  for (let group = 0; lines.length < 500; group++) {
    lines.push(`User-agent: ${agents[group % agents.length]}`);
    for (let i = 0; i < 120 && lines.length < 500; i++) {
      const kind = i % 4;
      if (kind === 0) lines.push(`Disallow: /section-${group}-${i}/*/private/`);
      else if (kind === 1) lines.push(`Allow: /section-${group}-${i}/*.html$`);
      else if (kind === 2) lines.push(`Disallow: /*?session=${i}*`);
      else lines.push(`Disallow: /archive/${i}/*/*.pdf$`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** A robots.txt of about `bytes` bytes: the 500-line file repeated, with comments and unknown keys. */
function generateFileOfSize(bytes) {
  const block =
    generateLargeRobotsTxt() +
    '\n# a comment line\nNoindex: /old/\nDisalow: /typo/\nSitemap: https://example.com/sitemap.xml\n';
  return block.repeat(Math.ceil(bytes / block.length)).slice(0, bytes);
}

function cpuMs(run) {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export function benchMatcher({ cases: caseCount = 200_000, runs = 5, largeQueries = 50_000 } = {}) {
  const cases = generateCases(caseCount);
  const parsedOurs = cases.map((c) => parseRobotsTxt(c.body));
  const parsedPeer = cases.map((c) => robotsParser('https://example.com/robots.txt', c.body));
  const disagreements = cases.filter(
    (c, i) => isAllowed(parsedOurs[i], c.agent, c.url) !== parsedPeer[i].isAllowed(c.url, c.agent),
  ).length;

  const samples = { textOurs: [], textPeer: [], parsedOurs: [], parsedPeer: [] };
  for (let run = 0; run < runs; run++) {
    // Alternated, so that drift of the machine hits both sides alike.
    samples.textOurs.push(rate(cases, (c) => isAllowed(c.body, c.agent, c.url)).perSecond);
    samples.textPeer.push(
      rate(cases, (c) => robotsParser('https://example.com/robots.txt', c.body).isAllowed(c.url, c.agent)).perSecond,
    );
    samples.parsedOurs.push(rate(cases, (c, i) => isAllowed(parsedOurs[i], c.agent, c.url)).perSecond);
    samples.parsedPeer.push(rate(cases, (c, i) => parsedPeer[i].isAllowed(c.url, c.agent)).perSecond);
  }

  const large = generateLargeRobotsTxt();
  const largeParsed = parseRobotsTxt(large);
  const largePeer = robotsParser('https://example.com/robots.txt', large);
  const agents = ['Googlebot', 'Bingbot', 'SomeBot', 'GPTBot'];
  const urls = Array.from(
    { length: 1000 },
    (_, i) =>
      `https://example.com/section-${i % 7}-${i % 120}/a/b/${i % 3 ? 'private/' : ''}page-${i}.html${i % 5 ? '' : '?session=' + i}`,
  );
  const largeCases = Array.from({ length: largeQueries }, (_, i) => ({
    agent: agents[i % agents.length],
    url: urls[i % urls.length],
  }));
  const largeSamples = { parsedOurs: [], parsedPeer: [], textOurs: [] };
  const textQueries = largeCases.slice(0, Math.max(1, Math.round(largeQueries / 50)));
  for (let run = 0; run < runs; run++) {
    largeSamples.parsedOurs.push(rate(largeCases, (c) => isAllowed(largeParsed, c.agent, c.url)).perSecond);
    largeSamples.parsedPeer.push(rate(largeCases, (c) => largePeer.isAllowed(c.url, c.agent)).perSecond);
    largeSamples.textOurs.push(rate(textQueries, (c) => isAllowed(large, c.agent, c.url)).perSecond);
  }

  const file = generateFileOfSize(500 * 1024);
  const parseMs = [];
  const parseWithDiagnosticsMs = [];
  for (let run = 0; run < runs; run++) {
    parseMs.push(cpuMs(() => parseRobotsTxt(file)));
    parseWithDiagnosticsMs.push(cpuMs(() => parseRobotsTxt(file).diagnostics));
  }
  // The hostile file: 30 lines of `Disallow: /` + 16,000 spaces + `x` (485 KB).
  const hostile = Array.from({ length: 30 }, () => 'Disallow: /' + ' '.repeat(16_000) + 'x').join('\n');
  const hostileMs = median(Array.from({ length: runs }, () => cpuMs(() => parseRobotsTxt(hostile).diagnostics)));

  const result = {
    cases: caseCount,
    runs,
    disagreementsWithPeer: disagreements,
    fromText: { queriesPerSecond: median(samples.textOurs), peerQueriesPerSecond: median(samples.textPeer) },
    fromParsed: { queriesPerSecond: median(samples.parsedOurs), peerQueriesPerSecond: median(samples.parsedPeer) },
    large: {
      robotsTxtLines: 500,
      queries: largeQueries,
      parsedQueriesPerSecond: median(largeSamples.parsedOurs),
      peerParsedQueriesPerSecond: median(largeSamples.parsedPeer),
      textQueriesPerSecond: median(largeSamples.textOurs),
    },
    parse500KiB: { bytes: file.length, cpuMs: median(parseMs), withDiagnosticsCpuMs: median(parseWithDiagnosticsMs) },
    hostile: { bytes: hostile.length, cpuMs: hostileMs },
  };
  result.fromText.ratio = result.fromText.queriesPerSecond / result.fromText.peerQueriesPerSecond;
  result.fromParsed.ratio = result.fromParsed.queriesPerSecond / result.fromParsed.peerQueriesPerSecond;
  result.targets = {
    fromTextAtLeast1_5xPeer: result.fromText.ratio >= 1.5,
    parse500KiBAtMost50Ms: result.parse500KiB.cpuMs <= 50,
  };
  return result;
}

import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { median } from './lib.mjs';

/** A 500-line robots.txt with wildcards and `$`, across a few groups. */
export function generateRobotsTxt() {
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

export function benchMatcher({ queries = 50_000, runs = 5 } = {}) {
  const parsed = parseRobotsTxt(generateRobotsTxt());
  const agents = ['Googlebot', 'Bingbot', 'SomeBot', 'GPTBot'];
  const urls = Array.from({ length: 1000 }, (_, i) => `https://example.com/section-${i % 7}-${i % 120}/a/b/${i % 3 ? 'private/' : ''}page-${i}.html${i % 5 ? '' : '?session=' + i}`);
  const samples = [];
  let allowed = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    for (let i = 0; i < queries; i++) if (isAllowed(parsed, agents[i % agents.length], urls[i % urls.length])) allowed++;
    samples.push(queries / ((performance.now() - start) / 1000));
  }
  return { robotsTxtLines: 500, queries, runs, queriesPerSecond: median(samples), allowedShare: allowed / (queries * runs) };
}

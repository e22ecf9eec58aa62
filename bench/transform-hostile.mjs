// injectRobots + resolvePage on hostile inputs of 1 MB and 10 MB: the time must grow linearly with
// the size (10 MB takes about 10 times as long as 1 MB) and memory stay bounded, whatever the markup.
import { join } from 'node:path';
import { root, runNode } from './lib.mjs';

const worker = join(root, 'bench', 'transform-hostile-worker.mjs');

/** Pattern name → [start, unit repeated to the size, end]. Each one aims at a part of the scanner. */
const PATTERNS = {
  // Comments in the head, with every way of (not) closing them.
  'head comments': ['<!DOCTYPE html><head>', '<!--<!-- a -- b --!x --->', '</head><body>'],
  // The input ends inside a comment before any head: a head goes after a computed closer.
  'unclosed comment before the head': ['<!DOCTYPE html><!--', '- -! <!-- x', ''],
  // The input ends inside the doctype's public identifier.
  'unclosed doctype': ['<!DOCTYPE html PUBLIC "', '-//W3C//DTD ', ''],
  // Every robots tag is read, passed to resolvePage and removed.
  'robots tags': ['<!DOCTYPE html><head>', '\n  <meta name=robots content="noindex, nofollow">', '</head><body>'],
  // One tag with ever more attributes.
  attributes: ['<!DOCTYPE html><head><meta name=robots', ' a=b c="d" e=\'f\'', '></head>'],
  // A meta name made of character references.
  'references in a name': ['<!DOCTYPE html><head><meta content=x name="', '&#114;&amp;&notit;', '"></head>'],
  // An SVG in a head template that never closes: the SVG/MathML stack grows with the input.
  'deep SVG in a template': ['<!DOCTYPE html><head><template><svg>', '<g><title/><![CDATA[</template>]]>', ''],
  // The same, then HTML inside SVG: handed to parse5, which gets a bounded number of tags.
  'SVG then HTML in a template': [
    '<!DOCTYPE html><head><template><svg>',
    '<g><path/>',
    '<foreignObject><div></template>',
  ],
  // Templates inside templates, never closed.
  'nested templates': ['<!DOCTYPE html><head>', '<template><p><textarea></template></textarea>', ''],
  // Robots tags in head noscripts: the page is read a second time without scripting.
  'robots tags in noscripts': [
    '<!DOCTYPE html><head>',
    '<noscript><meta name=robots content=noindex><link rel=x></noscript>',
    '</head>',
  ],
  // A tracking pixel in a noscript ends the head without scripting; robots tags follow.
  'noscript pixels': [
    '<!DOCTYPE html><head>',
    '<noscript><img src=p></noscript><meta name=googlebot content=x>',
    '</head>',
  ],
  // Script data escapes, in and out.
  'script escapes': ['<!DOCTYPE html><head><script>', '<!--<script>a</script>--></scrip', '</script></head>'],
  // Whitespace written as character references before any head.
  'whitespace references': ['<html>', '&#32;&Tab;&#x0A; \n', 'x'],
  // A title full of end tags that are not its own.
  'end tags in a title': ['<!DOCTYPE html><head><title>', '</a </titl </title', '</title></head>'],
  // The input ends inside a quoted attribute value.
  'cut-off tag': ['<!DOCTYPE html><head><meta name=robots content="', 'noindex ', ''],
};
export const HOSTILE_PATTERNS = Object.keys(PATTERNS);

/** The pattern's input, `bytes` long give or take one unit. */
export function hostileInput(pattern, bytes) {
  const [start, unit, end] = PATTERNS[pattern];
  const count = Math.max(1, Math.ceil((bytes - start.length - end.length) / unit.length));
  return start + unit.repeat(count) + end;
}

/**
 * CPU time on each pattern at each size (MB), of injectRobots alone and with resolvePage, and the
 * growth from the smallest to the largest size relative to the sizes' ratio: 1.0 is linear.
 */
export function benchTransformHostile({ sizes = [1, 10], patterns = HOSTILE_PATTERNS } = {}) {
  return patterns.map((pattern) => {
    const runs = [];
    for (const megabytes of sizes) {
      // resolvePage is not ours to bound: when it would take minutes at this size (if quadratic), skip it.
      const previous = runs[runs.length - 1];
      const tooSlow =
        previous?.resolved !== undefined &&
        previous.resolved.cpuMs * (megabytes / sizes[runs.length - 1]) ** 2 > 60_000;
      runs.push(runNode(worker, [pattern, String(megabytes), ...(tooSlow ? ['inject-only'] : [])]));
    }
    const growth = (mode) => {
      const [first, last] = [runs[0], runs[runs.length - 1]];
      if (!first[mode] || !last[mode]) return NaN;
      return last[mode].cpuMs / Math.max(first[mode].cpuMs, 0.001) / (last.bytes / first.bytes);
    };
    const error = runs
      .map((run) => run.resolved?.error ?? (run.resolved ? undefined : 'skipped: superlinear below this size'))
      .find(Boolean);
    return {
      pattern,
      sizes,
      injectCpuMs: runs.map((run) => run.inject.cpuMs),
      injectGrowth: growth('inject'),
      resolvedCpuMs: runs.map((run) => run.resolved?.cpuMs ?? NaN),
      resolvedGrowth: growth('resolved'),
      maxRssMb: runs.map((run) => run.maxRssMb),
      ...(error ? { resolvedError: error } : {}),
    };
  });
}

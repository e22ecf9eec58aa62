/**
 * The layout rules of ARCHITECTURE.md, checked: one module per concept, no import cycle (a package
 * importing itself by name counts), core's layers only import downwards, and core's main entry stays
 * the short list of what users call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const packages = ['core', 'logs', 'eleventy-plugin', 'astro-integration'].map((name) =>
  path.join(root, 'packages', name),
);
const packageNames = new Map<string, string>(
  packages.map((dir) => [JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name as string, dir]),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = packages.flatMap((dir) => sourceFiles(path.join(dir, 'src')));
const nonBlankLines = (file: string): number =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;
const isReExportIndex = (file: string): boolean =>
  path.basename(file) === 'index.ts' &&
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .every(
      (line) =>
        line.trim() === '' ||
        /^(export|\/\/|\/?\*)/.test(line.trim()) ||
        /^[\w\s,{}]+$/.test(line.trim()) ||
        /^\}? ?from /.test(line.trim()),
    );

/** Every module a file imports (static, dynamic and type-only), resolved to a source file. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const targets: string[] = [];
  // static imports and re-exports start a line; JSDoc examples (` * import …`) and strings do not
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/gm),
    ...text.matchAll(/\bawait\s+import\(\s*'([^']+)'\s*\)/g),
  ];
  for (const match of specifiers) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) {
      targets.push(path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'));
      continue;
    }
    // a package importing itself (or a sibling) by name: follow it to that package's entry source
    const name = [...packageNames.keys()].find((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`));
    if (name) {
      const sub = specifier.slice(name.length).replace(/^\//, '') || 'index';
      targets.push(path.join(packageNames.get(name)!, 'src', `${sub}.ts`));
    }
  }
  return targets.filter((target) => fs.existsSync(target));
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node))
        cycles.push(component.map((f) => path.relative(root, f)));
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Core's layers, lowest first: a module may import its own layer or a lower one. */
const CORE_LAYERS: ReadonlyArray<readonly string[]> = [
  ['errors', 'directives'],
  ['glob'],
  ['html', 'robots-txt', 'headers'],
  ['options'],
  ['resolve'],
  ['site', 'audit'],
  ['report'],
  ['cli'],
  ['index', 'adapter', 'runtime', 'build'],
];
function coreLayer(file: string): number {
  const top = path.relative(path.join(root, 'packages/core/src'), file).split(path.sep)[0]!.replace(/\.ts$/, '');
  const layer = CORE_LAYERS.findIndex((names) => names.includes(top));
  if (layer < 0) throw new Error(`packages/core/src/${top} has no layer in CORE_LAYERS: add it`);
  return layer;
}

describe('layout', () => {
  // Core, the two adapters and @robots-kit/logs: 130 before the logs package, the live check, the AI
  // preferences and the Astro setup modules of 2026-11-28; the median keeps modules from shrinking to helpers.
  it('has fewer than 150 source files (not counting entries that only re-export) with a median of at least 60 non-blank lines', () => {
    const counts = files.map(nonBlankLines).sort((a, b) => a - b);
    expect(files.filter((file) => !isReExportIndex(file)).length).toBeLessThan(150);
    expect(counts[Math.floor((counts.length - 1) / 2)]).toBeGreaterThanOrEqual(60);
  });

  it('has no module under 15 non-blank lines, other than an index that only re-exports', () => {
    const tiny = files
      .filter((file) => nonBlankLines(file) < 15 && !isReExportIndex(file))
      .map((file) => path.relative(root, file));
    expect(tiny).toEqual([]);
  });

  it('has no import cycle, counting a package importing itself by name', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    expect(
      importCycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toHaveLength(1);
    expect(importCycles(new Map([[a, [a]]]))).toHaveLength(1);
    expect(
      importCycles(
        new Map([
          [a, [b]],
          [b, []],
        ]),
      ),
    ).toEqual([]);
  });

  it('core modules import only their own layer or lower ones', () => {
    const upward = files
      .filter((file) => file.startsWith(path.join(root, 'packages/core/src')))
      .flatMap((file) =>
        importsOf(file)
          .filter(
            (target) => target.startsWith(path.join(root, 'packages/core/src')) && coreLayer(target) > coreLayer(file),
          )
          .map((target) => `${path.relative(root, file)} -> ${path.relative(root, target)}`),
      );
    expect(upward).toEqual([]);
  });

  it("core's main entry exports at most 25 runtime names; adapter plumbing lives in @robots-kit/core/internal/adapter", async () => {
    const entry = await import('../src/index.js');
    const adapter = await import('../src/adapter.js');
    expect(Object.keys(entry).length).toBeLessThanOrEqual(25);
    for (const name of ['writeFileAtomic', 'siteWarnings', 'outputFileForUrl', 'capLines', 'tagsRecord']) {
      expect(entry).not.toHaveProperty(name);
      expect(adapter).toHaveProperty(name);
    }
    for (const name of [
      'parseRobots',
      'reconcile',
      'resolvePage',
      'injectRobots',
      'rehypeRobots',
      'parseRobotsTxt',
      'isAllowed',
      'generateRobotsTxt',
      'generateHeaderFiles',
      'auditSite',
      'normalizeOptions',
      'RobotsError',
    ]) {
      expect(entry).toHaveProperty(name);
    }
  });
});

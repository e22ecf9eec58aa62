/**
 * `@robots-kit/core/internal/runtime` is what servers load on every cold start: its module graph must hold
 * no `node:` import, no zod and no audit, report or CLI code. Checked here on the sources (every
 * static and dynamic import, followed through the packages it reaches) and, in the Astro
 * integration's tests, on a real server bundle.
 */
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The compiled entry (`npm test` builds first): what a server loads, with the types erased.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const require = createRequire(import.meta.url);
const NODE_BUILTINS = new Set(builtinModules);

/** Every specifier a source file imports: static imports and re-exports, `import()`, `require()` (type-only imports left out). */
function specifiers(source: string): string[] {
  // JSDoc types (`@typedef {import('hast').Nodes}`) are not imports.
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^;'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1]!);
}

/** The package a bare specifier names: `hast-util-to-html`, `@scope/name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every file the runtime entry reaches, ours and the dependencies' (their JavaScript followed too), and every external it names. */
function runtimeGraph(): { ours: string[]; packages: Set<string>; externals: string[] } {
  const ours = new Set<string>();
  const packages = new Set<string>();
  const externals: string[] = [];
  const seenDependencyFiles = new Set<string>();
  const visitDependency = (file: string): void => {
    if (seenDependencyFiles.has(file) || !/\.[cm]?js$/.test(file)) return;
    seenDependencyFiles.add(file);
    for (const specifier of specifiers(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!))
        externals.push(`${path.relative(src, file)} → ${specifier}`);
      else if (specifier.startsWith('.')) visitDependency(require.resolve(path.resolve(path.dirname(file), specifier)));
      else {
        packages.add(packageName(specifier));
        visitDependency(createRequire(file).resolve(specifier));
      }
    }
  };
  const visit = (file: string): void => {
    if (ours.has(file)) return;
    ours.add(file);
    for (const specifier of specifiers(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!))
        externals.push(`${path.relative(src, file)} → ${specifier}`);
      else {
        packages.add(packageName(specifier));
        visitDependency(require.resolve(specifier));
      }
    }
  };
  visit(path.join(src, 'runtime.js'));
  return { ours: [...ours].map((file) => path.relative(src, file)).sort(), packages, externals };
}

describe('@robots-kit/core/internal/runtime', () => {
  const graph = runtimeGraph();

  it('reaches no node: module, in our code or in the packages it loads', () => {
    expect(graph.externals).toEqual([]);
  });

  it('loads no zod and no module of the audit, its reports or the CLI', () => {
    expect([...graph.packages].filter((name) => name === 'zod' || name.startsWith('@zod/'))).toEqual([]);
    expect(graph.ours).toContain('html/inject-stream.js');
    expect(
      graph.ours.filter(
        (file) =>
          /^(audit|report|cli|site|robots-txt|logs)\//.test(file) ||
          file.startsWith('options/normalize') ||
          file.startsWith('options/schema') ||
          file === 'index.js' ||
          file === 'adapter.js',
      ),
    ).toEqual([]);
  });

  it('finds what it forbids when it is there (the walk can fail)', () => {
    expect(
      specifiers("import { z } from 'zod';\nimport type { X } from 'y';\nconst a = await import('node:fs');"),
    ).toEqual(['zod', 'node:fs']);
  });

  it('is a separate entry of the package, exported as ./internal/runtime', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(src, '../package.json'), 'utf8')) as {
      exports: Record<string, { default: string }>;
    };
    expect(manifest.exports['./internal/runtime']?.default).toBe('./dist/runtime.js');
    const runtime = await import('../src/runtime.js');
    expect(fs.existsSync(path.join(src, 'runtime.js')), 'packages/core/dist/runtime.js: run `npx tsc -b` first').toBe(
      true,
    );
    for (const name of [
      'resolvePageTags',
      'resolveResponse',
      'injectRobotsStream',
      'robotsHeaderValues',
      'RobotsError',
    ])
      expect(runtime).toHaveProperty(name);
  });
});
